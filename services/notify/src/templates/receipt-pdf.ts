// The receipt: a one-page PDF, the customer's proof of service and of the battery's warranty.
// pdfkit with its built-in Helvetica (no font files to ship).
import PDFDocument from 'pdfkit';
import {
  BUSINESS,
  SERVICE_CODE_LABELS,
  businessDate,
  pdfPrintable,
  testPrintout,
} from '@cincy/contracts';
import { BUSINESS_PHONE, formatLongDate, formatMileage, oneLine, receiptCharge } from './copy';
import type { ReceiptData } from './template-data';

export interface ReceiptPdfOptions {
  /** Deflate the page's content (default). Off, a test can read the text in the bytes. */
  compress?: boolean;
}

/** A typed value as the receipt prints it: one line, printable, not too long. */
export const printable = (value: string) => pdfPrintable(value);

/** The receipt's lines, label and value, in reading order (rows without a value left out). */
export function receiptRows(receipt: ReceiptData): [string, string][] {
  const completedAt = new Date(receipt.completedAt);
  const rows: [string, string | null][] = [
    ['Reference', receipt.reference],
    [
      'Date of service',
      Number.isNaN(completedAt.getTime()) ? null : formatLongDate(businessDate(completedAt)),
    ],
    ['Customer', receipt.customerName],
    ['Technician', receipt.technicianName],
    ['Service', SERVICE_CODE_LABELS[receipt.serviceCode] ?? receipt.serviceCode],
    ['Vehicle', receipt.vehicle],
    ['Mileage', receipt.mileage ? formatMileage(receipt.mileage) : null],
    ['Battery model', receipt.batteryModel],
    ['Battery serial', receipt.batterySerial],
    ['Previous serial', receipt.previousBatterySerial],
    ['Charge', receiptCharge(receipt.serviceCode)],
    ['Warranty', receipt.warrantyEndsOn ? `Until ${formatLongDate(receipt.warrantyEndsOn)}` : null],
  ];
  return rows
    .filter((row): row is [string, string] => row[1] != null && oneLine(row[1]) !== '')
    .map(([label, value]) => [label, printable(value)]);
}

/** The receipt as a PDF (resolves once pdfkit has written the whole document). */
export function receiptPdf(receipt: ReceiptData, options: ReceiptPdfOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 56,
      compress: options.compress ?? true,
      info: { Title: `${BUSINESS.name} receipt`, Author: BUSINESS.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const valueX = left + 140;

    doc.font('Helvetica-Bold').fontSize(20).fillColor('#15803d').text(BUSINESS.name, left);
    doc.font('Helvetica').fontSize(10).fillColor('#374151');
    doc.text(`${BUSINESS_PHONE} · ${BUSINESS.email}`);
    doc.text(`Serving ${BUSINESS.serviceArea}`);
    doc.moveDown(1.5);
    doc.font('Helvetica-Bold').fontSize(16).fillColor('#111827').text('Receipt', left);
    doc.moveDown(0.8);

    doc.fontSize(11);
    for (const [label, value] of receiptRows(receipt)) {
      const y = doc.y;
      doc.font('Helvetica').fillColor('#6b7280').text(label, left, y, { width: 130 });
      doc
        .font('Helvetica')
        .fillColor('#111827')
        .text(value, valueX, y, { width: width - (valueX - left) });
      doc.moveDown(0.4);
    }

    const tests = receipt.batteryTests ?? [];
    if (tests.length) {
      doc.moveDown(0.8);
      doc.font('Helvetica-Bold').fontSize(12).fillColor('#111827').text('Battery tests', left);
      doc.moveDown(0.3);
      for (const test of tests) {
        const [title, ...rest] = testPrintout(test).map(printable);
        doc
          .font('Courier-Bold')
          .fontSize(10)
          .fillColor('#111827')
          .text(title, left, doc.y, { width });
        doc.font('Courier').text(rest.join('\n'), left, doc.y, { width });
        doc.moveDown(0.5);
      }
    }

    doc.moveDown(2);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#6b7280')
      .text(
        `Thank you for choosing ${BUSINESS.name}. Questions about this visit? Call ${BUSINESS_PHONE} or write to ${BUSINESS.email}, and keep this receipt.`,
        left,
        doc.y,
        { width },
      );
    doc.end();
  });
}
