import {
  INVOICE_LIST_LIMIT,
  Invoice,
  InvoiceListQuery,
  InvoicePayment,
  InvoiceStatus,
  PaymentMethod,
  addDays,
  businessInstant,
} from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { TaxJurisdiction } from '../tax';
import type { InvoiceTotals } from './invoice-rules';

interface InvoiceRow {
  id: number;
  number: string;
  appointment_id: number;
  customer_id: number;
  technician_id: number | null;
  status: InvoiceStatus;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  paid_cents: number;
  refunded_cents: number;
  flags: Invoice['flags'];
  tax: Invoice['tax'];
  lines: Invoice['lines'];
  issued_at: Date;
}

export interface IssuedInvoice {
  invoice: Invoice;
  technicianId: number | null;
}

interface PaymentRow {
  id: number;
  method: PaymentMethod;
  amount_cents: number;
  check_number: string | null;
  received_at: Date;
  provider_ref: string | null;
  refund_of: number | null;
  reason: string | null;
}

/** A payment or refund as recorded, and what it does to the invoice. */
export interface NewPayment {
  method: PaymentMethod;
  /** Negative for a refund. */
  amountCents: number;
  checkNumber: string | null;
  receivedAt: Date;
  /** The staff member who recorded it; null for a card paid by the customer. */
  recordedBy: number | null;
  /** The provider's payment intent (a card payment) or refund id. */
  providerRef?: string | null;
  refundOf?: number | null;
  reason?: string | null;
  /** The invoice's state once it is recorded. */
  status: InvoiceStatus;
}

const toPayment = (row: PaymentRow): InvoicePayment => ({
  id: row.id,
  method: row.method,
  amountCents: row.amount_cents,
  checkNumber: row.check_number,
  receivedAt: row.received_at.toISOString(),
  refundOf: row.refund_of,
  reason: row.reason,
});

const toInvoice = (row: InvoiceRow, payments: PaymentRow[] = []): IssuedInvoice => ({
  technicianId: row.technician_id,
  invoice: {
    id: row.id,
    number: row.number,
    appointmentId: row.appointment_id,
    customerId: row.customer_id,
    status: row.status,
    subtotalCents: row.subtotal_cents,
    taxCents: row.tax_cents,
    totalCents: row.total_cents,
    paidCents: row.paid_cents,
    refundedCents: row.refunded_cents,
    tax: row.tax,
    lines: row.lines,
    payments: payments.map(toPayment),
    flags: row.flags,
    issuedAt: row.issued_at.toISOString(),
  },
});

/** Every statement on billing's invoices and their yearly sequences. */
@Injectable()
export class InvoicesRepository {
  async ofAppointment(manager: EntityManager, appointmentId: number) {
    const [row] = await manager.query<InvoiceRow[]>(
      'SELECT * FROM invoices WHERE appointment_id = $1',
      [appointmentId],
    );
    return row ? toInvoice(row, await this.paymentsOf(manager, row.id)) : null;
  }

  async ofId(manager: EntityManager, id: number) {
    const [row] = await manager.query<InvoiceRow[]>('SELECT * FROM invoices WHERE id = $1', [id]);
    return row ? toInvoice(row, await this.paymentsOf(manager, row.id)) : null;
  }

  /** The office's list: newest first, at most INVOICE_LIST_LIMIT, each with its payments. */
  async list(manager: EntityManager, { status, from, to }: InvoiceListQuery): Promise<Invoice[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    const add = (condition: string, value: unknown) => {
      params.push(value);
      where.push(condition.replace('?', `$${params.length}`));
    };
    if (status) add('status = ?', status);
    if (from) add('issued_at >= ?', businessInstant(from, 0));
    if (to) add('issued_at < ?', businessInstant(addDays(to, 1), 0));
    params.push(INVOICE_LIST_LIMIT);
    const rows = await manager.query<InvoiceRow[]>(
      `SELECT * FROM invoices ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY issued_at DESC, id DESC LIMIT $${params.length}`,
      params,
    );
    const payments = await manager.query<(PaymentRow & { invoice_id: number })[]>(
      'SELECT * FROM payments WHERE invoice_id = ANY($1) ORDER BY received_at, id',
      [rows.map((r) => r.id)],
    );
    return rows.map(
      (row) =>
        toInvoice(
          row,
          payments.filter((p) => p.invoice_id === row.id),
        ).invoice,
    );
  }

  /** Whether the job is billed (each of billing's events asks first). */
  async exists(manager: EntityManager, appointmentId: number): Promise<boolean> {
    const rows = await manager.query('SELECT 1 FROM invoices WHERE appointment_id = $1', [
      appointmentId,
    ]);
    return rows.length > 0;
  }

