import { z } from 'zod';

/** An invoice's states (issue 36): open until paid; partly paid; paid; refunded; void. */
export const INVOICE_STATUSES = ['open', 'partially_paid', 'paid', 'refunded', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

const cents = z.number().int();

/** A line of an invoice: its amount includes its tax (the published prices are tax included). */
export const invoiceLineSchema = z.object({
  kind: z.enum(['battery', 'installation', 'core_charge', 'battery_test']),
  description: z.string(),
  amountCents: cents,
  taxCents: cents,
});
export type InvoiceLineView = z.infer<typeof invoiceLineSchema>;

/** A payment or a refund (negative) on an invoice. */
export const invoicePaymentSchema = z.object({
  id: z.number().int(),
  method: z.enum(['card', 'cash', 'check']),
  amountCents: cents,
  checkNumber: z.string().nullable(),
  receivedAt: z.string(),
});

/** Where the visit was taxed, and at what rate (basis points: 780 is 7.80 %). */
export const taxJurisdictionSchema = z.object({
  state: z.enum(['OH', 'KY', 'IN']),
  /** The Ohio county; null in Kentucky and Indiana, and when the ZIP's county is not known. */
  county: z.string().nullable(),
  rateBps: z.number().int(),
  /** False when the ZIP's county was not known: taxed at the area's highest rate (ADR 0113). */
  known: z.boolean(),
});

/** GET /api/appointments/{id}/invoice: the job's invoice as issued at its completion. */
export const invoiceSchema = z.object({
  id: z.number().int(),
  /** `INV-2026-000123`: one sequence per year, no gaps. */
  number: z.string(),
  appointmentId: z.number().int(),
  customerId: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  subtotalCents: cents,
  taxCents: cents,
  totalCents: cents,
  paidCents: cents,
  tax: taxJurisdictionSchema,
  lines: z.array(invoiceLineSchema),
  payments: z.array(invoicePaymentSchema),
  issuedAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
