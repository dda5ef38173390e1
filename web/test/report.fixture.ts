import type { Report } from '@cincy/contracts';
import type { ReportFigures } from '../src/features/reports/reports.util';

/** A report's figures: zeros unless given. */
export const figures = (patch: Partial<ReportFigures> = {}): ReportFigures => ({
  jobsCompleted: 0,
  jobsClosedWithoutService: 0,
  batteriesInstalled: 0,
  revenue: 0,
  averageTravelMinutes: null,
  averageInstallMinutes: null,
  sla: { asapJobs: 0, within30: 0, within45: 0, within60: 0 },
  ...patch,
});

/** Three days, two technicians and the jobs no one had; the rows add up to the totals. */
export const REPORT: Report = {
  from: '2026-11-23',
  to: '2026-11-25',
  bucket: 'day',
  totals: figures({
    jobsCompleted: 7,
    jobsClosedWithoutService: 2,
    batteriesInstalled: 8,
    revenue: 1559.93,
    averageTravelMinutes: 21.4444,
    averageInstallMinutes: 33.25,
    sla: { asapJobs: 4, within30: 2, within45: 3, within60: 4 },
  }),
  series: [
    {
      ...figures({
        jobsCompleted: 3,
        batteriesInstalled: 4,
        revenue: 779.97,
        averageTravelMinutes: 20,
        averageInstallMinutes: 30,
        sla: { asapJobs: 2, within30: 1, within45: 2, within60: 2 },
      }),
      period: '2026-11-23',
    },
    { ...figures(), period: '2026-11-24' },
    {
      ...figures({
        jobsCompleted: 4,
        jobsClosedWithoutService: 2,
        batteriesInstalled: 4,
        revenue: 779.96,
        averageTravelMinutes: 22.5,
        averageInstallMinutes: 36,
        sla: { asapJobs: 2, within30: 1, within45: 1, within60: 2 },
      }),
      period: '2026-11-25',
    },
  ],
  technicians: [
    {
      ...figures({
        jobsCompleted: 4,
        batteriesInstalled: 5,
        revenue: 999.95,
        averageTravelMinutes: 19.75,
        averageInstallMinutes: 31,
        sla: { asapJobs: 3, within30: 2, within45: 3, within60: 3 },
      }),
      technicianId: 7,
      name: 'Dana "DJ" Jones, Jr.',
    },
    {
      ...figures({
        jobsCompleted: 3,
        batteriesInstalled: 3,
        revenue: 559.98,
        averageTravelMinutes: 23.7,
        averageInstallMinutes: 36.2,
        sla: { asapJobs: 1, within30: 0, within45: 0, within60: 1 },
      }),
      technicianId: 8,
      name: '=Sam',
    },
    { ...figures({ jobsClosedWithoutService: 2 }), technicianId: null, name: 'No technician' },
  ],
};
