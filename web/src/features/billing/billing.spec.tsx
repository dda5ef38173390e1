import type { Invoice, InvoicePayment } from '@cincy/contracts';
import { paymentLabel, refundableCents } from './invoice-drawer';
import { paymentText } from './payment-tag';

const card: InvoicePayment = {
  id: 1,
  method: 'card',
  amountCents: 17_000,
  checkNumber: null,
  receivedAt: '2026-11-28T15:00:00.000Z',
  refundOf: null,
  reason: null,
};
const refund: InvoicePayment = { ...card, id: 2, amountCents: -2_000, refundOf: 1, reason: 'Late' };

describe('the office reads the money of a job', () => {
  it('on the board: unpaid with the total, partly paid with what is owed, paid', () => {
    const of = (status: Invoice['status'], paidCents: number) =>
      paymentText({
        invoiceId: 1,
        number: 'INV-2026-000001',
        status,
        totalCents: 17_000,
        paidCents,
        method: null,
        paidAt: null,
      });
    expect(of('open', 0)).toBe('Unpaid $170.00');
    expect(of('partially_paid', 10_000)).toBe('Partly paid: $70.00 owed');
    expect(of('paid', 17_000)).toBe('Paid');
    // $100 paid, $20 of it given back as a credit: billing says $70 is owed, not $90.
    expect(
      paymentText({
        invoiceId: 1,
        number: 'INV-2026-000001',
        status: 'partially_paid',
        totalCents: 17_000,
        paidCents: 8_000,
        owedCents: 7_000,
        method: 'card',
        paidAt: null,
      }),
    ).toBe('Partly paid: $70.00 owed');
  });

  it('in the invoice: each payment and refund by how, and what is left to refund of a payment', () => {
    expect(paymentLabel({ ...card, method: 'check', checkNumber: '1042' })).toBe('Check #1042');
    expect(paymentLabel(refund)).toBe('Refund (card): Late');
    const invoice = { payments: [card, refund] } as Invoice;
    expect(refundableCents(invoice, card)).toBe(15_000);
  });
});
