import { ERROR_STATUS, ErrorCode, refusalsOf } from '@cincy/contracts';
import { BODY_METHODS, bodyLimitOf } from '../common/json-body';
import { Refusal } from '../common/refusals';
import { UNSAFE_METHODS } from '../security/same-origin';
import { GatewayRoute } from './route-table';

const MFA_REQUIRED_WORDS =
  'The session has its password but not yet its second step (`MFA_REQUIRED`).';

const CODE_WORDS: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'A rule of the service refused the input (`fieldErrors`).',
  NOT_FOUND: 'No such record.',
  UNAUTHENTICATED: 'The session ended.',
  INVALID_CREDENTIALS: 'Invalid username or password.',
  FORBIDDEN: 'Not allowed on this record.',
  CONFLICT: 'The record is not in a state that allows it (taken, done, out of stock...).',
  SERVICE_UNAVAILABLE: 'A service this one needs did not answer; safe to retry.',
  TIME_SLOT_FULL: 'That hour is fully booked.',
  OUTSIDE_SERVICE_HOURS: 'Outside the rapid-response window.',
  OUTSIDE_SERVICE_AREA:
    "The address's ZIP code is outside the service area (`fieldErrors.location`).",
  IDEMPOTENCY_KEY_REUSED: 'The Idempotency-Key was already used with other details.',
};

/**
 * Every answer a route can give besides success, each from where it is raised, so the API
 * document cannot list less than the gateway answers:
 * - the edge, before any route: a control character (400, every route); a body that is not JSON
 *   (400, unless the route takes a file) or too large (413) on the methods that read one; a write
 *   from another site (403);
 * - the session guard: 401 unless public, 403 for a role, 503 when identity cannot resolve a
 *   session cookie (any route);
 * - the route's Contract pipes (400, a link token's 404) and its guards' declared refusals (`static refuses`);
 * - the RPC subjects it calls: the refusals each declares in the contracts, and 503;
 * - what the handler itself answers (`@Doc` answers).
 */
export function refusalsOfRoute(route: GatewayRoute): Map<number, Refusal[]> {
  const found: Refusal[] = [
    { status: 400, description: 'A control character in the path, query or body.' },
    { status: 503, description: 'A service did not answer in time; safe to retry.' },
  ];
  if (BODY_METHODS.includes(route.method)) {
    // A route that takes a file reads its body raw: never parsed as JSON.
    if (!route.doc?.fileBody)
      found.push({ status: 400, description: 'The body is not valid JSON.' });
    found.push({ status: 413, description: `The body is larger than ${bodyLimitOf(route.path)}.` });
  }
  if (UNSAFE_METHODS.has(route.method)) {
    found.push({ status: 403, description: 'A write sent from another site.' });
  }
  if (!route.access.public)
    found.push({ status: 401, description: 'Not signed in, or the session ended.' });
  if (!route.access.public && !route.access.signInStep)
    found.push({ status: 403, description: MFA_REQUIRED_WORDS });
  if (route.access.roles.length)
    found.push({ status: 403, description: 'The role may not do this.' });
  found.push(...route.inputs.map((input) => input.refusal));
  found.push(...route.guardRefusals);
  for (const subject of route.calls) {
    for (const code of refusalsOf(subject)) {
      found.push({ status: ERROR_STATUS[code], description: CODE_WORDS[code] ?? code });
    }
  }
  found.push(...(route.doc?.answers ?? []));

  const byStatus = new Map<number, Refusal[]>();
  for (const refusal of found) {
    const same = byStatus.get(refusal.status) ?? [];
    if (!same.some((r) => r.description === refusal.description)) same.push(refusal);
    byStatus.set(refusal.status, same);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}
