import {
  businessDate,
  businessMinutes,
  formatShiftTime,
  hourLabel,
  isChangeableByCustomer,
  shiftMinutes,
  type DayJob,
  type DayView,
  type ShiftRange,
} from '@cincy/contracts';
import { serverMessageOf } from '../../api/request';
import type { ToastInput } from '../../components/toast';
import { compareCodeUnits } from '../../lib/sort';

/** The timeline's span on the business clock, in minutes since midnight, on whole hours. */
export interface TimelineWindow {
  start: number;
  end: number;
}

/** The business's usual day, 7 AM to 10 PM: a day with earlier or later work widens it. */
export const USUAL_WINDOW: TimelineWindow = { start: 7 * 60, end: 22 * 60 };

/**
 * The day's window: the usual day, widened to whole hours so that every job and shift of the day
 * is drawn (a job worked at 11 PM moves the end to midnight instead of leaving the timeline).
 */
export function timelineWindow(
  view: Pick<DayView, 'date' | 'unassigned' | 'rows'>,
): TimelineWindow {
  let { start, end } = USUAL_WINDOW;
  for (const job of [...view.unassigned, ...view.rows.flatMap((row) => row.jobs)]) {
    const span = jobSpan(job, view.date);
    if (span) [start, end] = [Math.min(start, span.from), Math.max(end, span.to)];
  }
  for (const shift of view.rows.flatMap((row) => row.shifts)) {
    const [from, to] = [shiftMinutes(shift.start), shiftMinutes(shift.end)];
    if (from !== null && to !== null) [start, end] = [Math.min(start, from), Math.max(end, to)];
  }
  return { start: Math.floor(start / 60) * 60, end: Math.min(24 * 60, Math.ceil(end / 60) * 60) };
}

/** Where a span sits on the timeline, in percent of its width. */
export interface Placement {
  left: number;
  width: number;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

const percentOf = (minutes: number, window: TimelineWindow) =>
  round((minutes / (window.end - window.start)) * 100);

/**
 * A span of minutes since midnight on the timeline, cut to its window; null when none of it is
 * inside (or it is empty).
 */
export function placeSpan(from: number, to: number, window = USUAL_WINDOW): Placement | null {
  const a = Math.max(from, window.start);
  const b = Math.min(to, window.end);
  if (!(b > a)) return null;
  return { left: percentOf(a - window.start, window), width: percentOf(b - a, window) };
}

/**
 * An instant as minutes since the midnight of `date` on the business clock: before that day is 0,
 * after it 1440 (a job running over midnight is cut at the day's edge). Null when unreadable.
 */
export function minutesOnDay(iso: string, date: string): number | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const day = businessDate(at);
  if (day < date) return 0;
  if (day > date) return 24 * 60;
  return businessMinutes(at);
}

/** Where a moment (minutes since midnight) sits on the timeline, or null outside its window. */
export function timelineLeft(minutes: number, window = USUAL_WINDOW): number | null {
  if (minutes < window.start || minutes > window.end) return null;
  return percentOf(minutes - window.start, window);
}

/** A shift's band on the timeline. */
export function placeShift(shift: ShiftRange, window = USUAL_WINDOW): Placement | null {
  const from = shiftMinutes(shift.start);
  const to = shiftMinutes(shift.end);
  if (from === null || to === null) return null;
  return placeSpan(from, to, window);
}

/** A job's minutes on `date`; a zero-length one gets a minute, so it can be drawn. */
function jobSpan(job: Pick<DayJob, 'start' | 'end'>, date: string) {
  const from = minutesOnDay(job.start, date);
  const to = minutesOnDay(job.end, date);
  if (from === null || to === null) return null;
  return { from, to: Math.max(to, from + 1) };
}

/** '09:00-10:15' on the business clock. */
export function jobTimeLabel(job: Pick<DayJob, 'start' | 'end'>): string {
  const time = (iso: string) => {
    const at = new Date(iso);
    return Number.isNaN(at.getTime()) ? '--:--' : formatShiftTime(businessMinutes(at));
  };
  return `${time(job.start)}-${time(job.end)}`;
}

/** Measured: the job's own timestamps; else the estimate. */
export const timingLabel = (job: Pick<DayJob, 'measured'>): 'measured' | 'estimated' =>
  job.measured ? 'measured' : 'estimated';

/**
 * The least time a block is drawn over on the usual day (its CSS min-width at the timeline's
 * narrowest): shorter jobs still get a readable block, so the next job on its line starts after
 * it. A wider window fits more minutes in the same pixels.
 */
export const MIN_BLOCK_MINUTES = 80;

const minBlockMinutes = (window: TimelineWindow) =>
  (MIN_BLOCK_MINUTES * (window.end - window.start)) / (USUAL_WINDOW.end - USUAL_WINDOW.start);

export interface PlacedJob {
  job: DayJob;
  placement: Placement;
  /** 0 for the top line; overlapping jobs go on the next free line. */
  lane: number;
}

/**
 * A row's jobs on the timeline, in start order, each on the first line where it overlaps nothing
 * (a block taking at least `minMinutes`). A job outside the window is left out (the window of
 * `timelineWindow` holds every job; only an unreadable time is).
 */
export function placeJobs(
  jobs: readonly DayJob[],
  date: string,
  window = USUAL_WINDOW,
  minMinutes = minBlockMinutes(window),
): PlacedJob[] {
  const spans = jobs
    .map((job) => {
      const span = jobSpan(job, date);
      return span && { job, ...span };
    })
    .filter((s): s is { job: DayJob; from: number; to: number } => s !== null)
    .sort((a, b) => a.from - b.from || a.to - b.to || a.job.id - b.job.id);
  const laneEnds: number[] = [];
  const placed: PlacedJob[] = [];
  for (const { job, from, to } of spans) {
    const placement = placeSpan(from, to, window);
    if (!placement) continue;
    let lane = laneEnds.findIndex((end) => end <= from);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = Math.max(to, from + minMinutes);
    placed.push({ job, placement, lane });
  }
  return placed;
}

