import { reportSchema } from '@cincy/contracts';
import {
  BucketSums,
  EMPTY_SUMS,
  TechnicianSums,
  UNASSIGNED_NAME,
  bucketsOf,
  buildReport,
  toFigures,
  wholeMonths,
} from './report-figures';

const sums = (extra: Partial<BucketSums>): BucketSums => ({ ...EMPTY_SUMS, period: '', ...extra });
const technician = (extra: Partial<TechnicianSums>): TechnicianSums => ({
  ...EMPTY_SUMS,
  technicianId: 1,
  name: 'Tess',
  ...extra,
});

describe('report figures', () => {
  it('averages by the timed jobs, null when none was timed, revenue to the cent', () => {
    const figures = toFigures({
      ...EMPTY_SUMS,
      jobsCompleted: 3,
      revenue: 375.004,
      travelMinutesSum: 50,
      travelCount: 3,
      installMinutesSum: 0,
      installCount: 0,
    });
    expect(figures.averageTravelMinutes).toBe(16.7);
    expect(figures.averageInstallMinutes).toBeNull();
    expect(figures.revenue).toBe(375);
  });

  it('lists every bucket the range touches, oldest first', () => {
    expect(bucketsOf('2030-06-29', '2030-07-02', 'day')).toEqual([
      '2030-06-29',
      '2030-06-30',
      '2030-07-01',
      '2030-07-02',
    ]);
    // Friday 14 June to Tuesday 25 June: three weeks, the first from Monday 10 June.
    expect(bucketsOf('2030-06-14', '2030-06-25', 'week')).toEqual([
      '2030-06-10',
      '2030-06-17',
      '2030-06-24',
    ]);
    expect(bucketsOf('2030-01-31', '2030-03-01', 'month')).toEqual([
      '2030-01-01',
      '2030-02-01',
      '2030-03-01',
    ]);
  });

  it('finds the whole months inside a range, none when it cuts into one month only', () => {
    expect(wholeMonths('2030-01-01', '2030-12-31')).toEqual({
      start: '2030-01-01',
      end: '2031-01-01',
    });
    expect(wholeMonths('2029-12-15', '2030-03-10')).toEqual({
      start: '2030-01-01',
      end: '2030-03-01',
    });
    expect(wholeMonths('2030-01-31', '2030-02-28')).toEqual({
      start: '2030-02-01',
      end: '2030-03-01',
    });
    expect(wholeMonths('2030-06-02', '2030-06-29')).toEqual({
      start: '2030-06-02',
      end: '2030-06-02',
    });
    expect(wholeMonths('2030-06-14', '2030-07-10')).toEqual({
      start: '2030-06-14',
      end: '2030-06-14',
    });
  });

  it('fills empty days with zeros and totals the buckets, averages weighted by jobs', () => {
    const report = buildReport(
      '2030-06-14',
      '2030-06-16',
      [
        sums({
          period: '2030-06-14',
          jobsCompleted: 1,
          revenue: 210,
          installMinutesSum: 30,
          installCount: 1,
        }),
        sums({
          period: '2030-06-16',
          jobsCompleted: 3,
          revenue: 330,
          installMinutesSum: 30,
          installCount: 3,
          asapJobs: 2,
          asapWithin30: 1,
          asapWithin45: 2,
          asapWithin60: 2,
        }),
      ],
      [],
    );
    expect(reportSchema.parse(report)).toEqual(report);
    expect(report.bucket).toBe('day');
    expect(report.series.map((p) => [p.period, p.jobsCompleted])).toEqual([
      ['2030-06-14', 1],
      ['2030-06-15', 0],
      ['2030-06-16', 3],
    ]);
    expect(report.series[1]).toMatchObject({ revenue: 0, averageInstallMinutes: null });
    // (30 + 30) / 4 jobs = 15, not the mean of the days' averages (30 and 10 -> 20).
    expect(report.totals).toMatchObject({
      jobsCompleted: 4,
      revenue: 540,
      averageInstallMinutes: 15,
    });
    expect(report.totals.sla).toEqual({ asapJobs: 2, within30: 1, within45: 2, within60: 2 });
  });

  it('names the technicians, jobs nobody had last as unassigned', () => {
    const report = buildReport(
      '2030-06-14',
      '2030-06-14',
      [],
      [
        technician({ technicianId: 0, name: null, jobsClosedWithoutService: 2 }),
        technician({ technicianId: 7, name: 'Zoe Young', jobsCompleted: 1 }),
        technician({ technicianId: 3, name: 'Ann Abbott', jobsCompleted: 2 }),
      ],
    );
    expect(report.technicians.map((t) => [t.technicianId, t.name])).toEqual([
      [3, 'Ann Abbott'],
      [7, 'Zoe Young'],
      [null, UNASSIGNED_NAME],
    ]);
    expect(report.technicians[2].jobsClosedWithoutService).toBe(2);
  });
});
