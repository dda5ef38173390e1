import type {
  DashboardAppointment,
  FieldJobs,
  cancelBookingSchema,
  declineAnswerSchema,
  statusChangeSchema,
} from '@cincy/contracts';
import { requestJson } from './request';
import type { SchemaInput, SchemaOutput } from './schema-types';

/** What PATCH /api/appointments/{id}/decline answers (`declineAnswerSchema`). */
export type DeclineAnswer = SchemaOutput<typeof declineAnswerSchema>;

/** The body of PATCH /api/appointments/{id}/status. */
export type StatusChangeBody = SchemaInput<typeof statusChangeSchema>;

export function fetchAppointments(signal?: AbortSignal): Promise<DashboardAppointment[]> {
  return requestJson('GET', '/api/appointments', undefined, { signal });
}

/** The signed-in user's jobs for the field app: theirs and the oldest of today's open pool. */
export function fetchFieldJobs(): Promise<FieldJobs> {
  return requestJson('GET', '/api/dispatch/field-jobs');
}

/** Accept, en route, on location; answers the appointment as it now is. */
export function changeAppointmentStatus(
  id: number,
  change: StatusChangeBody,
): Promise<DashboardAppointment> {
  return requestJson('PATCH', `/api/appointments/${id}/status`, change);
}

export function declineAppointment(id: number): Promise<DeclineAnswer> {
  return requestJson('PATCH', `/api/appointments/${id}/decline`);
}

/** The body of POST /api/appointments/{id}/cancel: why, if staff want to say. */
export type CancelVisitBody = SchemaInput<typeof cancelBookingSchema>;

/**
 * Staff cancel a visit for its customer, until the technician sets out (409 after); the customer is
 * told. The board learns of it by its push.
 */
export function cancelVisit(id: number, body: CancelVisitBody): Promise<unknown> {
  return requestJson('POST', `/api/appointments/${id}/cancel`, body);
}
