import { EventEnvelope } from '@cincy/contracts';
import { AppLogger } from '../logging/app-logger';
import { EventPublisher } from './jetstream-publisher';
import { OutboxRelay, OutboxStore } from './outbox-relay';

const event = (n: number): EventEnvelope =>
  ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type: 'dispatch.appointment.opened',
    version: 1,
    occurredAt: new Date().toISOString(),
    correlationId: `c${n}`,
    payload: {},
  }) as unknown as EventEnvelope;

/** An outbox in memory with the store's contract: claim unpublished in order, mark by id. */
function memoryStore(count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({ event: event(i + 1), published: false }));
  const store: OutboxStore = {
    inTransaction: (work) =>
      work({
        claim: async (limit, skip = []) =>
          rows
            .filter((r) => !r.published && !skip.includes(r.event.id))
            .slice(0, limit)
            .map((r) => r.event),
        markPublished: async (ids) =>
          rows.forEach((r) => ids.includes(r.event.id) && (r.published = true)),
      }),
    markPublished: async (ids) =>
      rows.forEach((r) => ids.includes(r.event.id) && (r.published = true)),
  };
  return { store, rows };
}

const silent = new AppLogger('test', 'error');
jest.spyOn(silent, 'warn').mockImplementation(() => undefined);

describe('OutboxRelay', () => {
  it('publishes every pending event once, oldest first, across batches', async () => {
    const { store, rows } = memoryStore(7);
    const published: string[] = [];
    const publisher: EventPublisher = { publish: async (e) => void published.push(e.id) };
    const relay = new OutboxRelay(store, publisher, silent, { batchSize: 3 });

    expect(await relay.drain()).toBe(7);
    expect(published).toEqual(rows.map((r) => r.event.id));
    expect(rows.every((r) => r.published)).toBe(true);
    expect(await relay.drain()).toBe(0);
    expect(published).toHaveLength(7);
  });

  it('keeps what JetStream accepted and leaves the rest for the next pass when a publish fails', async () => {
    const { store, rows } = memoryStore(4);
    let calls = 0;
    const publisher: EventPublisher = {
      publish: async () => {
        if (++calls === 3) throw new Error('nats down');
      },
    };
    const relay = new OutboxRelay(store, publisher, silent);

    expect(await relay.drain()).toBe(0);
    expect(rows.map((r) => r.published)).toEqual([true, true, false, false]);
    expect(await relay.drain()).toBe(2);
    expect(rows.every((r) => r.published)).toBe(true);
  });

  it('coalesces wakes during a pass into one more pass, never two at once', async () => {
    const { store } = memoryStore(1);
    let concurrent = 0;
    let maxConcurrent = 0;
    let passes = 0;
    const slowStore: OutboxStore = {
      inTransaction: async (work) => {
        passes++;
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await new Promise((r) => setTimeout(r, 20));
        try {
          return await store.inTransaction(work);
        } finally {
          concurrent--;
        }
      },
    };
    const relay = new OutboxRelay(slowStore, { publish: async () => undefined }, silent, {
      pollIntervalMs: 60_000,
    });
    relay.start(); // first pass
    relay.wake();
    relay.wake();
    relay.wake();
    await new Promise((r) => setTimeout(r, 100));
    await relay.stop();
    expect(maxConcurrent).toBe(1);
    expect(passes).toBe(2);
  });

  it('publishes committed events at once and marks them without claiming them again', async () => {
    const { store, rows } = memoryStore(3);
    const published: string[] = [];
    const publisher: EventPublisher = { publish: async (e) => void published.push(e.id) };
    const relay = new OutboxRelay(store, publisher, silent, { pollIntervalMs: 60_000 });
    relay.start(); // its first pass publishes the three rows already there
    await new Promise((r) => setTimeout(r, 20));
    published.length = 0;

    rows.push({ event: event(4), published: false }, { event: event(5), published: false });
    relay.publishCommitted([rows[3].event, rows[4].event]);
    await relay.stop();

    expect(published).toEqual([rows[3].event.id, rows[4].event.id]);
    expect(rows.every((r) => r.published)).toBe(true);
  });

  it('leaves a committed event whose publish failed to the next pass', async () => {
    const { store, rows } = memoryStore(0);
    let down = true;
    const published: string[] = [];
    const publisher: EventPublisher = {
      publish: async (e) => {
        if (down) throw new Error('nats down');
        published.push(e.id);
      },
    };
    const relay = new OutboxRelay(store, publisher, silent, { pollIntervalMs: 60_000 });
    relay.start();
    await new Promise((r) => setTimeout(r, 20));
    rows.push({ event: event(1), published: false });
    relay.publishCommitted([rows[0].event]);
    await relay.stop();
    expect(rows[0].published).toBe(false);

    down = false;
    expect(await relay.drain()).toBe(1);
    expect(published).toEqual([rows[0].event.id]);
    expect(rows[0].published).toBe(true);
  });
});
