import { createHash } from 'node:crypto';

/**
 * sha256 of the parsed request in one canonical form (keys sorted, missing fields absent), so a
 * repeat is recognised whatever order the client wrote the fields in.
 */
export function requestFingerprint(input: object): string {
  return createHash('sha256').update(canonicalJson(input)).digest('hex');
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
