import { RPC } from '@cincy/contracts';
import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

export const ROUTE_DOC_KEY = 'route:doc';

/** What the route table cannot read off a handler: a summary and the answer's schema. */
export interface RouteDoc {
  summary: string;
  /** The RPC subject whose answer the route returns as is, or the answer's own schema. */
  answer: keyof typeof RPC | z.ZodType;
  /** The body, for a route that does not parse it with a Contract pipe (the login's passport). */
  body?: z.ZodType;
}

/** `@Doc('Book a visit', 'booking.appointments.create')`: documents the route in /api/openapi.json. */
export const Doc = (summary: string, answer: RouteDoc['answer'], body?: z.ZodType) =>
  SetMetadata(ROUTE_DOC_KEY, { summary, answer, body } satisfies RouteDoc);
