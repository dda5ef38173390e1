import type { BatteryTest } from '@cincy/contracts';
import { requestJson } from './request';

/** GET /api/appointments/{id}/battery-tests: the job's tests, in the order taken. */
export function fetchBatteryTests(appointmentId: number): Promise<BatteryTest[]> {
  return requestJson('GET', `/api/appointments/${appointmentId}/battery-tests`);
}
