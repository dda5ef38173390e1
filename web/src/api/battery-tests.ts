import type { BatteryTest, batteryTestInputSchema } from '@cincy/contracts';
import { requestJson } from './request';
import type { SchemaInput } from './schema-types';

/** The body of POST /api/appointments/{id}/battery-tests. */
export type BatteryTestBody = SchemaInput<typeof batteryTestInputSchema>;

/** GET /api/appointments/{id}/battery-tests: the job's tests, in the order taken. */
export function fetchBatteryTests(
  appointmentId: number,
  signal?: AbortSignal,
): Promise<BatteryTest[]> {
  return requestJson('GET', `/api/appointments/${appointmentId}/battery-tests`, undefined, {
    signal,
  });
}

/** Records a test on the job (the office types a printout in); answers it as recorded. */
export function recordBatteryTest(
  appointmentId: number,
  test: BatteryTestBody,
): Promise<BatteryTest> {
  return requestJson('POST', `/api/appointments/${appointmentId}/battery-tests`, test);
}
