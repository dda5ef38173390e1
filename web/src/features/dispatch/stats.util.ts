import type { DashboardStats } from '@cincy/contracts';
import { formatAge } from './board-lists.util';

/** Shown while a figure is loading or could not be read. */
export const NO_FIGURE = '—';

export interface StatCard {
  label: string;
  value: string;
  tone: 'amber' | 'blue' | 'green' | 'purple' | 'cyan';
}

/** One decimal: 1.5, 0.0. */
export function formatJobsPerHour(value: number): string {
  return Number.isFinite(value) ? value.toFixed(1) : NO_FIGURE;
}

/** Whole minutes: '18 min'. */
export function formatInstallTime(minutes: number): string {
  return Number.isFinite(minutes) ? `${Math.round(minutes)} min` : NO_FIGURE;
}

/**
 * The five cards: Pending counts the Available Jobs list and In Progress its list, both from the
 * board; the other three are the server's counts for today.
 */
export function statCards(
  counts: { available: number; inProgress: number },
  stats: DashboardStats | undefined,
): StatCard[] {
  return [
    { label: 'Pending', value: String(counts.available), tone: 'amber' },
    { label: 'In Progress', value: String(counts.inProgress), tone: 'blue' },
    {
      label: 'Completed Today',
      value: stats ? String(stats.completedToday) : NO_FIGURE,
      tone: 'green',
    },
    {
      label: 'Jobs per Hour',
      value: stats ? formatJobsPerHour(stats.tasksPerAvailableHour) : NO_FIGURE,
      tone: 'purple',
    },
    {
      label: 'Avg Install Time',
      value: stats ? formatInstallTime(stats.averageInstallTime) : NO_FIGURE,
      tone: 'cyan',
    },
  ];
}

/** 'Active now' within the last minute, else 'Last seen 5 min ago' / 'Last seen 2h 5m ago'. */
export function formatLastSeen(lastSeen: string | null, now: number): string {
  const at = lastSeen ? Date.parse(lastSeen) : NaN;
  if (Number.isNaN(at)) return 'Last seen: not yet';
  const minutes = Math.max(0, Math.floor((now - at) / 60_000));
  return minutes < 1 ? 'Active now' : `Last seen ${formatAge(minutes)} ago`;
}
