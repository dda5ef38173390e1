import type { Invoice, PaymentLink, RefundInput } from '@cincy/contracts';
import { requestJson } from './request';

/** GET /api/appointments/{id}/invoice: the job's invoice, once it is billed (404 before). */
export function fetchJobInvoice(appointmentId: number, signal?: AbortSignal): Promise<Invoice> {
  return requestJson('GET', `/api/appointments/${appointmentId}/invoice`, undefined, { signal });
}

/** POST /api/invoices/{id}/payment-link: a card payment link, sent to the customer too. */
export function sendPaymentLink(invoiceId: number): Promise<PaymentLink> {
  return requestJson('POST', `/api/invoices/${invoiceId}/payment-link`);
}

/** POST /api/invoices/{id}/refunds: part or all of one payment given back. */
export function refundPayment(
  invoiceId: number,
  refund: RefundInput,
  idempotencyKey: string,
): Promise<Invoice> {
  return requestJson('POST', `/api/invoices/${invoiceId}/refunds`, refund, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
