// The invoice as a one-page PDF (pdfkit with its built-in Helvetica: no font files to ship).
import PDFDocument from 'pdfkit';
import {
  BUSINESS,
  INVOICE_STATUS_LABELS,
  Invoice,
  businessDate,
  formatDollars,
  invoiceOwedCents,
  formatPhone,
  pdfPrintable,
} from '@cincy/contracts';

const dollars = (cents: number) =>
  cents < 0 ? `-${formatDollars(-cents / 100)}` : formatDollars(cents / 100);
const HOW = { card: 'Card', cash: 'Cash', check: 'Check' } as const;

/** The invoice's rows, label and amount, in reading order: lines, tax, totals, payments. */
export function invoiceRows(invoice: Invoice): [string, string][] {
  const { tax } = invoice;
  const owed = invoiceOwedCents(invoice);
  const rate = `${(tax.rateBps / 100).toFixed(2)} %`;
  const where = [tax.county && `${tax.county} County`, tax.state].filter(Boolean).join(', ');
  return [
    ...invoice.lines.map((line): [string, string] => [
      pdfPrintable(line.description),
      dollars(line.amountCents),
    ]),
    [`Sales tax included (${where}, ${rate})`, dollars(invoice.taxCents)],
    ['Total', dollars(invoice.totalCents)],
    ...invoice.payments.map((p): [string, string] => [
      `${p.amountCents < 0 ? 'Refund' : 'Paid'}: ${HOW[p.method]}${p.checkNumber ? ` #${pdfPrintable(p.checkNumber)}` : ''}, ${businessDate(new Date(p.receivedAt))}`,
      dollars(p.amountCents),
    ]),
    [
      owed > 0 ? 'Amount due' : 'Status',
      owed > 0 ? dollars(owed) : INVOICE_STATUS_LABELS[invoice.status],
    ],
  ];
}

/** The invoice as a PDF (resolves once pdfkit has written the whole document). */
export function invoicePdf(invoice: Invoice, { compress = true } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 56,
      compress,
      info: { Title: `${BUSINESS.name} invoice ${invoice.number}`, Author: BUSINESS.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    doc.font('Helvetica-Bold').fontSize(20).fillColor('#15803d').text(BUSINESS.name, left);
    doc.font('Helvetica').fontSize(10).fillColor('#374151');
    doc.text(`${formatPhone(BUSINESS.phone)} · ${BUSINESS.email}`);
    doc.moveDown(1.5);
    doc.font('Helvetica-Bold').fontSize(16).fillColor('#111827').text(`Invoice ${invoice.number}`);
    doc.font('Helvetica').fontSize(10).fillColor('#6b7280');
    doc.text(`Issued ${businessDate(new Date(invoice.issuedAt))} · prices include sales tax`);
    doc.moveDown(1);
    doc.fontSize(11);
    for (const [label, amount] of invoiceRows(invoice)) {
      const y = doc.y;
      const strong = label === 'Total' || label === 'Amount due';
      doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fillColor('#111827');
      doc.text(label, left, y, { width: width - 120 });
      doc.text(amount, left + width - 110, y, { width: 110, align: 'right' });
      doc.moveDown(0.4);
    }
    doc.moveDown(2);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#6b7280')
      .text(
        `Thank you for choosing ${BUSINESS.name}. Questions about this invoice? Call ${formatPhone(BUSINESS.phone)} or write to ${BUSINESS.email}.`,
        left,
        doc.y,
        { width },
      );
    doc.end();
  });
}
