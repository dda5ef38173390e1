import { randomUUID } from 'node:crypto';
import { EVENT_PAYLOADS, EventEnvelope, EventPayload, EventType } from '@cincy/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { currentActorId, currentCorrelationId } from '../logging/request-context';
import { currentTraceParent } from '../observability/tracing';

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
