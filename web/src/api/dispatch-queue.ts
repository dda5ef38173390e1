import type { DispatchSettings, QueueEntry, TechnicianSchedule } from '@cincy/contracts';
import { requestJson } from './request';

/** The ASAP waiting list, with each request's position and estimated wait (admins). */
export function fetchQueue(signal?: AbortSignal): Promise<QueueEntry[]> {
  return requestJson('GET', '/api/queue', undefined, { signal });
}

/** Whether auto-dispatch is on (any staff). */
export function fetchDispatchSettings(signal?: AbortSignal): Promise<DispatchSettings> {
  return requestJson('GET', '/api/dispatch/settings', undefined, { signal });
}

/** Turns auto-dispatch on or off (admins). */
export function updateDispatchSettings(settings: DispatchSettings): Promise<DispatchSettings> {
  return requestJson('PUT', '/api/dispatch/settings', settings);
}

/** The signed-in technician ends their shift now; answers their schedule as it now is. */
export function goOffShift(): Promise<TechnicianSchedule> {
  return requestJson('POST', '/api/schedules/me/off-shift');
}
