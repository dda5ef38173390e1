// "Is this job outside its technician's shifts?": the one rule the schedule screen's warning (a
// day off or a shorter shift), the Day View's mark and the board's mark read (ADR 0102).
// A plain module (no zod): the board uses it on its first screen.
import type { AppointmentStatus } from '../enums';
import { bookedHourLabel, bookedStart, type BookedHour } from './booked-hour';
import { isOnShift, shiftsInUse, type ScheduleFacts } from './shifts';

/**
 * The steps a schedule change can still leave a job stranded in: someone has it but is not on
 * the way. A job under way is being done whatever the schedule says; a finished, declined or
 * cancelled one no longer needs anyone; a pending one has nobody to be off shift.
 */
export const SHIFT_BOUND_STATUSES: readonly AppointmentStatus[] = ['assigned', 'accepted'];

/** What the rule needs of a job. */
export interface ShiftBoundJob extends BookedHour {
  status: AppointmentStatus;
  technicianId: number | null;
}

/**
 * True when the job is assigned or accepted, booked for an hour (an ASAP request has none: the
 * queue places it with whoever is on shift), and its technician's shifts on that date do not cover
 * the booked start, the same "covers the hour's start" rule booking's hour grid counts by. Until
 * the business has entered any shift (`shiftsInUse`) nobody is outside one; once it has, a
 * technician with no schedule works no hours.
 */
export function isOutsideShift(job: ShiftBoundJob, schedules: readonly ScheduleFacts[]): boolean {
  if (job.technicianId === null || !SHIFT_BOUND_STATUSES.includes(job.status)) return false;
  const start = bookedStart(job);
  if (!start || !shiftsInUse(schedules)) return false;
  const schedule = schedules.find((s) => s.technicianId === job.technicianId);
  return !schedule || !isOnShift(schedule, start);
}

/** "Outside Dana's shift": the mark, by the technician's first name. */
export const outsideShiftLabel = (technicianName: string): string =>
  `Outside ${technicianName.trim().split(/\s+/)[0] || 'the technician'}'s shift`;

/** A job as the schedule screen's warning names it. */
export interface StrandedJobFacts {
  id: number;
  reference: string | null;
  customerName: string;
  scheduledDate: string;
  scheduledTime: string | null;
}

/** 'CB-7K3Q9 Sun, Nov 29 at 10 AM, Pat Smith' ('Job #12' before references were kept). */
export const strandedJobLine = (job: StrandedJobFacts): string =>
  `${job.reference ?? `Job #${job.id}`} ${bookedHourLabel(job.scheduledDate, job.scheduledTime)}, ${job.customerName}`;
