import {
  Counter,
  Histogram,
  LATENCY_BUCKETS,
  ScrapedGauge,
  metricsRegistry,
} from '@cincy/platform';
import type { NextFunction, Request, Response } from 'express';

/** Open socket.io connections per namespace (`staff`: the board, `track`: customers' pages). */
export const socketConnections = new ScrapedGauge(
  'cincy_socket_connections',
  'Open socket.io connections on this gateway replica',
  ['namespace'],
);

/** Requests refused by a limiter (`booking.appointments`, `booking.tracking`, `login`, ...). */
export const rateLimitRefusals = new Counter({
  name: 'cincy_rate_limit_refusals_total',
  help: 'Requests and socket handshakes a rate limit refused',
  labelNames: ['limiter'] as const,
  registers: [metricsRegistry],
});

const httpDuration = new Histogram({
  name: 'cincy_http_request_duration_seconds',
  help: 'Time the gateway took to answer an HTTP request, by route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/**
 * The route pattern a request matched (`/api/appointments/:id`), never the URL itself: a URL
 * holds ids and tokens, and one series per URL would grow without end. Anything no route matched
 * falls into one of two buckets.
 */
export function routeOf(req: Request): string {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return `${req.baseUrl}${pattern}`;
  return req.path === '/api' || req.path.startsWith('/api/') ? 'unmatched /api' : 'web app';
}

/** Times every HTTP answer; first in the chain, so refusals by the earlier middleware count too. */
export function timeHttpRequests(req: Request, res: Response, next: NextFunction): void {
  const stop = httpDuration.startTimer();
  res.once('finish', () =>
    stop({ method: req.method, route: routeOf(req), status: String(res.statusCode) }),
  );
  next();
}
