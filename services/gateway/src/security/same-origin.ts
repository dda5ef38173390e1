import type { IncomingHttpHeaders } from 'node:http';
import { ERROR_CODES } from '@cincy/contracts';
import type { NextFunction, Request, Response } from 'express';

export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_MESSAGE = 'Requests from other sites are not allowed.';

/**
 * True unless a browser says the request comes from another site: its Origin (sent with every
 * cross-site POST, PUT, PATCH and DELETE, and with socket.io's handshake) names a host other
 * than ours. Callers without an Origin (curl, services, same-site navigations) are not browsers
 * acting for another site.
 */
export function isSameOrigin(headers: IncomingHttpHeaders, trustProxy: boolean): boolean {
  const origin = headers.origin;
  if (!origin) return true;
  const forwarded = trustProxy ? headers['x-forwarded-host'] : undefined;
  const host = (typeof forwarded === 'string' ? forwarded.split(',')[0] : headers.host)?.trim();
  try {
    return !!host && new URL(origin).host === host;
  } catch {
    return false; // 'null' (a sandboxed page or a file) or garbage
  }
}

/** Refuses cookie-carrying writes from another site (CSRF), before any route runs. */
export function sameOriginWrites(trustProxy: boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!UNSAFE_METHODS.has(req.method) || isSameOrigin(req.headers, trustProxy)) return next();
    res.status(403).json({ code: ERROR_CODES.forbidden, message: CROSS_SITE_MESSAGE });
  };
}
