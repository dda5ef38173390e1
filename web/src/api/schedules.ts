import type {
  ShiftImpact,
  TechnicianSchedule,
  dateShiftsInputSchema,
  weeklyShiftsInputSchema,
} from '@cincy/contracts';
import { requestJson } from './request';
import type { SchemaInput } from './schema-types';

/** The body of PUT /api/schedules/{technicianId}/weekly: the whole weekly pattern. */
export type WeeklyShiftsBody = SchemaInput<typeof weeklyShiftsInputSchema>;

/** The body of PUT /api/schedules/{technicianId}/dates/{date}: that day's shifts (none: a day off). */
export type DateShiftsBody = SchemaInput<typeof dateShiftsInputSchema>;

/** Every technician's schedule (admins): weekly pattern, date exceptions, today, on shift now. */
export function fetchSchedules(signal?: AbortSignal): Promise<TechnicianSchedule[]> {
  return requestJson('GET', '/api/schedules', undefined, { signal });
}

/** Replaces a technician's weekly pattern; answers the schedule as it now is. */
export function saveWeeklyShifts(
  technicianId: number,
  body: WeeklyShiftsBody,
): Promise<TechnicianSchedule> {
  return requestJson('PUT', `/api/schedules/${technicianId}/weekly`, body);
}

const datePath = (technicianId: number, date: string) =>
  `/api/schedules/${technicianId}/dates/${encodeURIComponent(date)}`;

/** Sets one date's shifts instead of the weekly pattern (an empty list: a day off). */
export function saveDateShifts(
  technicianId: number,
  date: string,
  body: DateShiftsBody,
): Promise<TechnicianSchedule> {
  return requestJson('PUT', datePath(technicianId, date), body);
}

/** Removes a date's exception: the weekly pattern applies again. Null when the answer is empty. */
export function clearDateShifts(
  technicianId: number,
  date: string,
): Promise<TechnicianSchedule | null> {
  return requestJson('DELETE', datePath(technicianId, date));
}

/** What saving this weekly pattern would leave outside the technician's shifts; saves nothing. */
export function previewWeeklyShifts(
  technicianId: number,
  body: WeeklyShiftsBody,
): Promise<ShiftImpact> {
  return requestJson('POST', `/api/schedules/${technicianId}/weekly/impact`, body);
}

/** What saving this date's shifts would leave outside the technician's shifts; saves nothing. */
export function previewDateShifts(
  technicianId: number,
  date: string,
  body: DateShiftsBody,
): Promise<ShiftImpact> {
  return requestJson('POST', `${datePath(technicianId, date)}/impact`, body);
}
