import type { WarrantyClaims } from '@cincy/contracts';
import { requestJson } from './request';

/** GET /api/warranty/claims: batteries replaced under warranty and what suppliers owe (admins). */
export function fetchWarrantyClaims(signal?: AbortSignal): Promise<WarrantyClaims> {
  return requestJson('GET', '/api/warranty/claims', undefined, { signal });
}
