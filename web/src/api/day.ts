import type {
  DashboardAppointment,
  DayView,
  assignInputSchema,
  rescheduleBookingSchema,
  rescheduledBookingSchema,
} from '@cincy/contracts';
import { requestJson } from './request';
import type { SchemaInput, SchemaOutput } from './schema-types';

/** The body of POST /api/appointments/{id}/assign: the technician and the job's version seen. */
export type AssignBody = SchemaInput<typeof assignInputSchema>;

/** One business day (admins): the technicians on shift with their jobs, and the open jobs nobody has. */
export function fetchDayView(date: string, signal?: AbortSignal): Promise<DayView> {
  return requestJson('GET', `/api/dispatch/day?date=${encodeURIComponent(date)}`, undefined, {
    signal,
  });
}

/**
 * Gives a job to a technician. A 409 (someone else got there first, the job is taken) carries the
 * server's sentence, which the caller shows.
 */
export function assignJob(id: number, body: AssignBody): Promise<DashboardAppointment> {
  return requestJson('POST', `/api/appointments/${id}/assign`, body);
}

/** The body of PATCH /api/appointments/{id}/schedule: the visit's new day and hour. */
export type MoveBody = SchemaInput<typeof rescheduleBookingSchema>;

/**
 * Moves a visit to another hour (admins and the supervisor); booking tells the customer. A
 * refusal (a passed hour 400, a full one or a van on its way 409) carries booking's sentence.
 */
export function moveJob(
  id: number,
  body: MoveBody,
): Promise<SchemaOutput<typeof rescheduledBookingSchema>> {
  return requestJson('PATCH', `/api/appointments/${id}/schedule`, body);
}
