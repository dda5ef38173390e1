import type { Fitment, FitmentInput, FitmentLookupRow, FitmentQuery } from '@cincy/contracts';
import { requestJson } from './request';

/** GET /api/fitment: every row a vehicle matches (none when it is not on file). Public. */
export function fetchFitment(
  { year, make, model }: Omit<FitmentQuery, 'engine'>,
  signal?: AbortSignal,
): Promise<FitmentLookupRow[]> {
  const query = new URLSearchParams({ year: String(year), make, model });
  return requestJson('GET', `/api/fitment?${query}`, undefined, { signal });
}

/** GET /api/fitment/rows: the whole table, for the Fitment card (admins). */
export function fetchFitmentRows(signal?: AbortSignal): Promise<Fitment[]> {
  return requestJson('GET', '/api/fitment/rows', undefined, { signal });
}

export function createFitment(input: FitmentInput): Promise<Fitment> {
  return requestJson('POST', '/api/fitment', input);
}

export function updateFitment(id: number, input: FitmentInput): Promise<Fitment> {
  return requestJson('PUT', `/api/fitment/${id}`, input);
}

export function deleteFitment(id: number): Promise<{ message: string }> {
  return requestJson('DELETE', `/api/fitment/${id}`);
}
