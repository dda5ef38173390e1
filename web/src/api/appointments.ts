import type {
  AppointmentInput,
  CreatedAppointment,
  DashboardAppointment,
  StatusChange,
} from '@cincy/contracts';
import { requestJson } from './request';

/** What PATCH /api/appointments/{id}/decline answers (`declineAnswerSchema`). */
export interface DeclineAnswer {
  message: string;
  appointment: DashboardAppointment;
}

export function fetchAppointments(signal?: AbortSignal): Promise<DashboardAppointment[]> {
  return requestJson<DashboardAppointment[]>('GET', '/api/appointments', undefined, { signal });
}

export function createAppointment(input: AppointmentInput): Promise<CreatedAppointment> {
  return requestJson<CreatedAppointment>('POST', '/api/appointments', input);
}

/** Accept, en route, on location; answers the appointment as it now is. */
export function changeAppointmentStatus(
  id: number,
  change: StatusChange,
): Promise<DashboardAppointment> {
  return requestJson<DashboardAppointment>('PATCH', `/api/appointments/${id}/status`, change);
}

export function declineAppointment(id: number): Promise<DeclineAnswer> {
  return requestJson<DeclineAnswer>('PATCH', `/api/appointments/${id}/decline`);
}
