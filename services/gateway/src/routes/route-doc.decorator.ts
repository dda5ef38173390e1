import { RPC, RpcSubject } from '@cincy/contracts';
import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';
import type { Refusal } from '../common/refusals';

export const ROUTE_DOC_KEY = 'route:doc';

export interface RouteDocOptions {
  /** The body, for a route that does not parse it with a Contract pipe (the login's passport). */
  body?: z.ZodType;
  /**
   * The RPC subjects the route calls when its answer is not one subject's own; their refusals
   * are the route's too.
   */
  calls?: RpcSubject[];
  /** What the handler itself answers besides success (health's 503 with its own body). */
  answers?: Refusal[];
  /** A body that is a file, not JSON: the media types it may be (a photo's). */
  fileBody?: readonly string[];
}

/** An answer that is a file, not JSON: its bytes, of this media type or one of these. */
export interface FileAnswer {
  file: string | readonly string[];
}

/** What the route table cannot read off a handler: a summary and the answer's schema. */
export interface RouteDoc extends RouteDocOptions {
  summary: string;
  /** The RPC subject whose answer the route returns as is, the answer's own schema, or a file. */
  answer: keyof typeof RPC | z.ZodType | FileAnswer;
}

export const isFileAnswer = (answer: RouteDoc['answer']): answer is FileAnswer =>
  typeof answer === 'object' && 'file' in answer;

/** `@Doc('Book a visit', 'booking.appointments.create')`: documents the route in /api/openapi.json. */
export const Doc = (summary: string, answer: RouteDoc['answer'], options: RouteDocOptions = {}) =>
  SetMetadata(ROUTE_DOC_KEY, { summary, answer, ...options } satisfies RouteDoc);
