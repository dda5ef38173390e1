import { randomBytes } from 'node:crypto';
import { ACCOUNT_LIMITS, RelyingParty, SESSION, SignInClient } from '@cincy/contracts';
import type { CookieOptions, Request, Response } from 'express';

const cookieOptions = (req: Request): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: req.secure,
  path: '/',
});

/**
 * The cookie outlives the idle limit on purpose: the server decides when a session is over (at
 * the latest when the cookie does, the session's longest life).
 */
const SESSION_COOKIE_MAX_AGE_MS = ACCOUNT_LIMITS.sessionMaxHours * 60 * 60 * 1000;

export function setSessionCookie(req: Request, res: Response, token: string): void {
  res.cookie(SESSION.cookieName, token, {
    ...cookieOptions(req),
    maxAge: SESSION_COOKIE_MAX_AGE_MS,
  });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION.cookieName, cookieOptions(req));
}

export function readCookie(req: Pick<Request, 'cookies'>, name: string): string | undefined {
  const value = req.cookies?.[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}

export function setBookingCookie(req: Request, res: Response, value: string): void {
  res.cookie(SESSION.bookingCookieName, value, {
    ...cookieOptions(req),
    maxAge: SESSION.bookingCookieMinutes * 60_000,
  });
}

const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * What identity is told of the browser signing in: its User-Agent, its address and its device
 * cookie, made (and set on the answer) at its first sign-in.
 */
export function signInClient(req: Request, res: Response): SignInClient {
  let deviceId = readCookie(req, SESSION.deviceCookieName);
  if (!deviceId) {
    deviceId = randomBytes(24).toString('base64url');
    res.cookie(SESSION.deviceCookieName, deviceId, {
      ...cookieOptions(req),
      maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    });
  }
  return {
    userAgent: (req.get('user-agent') ?? '').slice(0, 500),
    ip: (req.ip ?? req.socket.remoteAddress ?? '').slice(0, 100),
    deviceId,
  };
}

/** Where a passkey ceremony happens: the page's origin as the browser reached this gateway. */
export const relyingParty = (req: Request): RelyingParty => ({
  origin: `${req.protocol}://${req.get('host') ?? req.hostname}`,
  rpId: req.hostname,
});
