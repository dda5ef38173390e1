import { ERROR_CODES } from '../error-codes';
import { businessDate, businessParts, formatBusinessMonthDay } from '../time';
import { clockLabel } from '../booking/rules';
import type { Refusal } from './lifecycle';

/**
 * When a technician's step happened (issue 34): a step sent later from the phone's outbox says
 * when it was tapped (`occurredAt`), and the job's times (drive, time on site) are the real ones.
 * The phone's clock may be a little ahead; a step is recorded for the day it happened, never for
 * one that has not come, nor before the job's previous step.
 */
export const STEP_TIME = {
  /** A phone's clock this far ahead is taken as now. */
  clockAheadMs: 2 * 60_000,
  /** A step older than this is the office's to record, not a queued tap's. */
  maxAgeMs: 24 * 60 * 60_000,
} as const;

export const STEP_TIME_MESSAGES = {
  future: "The step's time is in the future. Check the phone's clock, then try again.",
  tooOld: 'This step happened more than 24 hours ago. Ask the office to record it.',
  beforePrevious: (previous: string) =>
    `The step's time is before the job's previous step (${previous}). Check the phone's clock.`,
} as const;

/** '2:14 PM', or 'Nov 27, 2:14 PM' for an instant of another day than `now` (Cincinnati time). */
export function momentLabel(at: Date, now: Date): string {
  const { hour, minute } = businessParts(at);
  const time = clockLabel(hour, minute);
  if (businessDate(at) === businessDate(now)) return time;
  return `${formatBusinessMonthDay(at)}, ${time}`;
}

const refused = (message: string): Refusal => ({
  code: ERROR_CODES.validation,
  message,
  fieldErrors: { occurredAt: message },
});

/**
 * The instant to record a step at: `occurredAt` when the phone sent one (a little ahead of `now`
 * counts as now), else `now`. Refused when it is in the future, more than a day old, or before
 * `previous` (the job's latest step so far).
 */
export function stepInstant(
  occurredAt: Date | undefined,
  now: Date,
  previous: Date | null,
): { at: Date } | { refusal: Refusal } {
  if (!occurredAt) return { at: now };
  if (occurredAt.getTime() > now.getTime() + STEP_TIME.clockAheadMs)
    return { refusal: refused(STEP_TIME_MESSAGES.future) };
  if (occurredAt.getTime() < now.getTime() - STEP_TIME.maxAgeMs)
    return { refusal: refused(STEP_TIME_MESSAGES.tooOld) };
  if (previous && occurredAt < previous)
    return { refusal: refused(STEP_TIME_MESSAGES.beforePrevious(momentLabel(previous, now))) };
  return { at: occurredAt > now ? now : occurredAt };
}
