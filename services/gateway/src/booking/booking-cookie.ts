import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The anonymous booking cookie binds a customer id to the browser that created it: an anonymous
 * visitor may book only for the customer they just registered (see DESIGN.md, Gateway).
 */
export function signCustomerId(customerId: number, secret: string): string {
  return `${customerId}.${createHmac('sha256', secret).update(`customer:${customerId}`).digest('base64url')}`;
}

export function verifiedCustomerId(cookie: string | undefined, secret: string): number | undefined {
  if (!cookie) return undefined;
  const id = Number(cookie.split('.')[0]);
  if (!Number.isInteger(id) || id < 1) return undefined;
  const expected = Buffer.from(signCustomerId(id, secret));
  const actual = Buffer.from(cookie);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? id : undefined;
}
