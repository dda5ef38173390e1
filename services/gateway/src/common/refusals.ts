import type { z } from 'zod';

/** A refusal a piece of the gateway raises, as the API document names it. */
export interface Refusal {
  status: number;
  description: string;
  /** The body's schema when it is not the API's error shape (health's 503). */
  schema?: z.ZodType;
}

/**
 * A guard that refuses declares what it answers beside its code (`static readonly refuses`): the
 * route table reads it off the routes it guards, so the API document names every refusal.
 */
export interface RefusingGuard {
  readonly refuses: readonly Refusal[];
}

export const isRefusingGuard = (guard: unknown): guard is RefusingGuard =>
  typeof guard === 'function' && Array.isArray((guard as Partial<RefusingGuard>).refuses);
