import type { MoneyReport } from '@cincy/contracts';
import { moneyCsv, moneyCsvFileName } from './money-report.util';

const report: MoneyReport = {
  from: '2026-11-27',
  to: '2026-11-28',
  totals: { invoicedCents: 37_500, collectedCents: 16_500, invoices: 2 },
  days: [
    { date: '2026-11-27', invoicedCents: 16_500, collectedCents: 16_500, invoices: 1 },
    { date: '2026-11-28', invoicedCents: 21_000, collectedCents: 0, invoices: 1 },
  ],
  technicians: [],
  methods: [],
  outstanding: {
    count: 1,
    owedCents: 21_000,
    invoices: [
      {
        invoiceId: 2,
        number: 'INV-2026-000002',
        appointmentId: 8,
        customerId: 3,
        technicianId: 5,
        issuedAt: '2026-11-28T15:00:00.000Z',
        totalCents: 21_000,
        owedCents: 21_000,
        ageDays: 1,
      },
    ],
  },
};

describe('the money report as CSV', () => {
  it('lists each day and the total, then what is owed, in plain dollars, CRLF', () => {
    expect(moneyCsv(report, (id) => (id === 5 ? '=Dana, Lead' : '?'))).toBe(
      [
        'Day,Invoices,Invoiced,Collected',
        '2026-11-27,1,165.00,165.00',
        '2026-11-28,1,210.00,0.00',
        'Total,2,375.00,165.00',
        '',
        'Invoice,Issued,Age (days),Technician,Total,Owed',
        // A name that starts like a formula is made text, and quoted for its comma.
        `INV-2026-000002,2026-11-28,1,"'=Dana, Lead",210.00,210.00`,
        '',
      ].join('\r\n'),
    );
    expect(moneyCsvFileName(report)).toBe('money-2026-11-27-to-2026-11-28.csv');
  });
});
