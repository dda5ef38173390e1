import { SLA_MINUTES } from '../constants';
import { bookedStart } from './booked-hour';

/**
 * The SLA clock of a job: an ASAP request runs from when it was asked for, a scheduled visit from
 * its scheduled start (Cincinnati time), so a visit booked for tomorrow is not late today. Before
 * its start a job has no SLA badge at all.
 */

export type SlaLevel = 'normal' | 'medium' | 'high' | 'breach';

export const SLA_LABELS: Record<SlaLevel, string> = {
  normal: 'NORMAL',
  medium: 'MEDIUM',
  high: 'HIGH',
  breach: 'SLA BREACH',
};

export interface SlaTimes {
  requestedAt: string;
  preferredTime: string | null;
  scheduledDate: string | null;
  scheduledTime: string | null;
}

/** When the job's SLA clock starts. A date without an hour starts when the service day does. */
export function slaStart(job: SlaTimes): Date {
  return bookedStart(job) ?? new Date(job.requestedAt);
}

/** Whole minutes on the SLA clock at `now`, or null while the job's start is still ahead. */
export function slaMinutes(job: SlaTimes, now: number): number | null {
  const start = slaStart(job).getTime();
  if (Number.isNaN(start) || now < start) return null;
  return Math.floor((now - start) / 60_000);
}

/** Under 30 minutes NORMAL, 30-44 MEDIUM, 45-59 HIGH, 60 or more SLA BREACH. */
export function slaLevel(minutes: number): SlaLevel {
  if (minutes >= SLA_MINUTES.breach) return 'breach';
  if (minutes >= SLA_MINUTES.high) return 'high';
  if (minutes >= SLA_MINUTES.medium) return 'medium';
  return 'normal';
}
