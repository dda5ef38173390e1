import type { DashboardAppointment } from '@cincy/contracts';
import { apiRequest, readJson } from './request';

export async function fetchAppointments(): Promise<DashboardAppointment[]> {
  return readJson<DashboardAppointment[]>(await apiRequest('GET', '/api/appointments'));
}
