import { REPORT_MAX_DAYS, daysInRange } from '@cincy/contracts';
import { REPORT, figures } from '../../../test/report.fixture';
import {
  RANGE_PRESETS,
  defaultRange,
  isEmptyReport,
  jobsChartData,
  minutesText,
  periodLabel,
  presetOf,
  reportTiles,
  revenueChartData,
  slaCellText,
  slaChartData,
} from './reports.util';

describe('ranges', () => {
  it('ends every preset today, the longest at the most a report covers', () => {
    const today = '2026-11-25';
    const days = RANGE_PRESETS.map((p) => {
      const r = p.range(today);
      expect(r.to).toBe(today);
      return [p.label, daysInRange(r.from, r.to)];
    });
    expect(days).toEqual([
      ['Last 7 days', 7],
      ['Last 30 days', 30],
      ['Last 90 days', 90],
      ['This year', 329],
      ['Last 2 years', REPORT_MAX_DAYS],
    ]);
    expect(defaultRange(today)).toEqual({ from: '2026-10-27', to: today });
  });

  it('names the preset a range is, and none for one picked by hand', () => {
    expect(presetOf({ from: '2026-08-28', to: '2026-11-25' }, '2026-11-25')).toBe('Last 90 days');
    expect(presetOf({ from: '2026-08-28', to: '2026-11-24' }, '2026-11-25')).toBeNull();
  });
});

describe('reportTiles', () => {
  it('shows the totals, the SLA shares with their counts, and the average times', () => {
    const tiles = reportTiles(REPORT.totals).map(({ key, text, value, note }) => ({
      key,
      text,
      value,
      note,
    }));
    expect(tiles).toEqual([
      { key: 'jobs-completed', text: '7', value: 7, note: '2 closed without service' },
      { key: 'batteries-installed', text: '8', value: 8, note: undefined },
      { key: 'revenue', text: '$1,559.93', value: 1559.93, note: undefined },
      { key: 'sla-30', text: '50%', value: 50, note: '2 of 4 ASAP jobs' },
      { key: 'sla-45', text: '75%', value: 75, note: '3 of 4 ASAP jobs' },
      { key: 'sla-60', text: '100%', value: 100, note: '4 of 4 ASAP jobs' },
      { key: 'avg-travel', text: '21.4 min', value: 21.4, note: undefined },
      { key: 'avg-install', text: '33.3 min', value: 33.3, note: undefined },
    ]);
  });

  it('shows a dash, not 0%, with no ASAP job or no timed job', () => {
    const tiles = reportTiles(figures());
    expect(tiles.find((t) => t.key === 'sla-30')).toMatchObject({ text: '—', value: null });
    expect(tiles.find((t) => t.key === 'avg-travel')).toMatchObject({ text: '—', value: null });
  });
});

describe('wording', () => {
  it('labels a period by its bucket', () => {
    expect(periodLabel('2026-11-25', 'day')).toBe('Nov 25');
    expect(periodLabel('2026-11-23', 'week')).toBe('Week of Nov 23');
    expect(periodLabel('2026-11-01', 'month')).toBe('Nov 2026');
  });

  it('writes an SLA cell with its counts, and minutes to one decimal', () => {
    expect(slaCellText(REPORT.totals.sla, 45)).toBe('75% (3 of 4)');
    expect(slaCellText(figures().sla, 45)).toBe('—');
    expect(minutesText(21.4444)).toBe('21.4 min');
    expect(minutesText(null)).toBe('—');
  });

  it('calls a range with no closed job empty', () => {
    expect(isEmptyReport({ totals: figures() })).toBe(true);
    expect(isEmptyReport({ totals: figures({ jobsClosedWithoutService: 1 }) })).toBe(false);
    expect(isEmptyReport(REPORT)).toBe(false);
  });
});

describe('chart data', () => {
  it('puts jobs and batteries side by side per period, and revenue per period', () => {
    expect(jobsChartData(REPORT).slice(0, 2)).toEqual([
      { x: 'Nov 23', series: 'Jobs completed', value: 3 },
      { x: 'Nov 23', series: 'Batteries installed', value: 4 },
    ]);
    expect(revenueChartData(REPORT).map((p) => p.value)).toEqual([779.97, 0, 779.96]);
  });

  it("charts each technician's SLA shares, leaving out those with no ASAP job", () => {
    const data = slaChartData(REPORT);
    expect(new Set(data.map((p) => p.x))).toEqual(new Set(['Dana "DJ" Jones, Jr.', '=Sam']));
    expect(data.filter((p) => p.x === '=Sam').map((p) => p.value)).toEqual([0, 0, 100]);
  });
});
