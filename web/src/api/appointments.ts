import type { AppointmentInput, CreatedAppointment, DashboardAppointment } from '@cincy/contracts';
import { requestJson } from './request';

export function fetchAppointments(signal?: AbortSignal): Promise<DashboardAppointment[]> {
  return requestJson<DashboardAppointment[]>('GET', '/api/appointments', undefined, { signal });
}

export function createAppointment(input: AppointmentInput): Promise<CreatedAppointment> {
  return requestJson<CreatedAppointment>('POST', '/api/appointments', input);
}