/** How many lines a row needs. */
export const laneCount = (placed: readonly PlacedJob[]): number =>
  placed.reduce((n, p) => Math.max(n, p.lane + 1), 1);

/** The hour marks of the timeline (7 AM ... 10 PM on the usual day), each with its place. */
export function hourTicks(window = USUAL_WINDOW): { hour: number; label: string; left: number }[] {
  const ticks = [];
  for (let hour = window.start / 60; hour <= window.end / 60; hour++) {
    const h12 = hour % 12 === 0 ? 12 : hour % 12;
    ticks.push({
      hour,
      label: `${h12} ${hour < 12 || hour === 24 ? 'AM' : 'PM'}`,
      left: percentOf(hour * 60 - window.start, window),
    });
  }
  return ticks;
}

/** Jobs in start order (the phone's lists and the menus). */
export const byStart = (jobs: readonly DayJob[]): DayJob[] =>
  [...jobs].sort((a, b) => compareCodeUnits(a.start, b.start) || a.id - b.id);

/** Who a job can be assigned to: every technician of the day but the one who has it. */
export function assignTargets(
  rows: DayView['rows'],
  job: Pick<DayJob, 'technicianId'>,
): { technicianId: number; name: string }[] {
  return rows
    .filter((r) => r.technicianId !== job.technicianId)
    .map(({ technicianId, name }) => ({ technicianId, name }));
}

// ---- Drag and drop ----------------------------------------------------------------------------

/** The drag's data type: only our job blocks can be dropped on a row. */
export const JOB_DRAG_TYPE = 'application/x-cincy-day-job';

export interface DraggedJob {
  id: number;
  version: number;
  /** Where in the block it was picked up, in px from its left edge (0 when unknown). */
  grabX: number;
}

export const encodeDraggedJob = (job: Pick<DayJob, 'id' | 'version'>, grabX = 0): string =>
  JSON.stringify({ id: job.id, version: job.version, grabX });

/** The dragged job, or null for anything else dropped on a row. */
export function decodeDraggedJob(data: string): DraggedJob | null {
  try {
    const value = JSON.parse(data) as Partial<DraggedJob> | null;
    if (Number.isInteger(value?.id) && Number.isInteger(value?.version)) {
      const grabX = Number.isFinite(value!.grabX) ? value!.grabX! : 0;
      return { id: value!.id!, version: value!.version!, grabX };
    }
  } catch {
    // Not ours.
  }
  return null;
}

/** A job whose hour booking lets staff move: until the technician sets out (ADR 0099). */
export const isMovable = (job: Pick<DayJob, 'status'>): boolean =>
  isChangeableByCustomer(job.status);

/**
 * The minutes since midnight where a dropped block's left edge lands: `left` px into a track
 * `width` px wide showing `window`.
 */
export function minutesAtDrop(left: number, width: number, window: TimelineWindow): number {
  if (!(width > 0)) return window.start;
  const share = Math.min(1, Math.max(0, left / width));
  return window.start + share * (window.end - window.start);
}

/**
 * The hour a dropped job moves to, or null when it stays: a block let go within half an hour of
 * where it was keeps its hour (dragging it straight to another row only assigns it); else the
 * nearest whole hour of the day.
 */
export function droppedHour(
  job: Pick<DayJob, 'start'>,
  date: string,
  dropMinutes: number,
): number | null {
  const from = minutesOnDay(job.start, date);
  if (from !== null && Math.abs(dropMinutes - from) < 30) return null;
  const hour = Math.round(dropMinutes / 60);
  if (hour < 0 || hour > 23) return null;
  if (from !== null && hour * 60 === from) return null;
  return hour;
}

// ---- Toasts -----------------------------------------------------------------------------------

export const DAY_MESSAGES = {
  moveNotice: 'The customer is told by text and email.',
  movedTitle: 'Visit Moved',
  moveFailedTitle: 'Not Moved',
  moveFailed: 'Could not move the visit. Please try again.',
  assignedTitle: 'Job Assigned',
  assignFailedTitle: 'Not Assigned',
  assignFailed: 'Could not assign the job. Please try again.',
} as const;

export function jobAssignedToast(customerName: string, technicianName: string): ToastInput {
  return {
    title: DAY_MESSAGES.assignedTitle,
    description: `${customerName} is now ${technicianName}'s job.`,
  };
}

/** The server's sentence (a 409: someone else got there first, the job is taken), else ours. */
export function assignFailedToast(error: unknown): ToastInput {
  return {
    title: DAY_MESSAGES.assignFailedTitle,
    description: serverMessageOf(error) ?? DAY_MESSAGES.assignFailed,
    variant: 'destructive',
  };
}

/** The confirm's question: 'Move Ava Smith to 2 PM?'. */
export const moveQuestion = (customerName: string, hour: number): string =>
  `Move ${customerName} to ${hourLabel(hour)}?`;

export function jobMovedToast(customerName: string, hour: number): ToastInput {
  return {
    title: DAY_MESSAGES.movedTitle,
    description: `${customerName} is now at ${hourLabel(hour)}; the customer is told.`,
  };
}

/** Booking's sentence (a passed hour, a full one, the van left), else ours. */
export function moveFailedToast(error: unknown): ToastInput {
  return {
    title: DAY_MESSAGES.moveFailedTitle,
    description: serverMessageOf(error) ?? DAY_MESSAGES.moveFailed,
    variant: 'destructive',
  };
}
