import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  EVENT_PAYLOADS,
  EventEnvelope,
  EventPayload,
  EventType,
} from '@cincy/contracts';
import { requestFingerprint } from '../database/request-fingerprint';
import { DomainError } from '../rpc/domain-error';
import { DataSource, EntityManager } from 'typeorm';
import { currentActorId, currentCorrelationId } from '../logging/request-context';
import { currentTraceParent } from '../observability/tracing';

/** A request to do once: its Idempotency-Key, and what it asked (`requestFingerprint`). */
export interface RequestKey {
  key: string;
  fingerprint: string;
}

/**
 * A client's Idempotency-Key as `transactionOnce` takes it: the key, and what was asked by whom
 * (the same key with other details, or from someone else, is refused). None without a key.
 */
export const requestKey = (
  key: string | undefined,
  asked: object,
  by: number,
): RequestKey | undefined =>
  key ? { key, fingerprint: requestFingerprint({ ...asked, by }) } : undefined;

/** A new request under a key that already did something else. */
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This request was already sent with other details. Refresh, then try again.';

/** A unit of work: the service's writes and the events they cause, committed together. */
export interface Transaction {
  manager: EntityManager;
  emit<T extends EventType>(type: T, payload: EventPayload<T>): Promise<EventEnvelope<T>>;
}

export function buildEvent<T extends EventType>(
  type: T,
  payload: EventPayload<T>,
): EventEnvelope<T> {
  const id = randomUUID();
  const traceParent = currentTraceParent();
  return {
    id,
    type,
    version: 1,
    occurredAt: new Date().toISOString(),
    correlationId: currentCorrelationId() ?? id,
    actorId: currentActorId(),
    ...(traceParent && { traceParent }),
    payload: EVENT_PAYLOADS[type].parse(payload),
  } as EventEnvelope<T>;
}

/**
 * The transactional outbox. `transaction()` runs the work in one database transaction in which
 * `emit()` writes events to the outbox table; once it commits, they are handed to `onCommitted`
 * (the relay publishes them at once; the table is what makes it reliable).
 */
export class Outbox {
  constructor(
    private readonly dataSource: DataSource,
    private readonly onCommitted: (events: EventEnvelope[]) => void,
  ) {}

  /**
   * `transaction`, done once per Idempotency-Key: a repeat of `request` (same key, same
   * fingerprint) answers what the first one answered, without doing it again; the same key with
   * another fingerprint is refused. Repeats take turns on the key (across replicas), so two sends
   * of one step never both run. A refused request stores nothing: sent again, it is decided again.
   */
  async transactionOnce<R>(
    request: RequestKey | undefined,
    work: (tx: Transaction) => Promise<R>,
  ): Promise<R> {
    if (!request) return this.transaction(work);
    return this.transaction(async (tx) => {
      const { manager } = tx;
      await manager.query("SELECT pg_advisory_xact_lock(hashtext('request:' || $1))", [
        request.key,
      ]);
      const [seen]: { fingerprint: string; answer: R }[] = await manager.query(
        'SELECT fingerprint, answer FROM request_keys WHERE key = $1',
        [request.key],
      );
      if (seen) {
        if (seen.fingerprint === request.fingerprint) return seen.answer;
        throw new DomainError(ERROR_CODES.idempotencyKeyReused, IDEMPOTENCY_KEY_REUSED_MESSAGE);
      }
      const answer = await work(tx);
      // Kept two days: a phone's outbox gives up on a step long before that.
      await manager.query(
        `WITH expired AS (
           DELETE FROM request_keys WHERE key IN (
             SELECT key FROM request_keys WHERE created_at < now() - interval '2 days' LIMIT 20))
         INSERT INTO request_keys (key, fingerprint, answer) VALUES ($1, $2, $3)`,
        [request.key, request.fingerprint, JSON.stringify(answer)],
      );
      return answer;
    });
  }

  async transaction<R>(work: (tx: Transaction) => Promise<R>): Promise<R> {
    const emitted: EventEnvelope[] = [];
    const result = await this.dataSource.transaction(async (manager) => {
      const result = await work({
        manager,
        emit: async (type, payload) => {
          const event = buildEvent(type, payload);
          emitted.push(event);
          return event;
        },
      });
      // One statement for all the transaction's events (a consumer's batch emits many).
      if (emitted.length > 0) await insertOutboxRows(manager, emitted);
      return result;
    });
    if (emitted.length > 0) this.onCommitted(emitted);
    return result;
  }
}

function insertOutboxRows(manager: EntityManager, events: readonly EventEnvelope[]) {
  return manager.query(
    // Ordered, so `seq` (the relay's publishing order) follows the order of emit().
    `INSERT INTO outbox (id, type, version, payload, correlation_id, occurred_at, actor_id,
                         trace_parent)
     SELECT id, type, version, payload, correlation_id, occurred_at, actor_id, trace_parent
       FROM unnest($1::uuid[], $2::text[], $3::int[], $4::jsonb[], $5::text[], $6::timestamptz[],
                   $7::int[], $8::text[])
            WITH ORDINALITY AS e(id, type, version, payload, correlation_id, occurred_at, actor_id,
                                 trace_parent, n)
      ORDER BY n`,
    [
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => e.version),
      events.map((e) => JSON.stringify(e.payload)),
      events.map((e) => e.correlationId),
      events.map((e) => e.occurredAt),
      events.map((e) => e.actorId),
      events.map((e) => e.traceParent ?? null),
    ],
  );
}
