import type { TimeSlot, TimeSlotsRequest } from '@cincy/contracts';
import { requestJson } from './request';

/**
 * The hour grid of one day. Parsed, because the form disables buttons by what it says; the schema
 * (and zod) load with the first answer, not with the booking form's first paint.
 */
export async function fetchTimeSlots(
  { date, address = '' }: TimeSlotsRequest,
  signal?: AbortSignal,
): Promise<TimeSlot[]> {
  const url = `/api/time-slots?date=${encodeURIComponent(date)}&address=${encodeURIComponent(address)}`;
  const [answer, { timeSlotsSchema }] = await Promise.all([
    requestJson<unknown>('GET', url, undefined, { signal }),
    import('@cincy/contracts'),
  ]);
  return timeSlotsSchema.parse(answer);
}
