import { randomUUID } from 'node:crypto';
import { EVENT_PAYLOADS, EventEnvelope, EventPayload, EventType } from '@cincy/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { currentCorrelationId } from '../logging/request-context';

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
  return {
    id,
    type,
    version: 1,
    occurredAt: new Date().toISOString(),
    correlationId: currentCorrelationId() ?? id,
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
    const result = await this.dataSource.transaction(async (manager) =>
      work({
        manager,
        emit: async (type, payload) => {
          const event = buildEvent(type, payload);
          await manager.query(
            `INSERT INTO outbox (id, type, version, payload, correlation_id, occurred_at)
             VALUES ($1, $2, $3, $4, $5, $6)`,
            [
              event.id,
              event.type,
              event.version,
              event.payload,
              event.correlationId,
              event.occurredAt,
            ],
          );
          emitted.push(event);
          return event;
        },
      }),
    );
    if (emitted.length > 0) this.onCommitted(emitted);
    return result;
  }
}
