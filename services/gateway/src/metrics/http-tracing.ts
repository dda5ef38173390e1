import {
  CORRELATION_ATTRIBUTE,
  CORRELATION_HEADER,
  SpanKind,
  endSpan,
  startSpan,
  withTraceContext,
} from '@cincy/platform';
import type { NextFunction, Request, Response } from 'express';
import { routeOf } from './gateway-metrics';

/**
 * Each HTTP request is the root span of its trace (a browser's `traceparent` is not trusted:
 * the trace starts here), named by its route pattern once the route is known; the RPCs it makes
 * and the events they emit continue it. A no-op when tracing is off.
 */
export function traceHttpRequests(req: Request, res: Response, next: NextFunction): void {
  const { span, context: active } = startSpan(req.method, SpanKind.SERVER, {
    'http.request.method': req.method,
  });
  res.once('finish', () => {
    const route = routeOf(req);
    span.updateName(`${req.method} ${route}`);
    span.setAttributes({
      'http.route': route,
      'http.response.status_code': res.statusCode,
      [CORRELATION_ATTRIBUTE]: String(res.getHeader(CORRELATION_HEADER) ?? ''),
    });
    endSpan(span, res.statusCode >= 500 ? `status ${res.statusCode}` : undefined);
  });
  withTraceContext(active, next);
}
