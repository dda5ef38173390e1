import { Invoice, InvoiceStatus } from '@cincy/contracts';
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
  tax: Invoice['tax'];
  lines: Invoice['lines'];
  issued_at: Date;
}

export interface IssuedInvoice {
  invoice: Invoice;
  technicianId: number | null;
}

const toInvoice = (row: InvoiceRow): IssuedInvoice => ({
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
    tax: row.tax,
    lines: row.lines,
    // Payments come with the payment routes (issue 36's next part); none can exist before them.
    payments: [],
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
    return row ? toInvoice(row) : null;
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
