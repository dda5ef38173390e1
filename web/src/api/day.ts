import type { DashboardAppointment, DayView, assignInputSchema } from '@cincy/contracts';
import { requestJson } from './request';
import type { SchemaInput } from './schema-types';

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
