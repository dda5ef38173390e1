import type { DueTest, OpenClaimInput, WarrantyClaim, WarrantyClaims } from '@cincy/contracts';
import { requestJson } from './request';

/** GET /api/warranty/claims: batteries replaced under warranty and what suppliers owe (admins). */
export function fetchWarrantyClaims(signal?: AbortSignal): Promise<WarrantyClaims> {
  return requestJson('GET', '/api/warranty/claims', undefined, { signal });
}

/** GET /api/warranty/due-tests: batteries due for their free test (admins). */
export function fetchDueTests(signal?: AbortSignal): Promise<DueTest[]> {
  return requestJson('GET', '/api/warranty/due-tests', undefined, { signal });
}

/** POST /api/warranty/claims: a claim from the job's failing test of the old battery. */
export function openWarrantyClaim(claim: OpenClaimInput): Promise<WarrantyClaim> {
  return requestJson('POST', '/api/warranty/claims', claim);
}
