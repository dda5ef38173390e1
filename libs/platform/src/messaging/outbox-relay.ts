import { EventEnvelope, EventType } from '@cincy/contracts';
import { DataSource, EntityManager } from 'typeorm';
import type { LoggerService } from '@nestjs/common';
import { outboxPublished } from '../observability/metrics';
import { EventPublisher } from './jetstream-publisher';

/** Access to the outbox rows one relay pass works on, inside one database transaction. */
export interface OutboxBatch {
  /**
   * Up to `limit` unpublished events, oldest first, locked against other relays, leaving out
   * `skip` (ids this relay is publishing right now).
   */
  claim(limit: number, skip?: readonly string[]): Promise<EventEnvelope[]>;
  markPublished(ids: string[]): Promise<void>;
}

export interface OutboxStore {
  inTransaction<R>(work: (batch: OutboxBatch) => Promise<R>): Promise<R>;
  /** Marks events published outside a claim (those published right after their commit). */
  markPublished?(ids: string[]): Promise<void>;
}

export interface OutboxRelayOptions {
  batchSize?: number;
  pollIntervalMs?: number;
}

const MARK_GATHER_MS = 50;

/**
 * Moves committed outbox events to JetStream. It runs every `pollIntervalMs`, and at once when a
 * transaction that wrote events commits (`wake`). Several relays (replicas) share the work through
 * row locks. An event is marked published only after JetStream acknowledged it; a crash in between
 * publishes it again with the same `Nats-Msg-Id`, which the server (and the consumers' inbox) drop.
 */
