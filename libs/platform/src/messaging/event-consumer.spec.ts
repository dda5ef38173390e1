import { EventEnvelope } from '@cincy/contracts';
import { EntityManager } from 'typeorm';
import { AppLogger } from '../logging/app-logger';
import { ApplyDeps, Delivery, EventSubscription, applyDelivery } from './event-consumer';
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
    recordInbox: async (manager, consumer, event) => {
      const pending = manager as unknown as { inbox: Set<string> };
      const key = `${consumer}:${event.id}`;
      if (committed.inbox.has(key) || pending.inbox.has(key)) return false;
      pending.inbox.add(key);
      return true;
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
