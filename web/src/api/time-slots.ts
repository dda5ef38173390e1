import { timeSlotsSchema, type TimeSlot, type TimeSlotsRequest } from '@cincy/contracts';
import { requestJson } from './request';

/** The hour grid of one day. Parsed, because the form disables buttons by what it says. */
export async function fetchTimeSlots(
  { date, address = '' }: TimeSlotsRequest,
  signal?: AbortSignal,
): Promise<TimeSlot[]> {
  const url = `/api/time-slots?date=${encodeURIComponent(date)}&address=${encodeURIComponent(address)}`;
  return timeSlotsSchema.parse(await requestJson<unknown>('GET', url, undefined, { signal }));
}
