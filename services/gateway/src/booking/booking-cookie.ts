import { createHmac, timingSafeEqual } from 'node:crypto';
import { SESSION, appointmentInputSchema } from '@cincy/contracts';
import { InjectEnv } from '@cincy/platform';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { readCookie } from '../access/session-cookie';
import { forbidden } from '../common/api-exception';
import { Refusal } from '../common/refusals';
import { GATEWAY_ENV, GatewayEnv } from '../config';

/**
 * The anonymous booking cookie binds a customer id to the browser that created it: an anonymous
 * visitor may book only for the customer they just registered.
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

/**
 * A visitor may book only for the customer their booking cookie names (staff for anyone). A body
 * that breaks its contract is left to the contract's 400, which says what to fix.
 */
@Injectable()
export class BookingCookieGuard implements CanActivate {
  static readonly refuses: readonly Refusal[] = [
    {
      status: 403,
      description: 'A visitor booking for a customer their booking cookie does not name.',
    },
  ];

  constructor(@InjectEnv(GATEWAY_ENV) private readonly env: Pick<GatewayEnv, 'COOKIE_SECRET'>) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request & { currentUser?: unknown }>();
    if (req.currentUser) return true;
    const body = appointmentInputSchema.safeParse(req.body);
    if (!body.success) return true;
    const asked = body.data.customerId;
    const allowed = verifiedCustomerId(
      readCookie(req, SESSION.bookingCookieName),
      this.env.COOKIE_SECRET,
    );
    if (allowed !== asked) throw forbidden(BOOKING_SESSION_EXPIRED);
    return true;
  }
}

export const BOOKING_SESSION_EXPIRED =
  'Your booking session has expired. Please submit the form again.';
