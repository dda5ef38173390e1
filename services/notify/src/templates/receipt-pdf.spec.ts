import { BUSINESS } from '@cincy/contracts';
import { receiptFixture } from './fixtures';
import { ReactEmailTemplates } from '.';

const templates = new ReactEmailTemplates();

/**
 * The text of an uncompressed pdfkit PDF: its built-in fonts write each line as a TJ array of
 * hex strings (split where kerning applies).
 */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  return [...source.matchAll(/\[(.*)\] TJ/g)]
    .map(([, line]) =>
      [...line.matchAll(/<([0-9a-f]*)>/g)]
        .map(([, hex]) => Buffer.from(hex, 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');
}

const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\n/g)?.length ?? 0;

describe('receiptPdf', () => {
  it('is a compressed one-page PDF by default', async () => {
    const pdf = await templates.receiptPdf(receiptFixture());
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdf.toString('latin1')).toContain('/FlateDecode');
    expect(pdfText(pdf)).not.toContain('SN-4471-XZ');
    expect(pages(pdf)).toBe(1);
  });

  it('gives the business, the service, the battery, where the money is and the warranty', async () => {
    const pdf = await templates.receiptPdf(receiptFixture(), { compress: false });
    const text = pdfText(pdf);

    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    for (const line of [
      BUSINESS.name,
      BUSINESS.phone,
      BUSINESS.email,
      BUSINESS.serviceArea,
      'Receipt',
      'CB-7K3Q9',
      'Robin Example',
      'Dana Smith',
      'Battery Installed',
      '2019 Toyota Camry (Blue)',
      '52,310 miles',
      'EverStart H6 AGM',
      'SN-4471-XZ',
      'OLD-0092',
      "On your invoice (your visit's page)",
      'Until June 15, 2031',
    ]) {
      expect(text).toContain(line);
    }
    // Completed at 10:30 PM in Cincinnati, June 16 in UTC: the receipt gives the local day.
    expect(text).toContain('June 15, 2030');
    expect(text).not.toContain('June 16, 2030');
  });

  it("prints the visit's battery tests as the tester's printout, on the one page", async () => {
    const test = {
      id: 1,
      appointmentId: 12,
      technicianId: 7,
      technicianName: 'Dana Smith',
      testedAt: '2030-06-15T17:00:00.000Z',
      ratingStandard: 'SAE' as const,
      ratedCca: 600,
      measuredCca: 250,
      voltage: 12.05,
      starter: { voltage: 9.6, result: 'NORMAL' as const },
      charging: null,
      testCode: 'T-4471',
    };
    const pdf = await templates.receiptPdf(
      receiptFixture({
        batteryTests: [
          { ...test, battery: 'old', stateOfHealth: 41, decision: 'REPLACE' },
          { ...test, id: 2, battery: 'new', stateOfHealth: 100, decision: 'GOOD', testCode: null },
        ],
      }),
      { compress: false },
    );
    const text = pdfText(pdf);
    for (const line of [
      'Battery tests',
      'OLD BATTERY: REPLACE (test code T-4471)',
      'Rated 600 CCA SAE · Measured 250 CCA · 12.05 V · Health 41 %',
      'Starter 9.60 V NORMAL',
      'NEW BATTERY: GOOD',
    ])
      expect(text).toContain(line);
    expect(pages(pdf)).toBe(1);
  });

  it('gives no warranty for a visit without a new battery, and "No charge" for a warranty swap', async () => {
    const receipt = receiptFixture({
      serviceCode: 'test_only',
      batteryModel: null,
      batterySerial: null,
      warrantyEndsOn: null,
    });
    const text = pdfText(await templates.receiptPdf(receipt, { compress: false }));
    expect(text).toContain('On your invoice');
    expect(text).toContain('Battery Test');
    expect(text).not.toContain('Until ');
    expect(text).not.toContain('$');
    const swap = receiptFixture({ serviceCode: 'warranty_replacement' });
    expect(pdfText(await templates.receiptPdf(swap, { compress: false }))).toContain(
      'No charge (warranty)',
    );
  });

  it('stays one page with long typed values, and prints what its font cannot as "?"', async () => {
    const receipt = receiptFixture({
      customerName: 'Zoë 🚗 Ñandú',
      vehicle: 'V'.repeat(5000),
      mileage: 'about 90k\nmiles',
    });
    const pdf = await templates.receiptPdf(receipt, { compress: false });
    const text = pdfText(pdf);
    expect(pages(pdf)).toBe(1);
    expect(text).toContain('Zoë ? Ñandú');
    expect(text).toContain('about 90k miles');
    expect(text).not.toContain('V'.repeat(200));
  });
});
