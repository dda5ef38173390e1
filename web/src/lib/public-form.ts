import type { z } from 'zod';

/**
 * The public forms' one helper (booking, find, cancel, reschedule), as the staff forms share
 * `zod-form.ts`: the contracts' schemas word every field's message, and a refused call reads the
 * same way on every page. It takes a schema, never imports one: the pages load the contracts'
 * schemas (and zod) only when a visitor starts typing or sends, never on their first paint.
 */

/** Said when a call could not even reach the server. */
export const UNREACHABLE = 'We could not reach our server. Check your connection and try again.';

/** Said after a 429 when the server did not say how long to wait. */
export const TOO_MANY_TRIES = 'Too many tries. Please wait a minute, then try again.';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first message of each field when the contracts' `schema` reads `values`. */
export function schemaErrors<F extends string>(schema: z.ZodType, values: unknown): FieldErrors<F> {
  const result = schema.safeParse(values);
  const errors: FieldErrors<F> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as F | undefined;
    if (field !== undefined && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** What a refused form shows: a line above it, and the server's words beside their fields. */
export interface Refusal<F extends string> {
  message: string;
  errors: FieldErrors<F>;
}

interface RefusedCall {
  status?: unknown;
  serverMessage?: unknown;
  fieldErrors?: unknown;
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/**
 * A refused call, for the visitor: the server's sentence (it says why and what to do), else the
 * page's words for that status, else `fallback`; each of `fields` the server named, beside it; a
 * call that got no answer says so.
 */
export function refusalOf<F extends string>(
  error: unknown,
  fallback: string,
  options: { fields?: readonly F[]; byStatus?: Partial<Record<number, string>> } = {},
): Refusal<F> {
  const refused = (error ?? {}) as RefusedCall;
  if (typeof refused.status !== 'number') return { message: UNREACHABLE, errors: {} };
  const message = text(refused.serverMessage) ?? options.byStatus?.[refused.status] ?? fallback;
  const sent = (refused.fieldErrors ?? {}) as Record<string, unknown>;
  const errors: FieldErrors<F> = {};
  for (const field of options.fields ?? []) {
    const said = text(sent[field]);
    if (said) errors[field] = said;
  }
  return { message, errors };
}