export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private again = false;
  /** wake() only works between start() and stop(); drain() may also be called on its own. */
  private started = false;
  private stopping = false;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  /** Events published straight after their commit, until they are marked published. */
  private readonly inFlight = new Set<string>();
  private readonly toMark = new Set<string>();
  private marking?: Promise<void>;
  private readonly fastPublishes = new Set<Promise<void>>();

  constructor(
    private readonly store: OutboxStore,
    private readonly publisher: EventPublisher,
    private readonly logger: LoggerService,
    options: OutboxRelayOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 100;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
  }

  start(): void {
    this.started = true;
    this.stopping = false;
    this.timer = setInterval(() => this.wake(), this.pollIntervalMs);
    this.wake();
  }

  async stop(): Promise<void> {
    this.started = false;
    this.stopping = true;
    clearInterval(this.timer);
    await Promise.all([this.running, ...this.fastPublishes]);
    await this.marking;
  }

  /**
   * Publishes a transaction's events right after it committed, without reading them back (the
   * bench showed the claim pass, a transaction of four statements per commit, on every booking),
   * then marks them published, many in one UPDATE. Anything that fails stays unpublished in the
   * table for the next pass; a repeat is dropped by JetStream's Nats-Msg-Id dedupe.
   */
  publishCommitted(events: readonly EventEnvelope[]): void {
    if (!this.started || !this.store.markPublished) return this.wake();
    for (const e of events) this.inFlight.add(e.id);
    const publishing = Promise.allSettled(events.map((e) => this.publisher.publish(e))).then(
      (results) => {
        let failed = false;
        results.forEach((r, i) => {
          if (r.status === 'fulfilled') {
            this.toMark.add(events[i].id);
            outboxPublished.inc();
          } else {
            failed = true;
            this.inFlight.delete(events[i].id);
          }
        });
        this.marking ??= this.markAll().finally(() => (this.marking = undefined));
        if (failed) this.wake();
      },
    );
    this.fastPublishes.add(publishing);
    void publishing.finally(() => this.fastPublishes.delete(publishing));
  }

  /** Marks what was published after commit, in as few UPDATEs as arrive while one runs. */
  private async markAll(): Promise<void> {
    // A moment's wait gathers the marks of concurrent commits into one UPDATE; nothing waits on
    // a mark (the claim pass skips ids in flight), so it costs no latency.
    if (!this.stopping) await new Promise((resolve) => setTimeout(resolve, MARK_GATHER_MS));
    while (this.toMark.size) {
      const ids = [...this.toMark];
      this.toMark.clear();
      try {
        await this.store.markPublished?.(ids);
      } catch (error) {
        // Left unpublished: the next pass publishes them again, and the dedupe drops them.
        this.logger.warn({ msg: 'outbox mark failed; will republish', error: String(error) });
      } finally {
        for (const id of ids) this.inFlight.delete(id);
      }
    }
  }

  /** Asks for a pass now; passes never overlap, and a wake during a pass causes one more. */
  wake(): void {
    if (!this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Publishes until the outbox is empty or a publish fails. Returns how many were published. */
  async drain(): Promise<number> {
    let total = 0;
    try {
      for (;;) {
        const { published, claimed } = await this.publishBatch();
        total += published;
        if (claimed < this.batchSize || this.stopping) break;
      }
    } catch (error) {
      this.logger.warn({ msg: 'outbox relay pass failed; will retry', error: String(error) });
    }
    return total;
  }

  private publishBatch(): Promise<{ claimed: number; published: number }> {
    return this.store.inTransaction(async (batch) => {
      const events = await batch.claim(this.batchSize, [...this.inFlight]);
      // All publishes at once, then the acks together: one JetStream round trip per batch
      // instead of one per event. They leave in order on the one connection.
      const results = await Promise.allSettled(events.map((e) => this.publisher.publish(e)));
      const failed = results.findIndex((r) => r.status === 'rejected');
      // Keep what JetStream accepted before the first failure; the rest goes again next pass
      // (the server's Nats-Msg-Id dedupe drops any that had in fact arrived).
      const published = events.slice(0, failed === -1 ? events.length : failed).map((e) => e.id);
      if (published.length) {
        await batch.markPublished(published);
        outboxPublished.inc(published.length);
      }
      if (failed !== -1) throw (results[failed] as PromiseRejectedResult).reason;
      return { claimed: events.length, published: published.length };
    });
  }
}

/**
 * What is still to publish: how many events and how old the oldest is, in one query on the
 * partial index of unpublished rows (read when metrics are scraped).
 */
export async function readOutboxBacklog(
  dataSource: DataSource,
): Promise<{ events: number; oldestAgeSeconds: number }> {
  const [row]: { events: number; age: number | null }[] = await dataSource.query(
    `SELECT count(*)::int AS events, extract(epoch FROM now() - min(occurred_at))::float8 AS age
     FROM outbox WHERE published_at IS NULL`,
  );
  return { events: row.events, oldestAgeSeconds: Math.max(0, row.age ?? 0) };
}

/** The outbox table of a service's own schema. */
export function postgresOutboxStore(dataSource: DataSource): OutboxStore {
  const markPublished = async (manager: EntityManager, ids: string[]) => {
    await manager.query('UPDATE outbox SET published_at = now() WHERE id = ANY($1::uuid[])', [ids]);
  };
  return {
    markPublished: (ids) => markPublished(dataSource.manager, ids),
    inTransaction: (work) =>
      dataSource.transaction((manager) =>
        work({
          claim: async (limit, skip = []) => {
            const rows: {
              id: string;
              type: EventType;
              version: number;
              payload: never;
              correlation_id: string;
              occurred_at: Date;
              actor_id: number | null;
              trace_parent: string | null;
            }[] = await manager.query(
              `SELECT id, type, version, payload, correlation_id, occurred_at, actor_id, trace_parent
               FROM outbox
               WHERE published_at IS NULL AND NOT (id = ANY($2::uuid[]))
               ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
              [limit, skip],
            );
            // A cast: TypeScript matches an object to a union of more than 25 types no more.
            return rows.map(
              (r) =>
                ({
                  id: r.id,
                  type: r.type,
                  version: r.version,
                  payload: r.payload,
                  correlationId: r.correlation_id,
                  actorId: r.actor_id,
                  ...(r.trace_parent && { traceParent: r.trace_parent }),
                  occurredAt: new Date(r.occurred_at).toISOString(),
                }) as EventEnvelope,
            );
          },
          markPublished: (ids) => markPublished(manager, ids),
        }),
      ),
  };
}
