import type {
  DashboardAppointment,
  assignInputSchema,
  handBackInputSchema,
} from '@cincy/contracts';
import { requestJson } from './request';
import type { SchemaInput } from './schema-types';

/** The body of POST /api/appointments/{id}/assign. */
export type AssignBody = SchemaInput<typeof assignInputSchema>;

/** The body of POST /api/appointments/{id}/hand-back. */
export type HandBackBody = SchemaInput<typeof handBackInputSchema>;

/**
 * A dispatcher gives the job to a technician (or to another one). `version` is the job's version
 * the dispatcher saw: 409 when it changed since (the message names who has the job now).
 */
export function assignAppointment(id: number, body: AssignBody): Promise<DashboardAppointment> {
  return requestJson('POST', `/api/appointments/${id}/assign`, body);
}

/** Back to the open pool (an assigned job nobody has accepted). */
export function unassignAppointment(id: number): Promise<DashboardAppointment> {
  return requestJson('DELETE', `/api/appointments/${id}/assign`);
}

/** The technician who has the job (assigned or accepted) gives it back, saying why. */
export function handBackAppointment(id: number, body: HandBackBody): Promise<DashboardAppointment> {
  return requestJson('POST', `/api/appointments/${id}/hand-back`, body);
}
