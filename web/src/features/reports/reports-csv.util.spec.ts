import { REPORT, figures } from '../../../test/report.fixture';
import { csvField, reportCsv, reportCsvFileName, totalFigures } from './reports-csv.util';
import { reportTiles } from './reports.util';

/** A CSV's rows as fields (enough of RFC 4180 to read back what reportCsv writes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      field += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return rows;
}

const column = (rows: string[][], header: string) => {
  const i = rows[0].indexOf(header);
  return rows.slice(1).map((r) => r[i]);
};

describe('reportCsv', () => {
  it('writes a header, a row per period, then Total; CRLF line ends', () => {
    const text = reportCsv(REPORT, 'periods');
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      'Period start',
      'Jobs completed',
      'Closed without service',
      'Batteries installed',
      'Revenue',
      'Avg travel (min)',
      'Avg install (min)',
      'ASAP jobs',
      'Within 30 min',
      'Within 45 min',
      'Within 60 min',
    ]);
    expect(rows.map((r) => r[0])).toEqual([
      'Period start',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      'Total',
    ]);
    // Unformatted numbers: dollars with 2 decimals, minutes with 1, none for an untimed day.
    expect(rows[1]).toEqual([
      '2026-11-23',
      '3',
      '0',
      '4',
      '779.97',
      '20',
      '30',
      '2',
      '1',
      '2',
      '2',
    ]);
    expect(rows[2]).toEqual(['2026-11-24', '0', '0', '0', '0.00', '', '', '0', '0', '0', '0']);
  });

  it.each(['periods', 'technicians'] as const)(
    "ends the %s with a Total row that is each column's sum and the tiles' figures",
    (table) => {
      const rows = parseCsv(reportCsv(REPORT, table));
      const body = rows.slice(1, -1);
      const total = rows.at(-1)!;
      const sum = (header: string) =>
        column([rows[0], ...body], header).reduce((n, v) => n + Number(v), 0);
      for (const header of ['Jobs completed', 'Batteries installed', 'ASAP jobs', 'Within 45 min'])
        expect(Number(total[rows[0].indexOf(header)])).toBe(sum(header));
      expect(total[rows[0].indexOf('Revenue')]).toBe(sum('Revenue').toFixed(2));

      const tiles = Object.fromEntries(reportTiles(REPORT.totals).map((t) => [t.key, t.value]));
      expect(Number(total[1])).toBe(tiles['jobs-completed']);
      expect(Number(total[3])).toBe(tiles['batteries-installed']);
      expect(Number(total[4])).toBe(tiles.revenue);
      expect(Number(total[5])).toBe(tiles['avg-travel']);
      expect(Number(total[6])).toBe(tiles['avg-install']);
    },
  );

  it("quotes a technician's name with a comma or quotes, and defuses a formula", () => {
    const text = reportCsv(REPORT, 'technicians');
    expect(text).toContain('\r\n"Dana ""DJ"" Jones, Jr.",4,0,5,999.95,');
    expect(text).toContain("\r\n'=Sam,3,");
    expect(parseCsv(text).map((r) => r[0])).toEqual([
      'Technician',
      'Dana "DJ" Jones, Jr.',
      "'=Sam",
      'No technician',
      'Total',
    ]);
  });

  it('names the file by the range and the table', () => {
    expect(reportCsvFileName(REPORT, 'technicians')).toBe(
      'report-2026-11-23-to-2026-11-25-technicians.csv',
    );
  });
});

describe('csvField', () => {
  it('quotes only what RFC 4180 requires, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(-3)).toBe('-3');
    expect(csvField('-12.50')).toBe('-12.50');
  });
});

describe('totalFigures', () => {
  it('adds money in cents, and takes the averages from the totals', () => {
    const rows = [figures({ revenue: 0.1 }), figures({ revenue: 0.2 })];
    const total = totalFigures(rows, figures({ averageTravelMinutes: 12.5 }));
    expect(total.revenue).toBe(0.3);
    expect(total.averageTravelMinutes).toBe(12.5);
  });
});