  /** The invoice, locked until the transaction ends: payments for it take turns. */
  async lock(manager: EntityManager, id: number) {
    const [row] = await manager.query<InvoiceRow[]>(
      'SELECT * FROM invoices WHERE id = $1 FOR UPDATE',
      [id],
    );
    return row ? toInvoice(row, await this.paymentsOf(manager, row.id)) : null;
  }

  /** A payment or refund recorded, and the invoice's figures and state: the invoice as it now is. */
  async addPayment(manager: EntityManager, invoiceId: number, entry: NewPayment) {
    const [added] = await manager.query<PaymentRow[]>(
      `INSERT INTO payments (invoice_id, method, amount_cents, check_number, received_at,
         recorded_by, provider_ref, refund_of, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
      [
        invoiceId,
        entry.method,
        entry.amountCents,
        entry.checkNumber,
        entry.receivedAt,
        entry.recordedBy,
        entry.providerRef ?? null,
        entry.refundOf ?? null,
        entry.reason ?? null,
      ],
    );
    const refunded = entry.amountCents < 0 ? -entry.amountCents : 0;
    const [[row]] = await manager.query<[InvoiceRow[], number]>(
      `UPDATE invoices SET paid_cents = paid_cents + $2, refunded_cents = refunded_cents + $3,
         status = $4
       WHERE id = $1 RETURNING *`,
      [invoiceId, entry.amountCents, refunded, entry.status],
    );
    return {
      payment: toPayment(added),
      invoice: toInvoice(row, await this.paymentsOf(manager, invoiceId)).invoice,
    };
  }

  /** A card payment the provider reported that did not match: kept on the invoice, not counted. */
  async addFlag(manager: EntityManager, invoiceId: number, reason: string): Promise<Invoice> {
    const [[row]] = await manager.query<[InvoiceRow[], number]>(
      `UPDATE invoices SET flags = flags || jsonb_build_array(jsonb_build_object('reason', $2::text, 'at', $3::text))
       WHERE id = $1 RETURNING *`,
      [invoiceId, reason, new Date().toISOString()],
    );
    return toInvoice(row, await this.paymentsOf(manager, invoiceId)).invoice;
  }

  /** The provider's payment intent of a card payment (what a refund names). */
  async providerRefOf(manager: EntityManager, paymentId: number): Promise<string | null> {
    const [row] = await manager.query<{ provider_ref: string | null }[]>(
      'SELECT provider_ref FROM payments WHERE id = $1',
      [paymentId],
    );
    return row?.provider_ref ?? null;
  }

  private paymentsOf(manager: EntityManager, invoiceId: number) {
    return manager.query<PaymentRow[]>(
      'SELECT * FROM payments WHERE invoice_id = $1 ORDER BY received_at, id',
      [invoiceId],
    );
  }

  /**
   * The year's next number: the sequence row is locked until the transaction ends, so numbers
   * are handed out in order and a rolled-back issue gives its number back (no gaps).
   */
  async nextSequence(manager: EntityManager, year: number): Promise<number> {
    const [{ last }] = await manager.query<{ last: number }[]>(
      `INSERT INTO invoice_sequences (year, last) VALUES ($1, 1)
       ON CONFLICT (year) DO UPDATE SET last = invoice_sequences.last + 1
       RETURNING last`,
      [year],
    );
    return last;
  }

  async insert(
    manager: EntityManager,
    invoice: {
      number: string;
      appointmentId: number;
      customerId: number;
      technicianId: number | null;
      status: InvoiceStatus;
      totals: InvoiceTotals;
      tax: TaxJurisdiction;
      issuedAt: Date;
    },
  ): Promise<IssuedInvoice> {
    const { totals, tax } = invoice;
    const [row] = await manager.query<InvoiceRow[]>(
      `INSERT INTO invoices (number, appointment_id, customer_id, technician_id, status,
         subtotal_cents, tax_cents, total_cents, tax, lines, issued_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       RETURNING *`,
      [
        invoice.number,
        invoice.appointmentId,
        invoice.customerId,
        invoice.technicianId,
        invoice.status,
        totals.subtotalCents,
        totals.taxCents,
        totals.totalCents,
        JSON.stringify({
          state: tax.state,
          county: tax.county,
          rateBps: tax.rateBps,
          known: tax.known,
        }),
        JSON.stringify(totals.lines),
        invoice.issuedAt,
      ],
    );
    return toInvoice(row);
  }
}
