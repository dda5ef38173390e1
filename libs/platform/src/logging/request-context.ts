import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What follows one request from the gateway through NATS and into the events it causes. */
export interface RequestContext {
  correlationId: string;
  /** The signed-in user the work is done for; none for a customer's or the system's own doing. */
  actorId?: number | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const CORRELATION_HEADER = 'x-correlation-id';
/** Carries the actor over NATS requests (set by the gateway from the session, never by a browser). */
export const ACTOR_HEADER = 'x-actor-id';

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}

export function currentActorId(): number | null {
  return storage.getStore()?.actorId ?? null;
}

/**
 * Names the signed-in user of the request under way: the gateway knows them only once the session
 * is resolved, after the request's context was opened. Events the request causes carry them.
 */
export function setCurrentActor(actorId: number): void {
  const context = storage.getStore();
  if (context) context.actorId = actorId;
}

/** A user id from a header, or none when it does not look like one. */
export function actorIdFrom(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** Accepts a caller's correlation id only when it looks like one; otherwise makes a new one. */
export function correlationIdFrom(value: unknown): string {
  return typeof value === 'string' && /^[A-Za-z0-9._:-]{1,100}$/.test(value) ? value : randomUUID();
}
