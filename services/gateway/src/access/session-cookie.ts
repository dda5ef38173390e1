import { SESSION } from '@cincy/contracts';
import type { CookieOptions, Request, Response } from 'express';

const cookieOptions = (req: Request): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: req.secure,
  path: '/',
});

/** The cookie outlives the idle limit on purpose: the server decides when a session is over. */
const SESSION_COOKIE_MAX_AGE_MS = 12 * 60 * 60 * 1000;

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
