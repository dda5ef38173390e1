import type { Invoice } from '@cincy/contracts';
import { invoicePdf, invoiceRows } from './invoice-pdf';

const invoice: Invoice = {
  id: 3,
  number: 'INV-2026-000003',
  appointmentId: 11,
  customerId: 5,
  status: 'partially_paid',
  subtotalCents: 19_480,
  taxCents: 1_520,
  totalCents: 21_000,
  paidCents: 8_000,
  refundedCents: 2_000,
  tax: { state: 'OH', county: 'Hamilton', rateBps: 780, known: true },
  lines: [
    { kind: 'battery', description: 'Group H6 AGM 🔋', amountCents: 17_000, taxCents: 1_230 },
    { kind: 'installation', description: 'Installation', amountCents: 4_000, taxCents: 290 },
  ],
  payments: [
    {
      id: 1,
      method: 'check',
      amountCents: 10_000,
      checkNumber: '1042',
      receivedAt: '2026-11-28T15:00:00.000Z',
      refundOf: null,
      reason: null,
    },
    {
      id: 2,
      method: 'check',
      amountCents: -2_000,
      checkNumber: null,
      receivedAt: '2026-11-29T15:00:00.000Z',
      refundOf: 1,
      reason: 'Late',
    },
  ],
  flags: [],
  issuedAt: '2026-11-28T14:00:00.000Z',
};

describe('the invoice PDF', () => {
  it('lists the lines, the tax inside the price, the total, each payment and refund, and what is due', () => {
    expect(invoiceRows(invoice)).toEqual([
      ['Group H6 AGM ?', '$170.00'],
      ['Installation', '$40.00'],
      ['Sales tax included (Hamilton County, OH, 7.80 %)', '$15.20'],
      ['Total', '$210.00'],
      ['Paid: Check #1042, 2026-11-28', '$100.00'],
      ['Refund: Check, 2026-11-29', '-$20.00'],
      ['Amount due', '$110.00'],
    ]);
    expect(
      invoiceRows({ ...invoice, status: 'paid', paidCents: 21_000, refundedCents: 0 }).at(-1),
    ).toEqual(['Status', 'Paid']);
  });

  it('is a PDF that names the invoice', async () => {
    const pdf = await invoicePdf(invoice, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('INV-2026-000003');
  });
});
