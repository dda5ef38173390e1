import { EventEnvelope } from '@cincy/contracts';
import { EntityManager } from 'typeorm';
import { AppLogger } from '../logging/app-logger';
import {
  ApplyDeps,
  Delivery,
  EventSubscription,
  applyDeliveries,
  applyDelivery,
} from './event-consumer';
import { eventCodec } from './jetstream-publisher';
import { Transaction } from './outbox';

const requested = {
  id: '5f0c3a52-8f1e-4c5e-9a43-0d7a8d2b1c11',
  type: 'booking.appointment.requested',
  version: 1,
  occurredAt: '2026-11-21T15:00:00.000Z',
  correlationId: 'corr-1',
  payload: {
    appointmentId: 7,
    customerId: 3,
    customer: { name: 'Jane Doe', phone: '5135550100' },
    location: '1 Main St, Cincinnati, Ohio 45202',
    customerLocation: null,
    vehicle: null,
    preferredTime: 'ASAP',
    scheduledDate: null,
    scheduledTime: null,
    scheduledStartTime: null,
    notes: null,
    priority: 'normal',
    requestedAt: '2026-11-21T15:00:00.000Z',
  },
} as EventEnvelope;

function delivery(data: unknown, redeliveryCount = 0) {
  const answers: string[] = [];
  const d: Delivery = {
    data: eventCodec.encode(data as EventEnvelope),
    redeliveryCount,
    ack: () => answers.push('ack'),
    nak: (delay) => answers.push(`nak:${delay}`),
    term: () => answers.push('term'),
  };
  return { d, answers };
}

/**
 * A database in miniature: the inbox and the handler's writes commit together or not at all,
 * exactly what Postgres gives the real consumer.
 */
function fakeDatabase() {
  const committed = { inbox: new Set<string>(), writes: [] as string[] };
  const logger = new AppLogger('test', 'error');
  jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  jest.spyOn(logger, 'error').mockImplementation(() => undefined);
  const deps: ApplyDeps = {
    consumer: 'dispatch-board',
    logger,
    recordInbox: async (manager, consumer, events) => {
      const pending = manager as unknown as { inbox: Set<string> };
      const fresh = new Set<string>();
      for (const { id } of events) {
        const key = `${consumer}:${id}`;
        if (committed.inbox.has(key) || pending.inbox.has(key)) continue;
        pending.inbox.add(key);
        fresh.add(id);
      }
      return fresh;
    },
    runInTransaction: async (work) => {
      const pending = { inbox: new Set<string>(), writes: [] as string[] };
      const tx = {
        manager: pending as unknown as EntityManager,
        emit: jest.fn(),
      } as unknown as Transaction;
      const result = await work(tx);
      pending.inbox.forEach((k) => committed.inbox.add(k));
      committed.writes.push(...pending.writes);
      return result;
    },
  };
  return { deps, committed };
}

const writingSubscription = (
  fail = () => false,
): EventSubscription<'booking.appointment.requested'> => ({
  durable: 'dispatch-board',
  filter: 'booking.appointment.requested',
  handle: async (event, tx) => {
    (tx.manager as unknown as { writes: string[] }).writes.push(
      `board:${event.payload.appointmentId}`,
    );
    if (fail()) throw new Error('database hiccup');
  },
});

describe('applyDelivery (idempotent consumer)', () => {
  it('applies an event once however often it is delivered, and acks every delivery', async () => {
    const { deps, committed } = fakeDatabase();
    const subscription = writingSubscription();
    const first = delivery(requested);
    const again = delivery(requested, 1);

    expect(await applyDelivery(deps, subscription, first.d)).toBe('applied');
    expect(await applyDelivery(deps, subscription, again.d)).toBe('duplicate');
    expect(committed.writes).toEqual(['board:7']);
    expect(first.answers).toEqual(['ack']);
    expect(again.answers).toEqual(['ack']);
  });

  it('naks with a growing delay when the handler fails, leaving no inbox row so the retry applies it', async () => {
    const { deps, committed } = fakeDatabase();
    let attempts = 0;
    const subscription = writingSubscription(() => ++attempts === 1);
    const failing = delivery(requested, 2);

    expect(await applyDelivery(deps, subscription, failing.d)).toBe('retry');
    expect(failing.answers).toEqual(['nak:4000']);
    expect(committed.writes).toEqual([]);

    const retry = delivery(requested, 3);
    expect(await applyDelivery(deps, subscription, retry.d)).toBe('applied');
    expect(committed.writes).toEqual(['board:7']);
  });

  it('terminates an event whose payload breaks the contract instead of retrying it forever', async () => {
    const { deps, committed } = fakeDatabase();
    const broken = delivery({ ...requested, payload: { appointmentId: 'seven' } });
    expect(await applyDelivery(deps, writingSubscription(), broken.d)).toBe('rejected');
    expect(broken.answers).toEqual(['term']);
    expect(committed.writes).toEqual([]);
  });

  it('keeps consumers apart: another consumer still applies an event this one has seen', async () => {
    const { deps, committed } = fakeDatabase();
    await applyDelivery(deps, writingSubscription(), delivery(requested).d);
    const other = { ...deps, consumer: 'inventory-customers' };
    expect(await applyDelivery(other, writingSubscription(), delivery(requested).d)).toBe(
      'applied',
    );
    expect(committed.writes).toEqual(['board:7', 'board:7']);
  });
});

