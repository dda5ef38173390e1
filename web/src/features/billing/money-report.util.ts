import { formatDollars, type MoneyReport, type ReportQuery } from '@cincy/contracts';
import { csvLine } from '../reports/reports-csv.util';

export const centsText = (cents: number) => formatDollars(cents / 100);
const dollarCell = (cents: number) => (cents / 100).toFixed(2);

/**
 * The money report as CSV (as the other reports: RFC 4180, CRLF, numbers unformatted): each day
 * invoiced and collected, then what is owed now, oldest first.
 */
export function moneyCsv(report: MoneyReport, technicianName: (id: number | null) => string) {
  const lines = [
    csvLine(['Day', 'Invoices', 'Invoiced', 'Collected']),
    ...report.days.map((d) =>
      csvLine([d.date, d.invoices, dollarCell(d.invoicedCents), dollarCell(d.collectedCents)]),
    ),
    csvLine([
      'Total',
      report.totals.invoices,
      dollarCell(report.totals.invoicedCents),
      dollarCell(report.totals.collectedCents),
    ]),
    '',
    csvLine(['Invoice', 'Issued', 'Age (days)', 'Technician', 'Total', 'Owed']),
    ...report.outstanding.invoices.map((i) =>
      csvLine([
        i.number,
        i.issuedAt.slice(0, 10),
        i.ageDays,
        technicianName(i.technicianId),
        dollarCell(i.totalCents),
        dollarCell(i.owedCents),
      ]),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export const moneyCsvFileName = ({ from, to }: ReportQuery) => `money-${from}-to-${to}.csv`;