describe('applyDeliveries (what queued up, in one transaction)', () => {
  const numbered = (n: number) => ({
    ...requested,
    id: `5f0c3a52-8f1e-4c5e-9a43-${String(n).padStart(12, '0')}`,
    payload: { ...requested.payload, appointmentId: n },
  });

  /** The fake database, counting the transactions it ran. */
  function countingDatabase() {
    const db = fakeDatabase();
    let transactions = 0;
    const run = db.deps.runInTransaction;
    db.deps.runInTransaction = (work) => {
      transactions++;
      return run(work);
    };
    return { ...db, transactions: () => transactions };
  }

  it('applies a batch in one transaction, in order, skips a repeat inside it and acks all', async () => {
    const { deps, committed, transactions } = countingDatabase();
    const batch = [delivery(numbered(1)), delivery(numbered(2)), delivery(numbered(1), 1)];

    const results = await applyDeliveries(
      deps,
      writingSubscription(),
      batch.map((b) => b.d),
    );

    expect(results).toEqual(['applied', 'applied', 'duplicate']);
    expect(transactions()).toBe(1);
    expect(committed.writes).toEqual(['board:1', 'board:2']);
    expect(batch.map((b) => b.answers)).toEqual([['ack'], ['ack'], ['ack']]);
  });

  it('when one event fails, applies the others one by one and retries only the failing one', async () => {
    const { deps, committed } = countingDatabase();
    const subscription: EventSubscription<'booking.appointment.requested'> = {
      ...writingSubscription(),
      handle: async (event, tx) => {
        if (event.payload.appointmentId === 2) throw new Error('database hiccup');
        (tx.manager as unknown as { writes: string[] }).writes.push(
          `board:${event.payload.appointmentId}`,
        );
      },
    };
    const batch = [delivery(numbered(1)), delivery(numbered(2)), delivery(numbered(3))];

    const results = await applyDeliveries(
      deps,
      subscription,
      batch.map((b) => b.d),
    );

    expect(results).toEqual(['applied', 'retry', 'applied']);
    expect(committed.writes).toEqual(['board:1', 'board:3']);
    expect(batch.map((b) => b.answers)).toEqual([['ack'], ['nak:1000'], ['ack']]);
  });

  it('acknowledges a type the subscription ignores without a transaction, and applies the rest', async () => {
    const { deps, committed, transactions } = countingDatabase();
    const handled: string[] = [];
    const subscription: EventSubscription<'booking.>'> = {
      durable: 'inventory-customers',
      filter: 'booking.>',
      ignores: ['booking.appointment.requested'],
      handle: async (event, tx) => {
        handled.push(event.type);
        (tx.manager as unknown as { writes: string[] }).writes.push(event.type);
      },
    };
    const deleted = {
      ...requested,
      id: '5f0c3a52-8f1e-4c5e-9a43-0d7a8d2b1c99',
      type: 'booking.customer.deleted',
      payload: { customerId: 3 },
    };

    const alone = delivery(requested);
    expect(await applyDelivery(deps, subscription, alone.d)).toBe('ignored');
    expect(alone.answers).toEqual(['ack']);
    expect(transactions()).toBe(0);

    const batch = [delivery(numbered(5)), delivery(deleted), delivery(numbered(6))];
    const results = await applyDeliveries(
      deps,
      subscription,
      batch.map((b) => b.d),
    );
    expect(results).toEqual(['ignored', 'applied', 'ignored']);
    expect(transactions()).toBe(1);
    expect(handled).toEqual(['booking.customer.deleted']);
    expect(committed.writes).toEqual(['booking.customer.deleted']);
    expect(batch.map((b) => b.answers)).toEqual([['ack'], ['ack'], ['ack']]);
  });

  it('acknowledges a type its subject names as ignored without reading the bytes', async () => {
    const { deps, transactions } = countingDatabase();
    const subscription: EventSubscription<'booking.>'> = {
      durable: 'inventory-customers',
      filter: 'booking.>',
      ignores: ['booking.appointment.requested'],
      handle: () => Promise.reject(new Error('never handled')),
    };
    // Not an event at all: decoding it would terminate it as malformed.
    const unread = delivery('not json');
    unread.d.data = new TextEncoder().encode('{not json');
    unread.d.type = 'booking.appointment.requested';
    expect(await applyDelivery(deps, subscription, unread.d)).toBe('ignored');
    expect(unread.answers).toEqual(['ack']);
    expect(transactions()).toBe(0);
    // A type the subscription takes is still decoded and checked.
    const taken = delivery('not json');
    taken.d.data = new TextEncoder().encode('{not json');
    taken.d.type = 'booking.customer.deleted';
    expect(await applyDelivery(deps, subscription, taken.d)).toBe('rejected');
    expect(taken.answers).toEqual(['term']);
  });

  it('hands a notice-only subscription each event without a transaction or inbox row, and acks it', async () => {
    const { deps, committed, transactions } = countingDatabase();
    const noticed: number[] = [];
    const subscription: EventSubscription<'booking.appointment.requested'> = {
      ...writingSubscription(),
      notice: (event) => noticed.push(event.payload.appointmentId),
    };
    const batch = [delivery(numbered(1)), delivery(numbered(2))];

    const results = await applyDeliveries(
      deps,
      subscription,
      batch.map((b) => b.d),
    );

    expect(results).toEqual(['applied', 'applied']);
    expect(noticed).toEqual([1, 2]);
    expect(transactions()).toBe(0);
    expect(committed.inbox.size).toBe(0);
    expect(batch.map((b) => b.answers)).toEqual([['ack'], ['ack']]);
  });

  it('terminates a malformed event in a batch and still applies the rest', async () => {
    const { deps, committed } = countingDatabase();
    const broken = delivery({ ...requested, payload: { appointmentId: 'seven' } });
    const good = delivery(numbered(4));

    const results = await applyDeliveries(deps, writingSubscription(), [broken.d, good.d]);

    expect(results).toEqual(['rejected', 'applied']);
    expect(broken.answers).toEqual(['term']);
    expect(committed.writes).toEqual(['board:4']);
  });
});
