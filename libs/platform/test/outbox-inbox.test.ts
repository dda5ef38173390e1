import { EventEnvelope, consumerDurables } from '@cincy/contracts';
import { AckPolicy, DeliverPolicy, nanos } from 'nats';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { PLATFORM_ENV, loadEnv } from '../src/config/config';
import { openServiceDatabase } from '../src/database/database';
import { AppLogger } from '../src/logging/app-logger';
import {
  ApplyDeps,
  EventConsumers,
  applyDelivery,
  recordInboxRows,
} from '../src/messaging/event-consumer';
import { JetStreamPublisher, eventCodec } from '../src/messaging/jetstream-publisher';
import { NatsConnectionHolder } from '../src/messaging/nats-connection';
import { Outbox, buildEvent } from '../src/messaging/outbox';
import { OutboxRelay, postgresOutboxStore } from '../src/messaging/outbox-relay';
import { currentActorId, runWithContext } from '../src/logging/request-context';
import { boardView, dropIsolatedStack, eventually, useIsolatedStack } from '../src/testing';

const testStack = useIsolatedStack();

class CreateApplied1700000000000 implements MigrationInterface {
  name = 'CreateApplied1700000000000';
  async up(runner: QueryRunner) {
    await runner.query('CREATE TABLE applied (seq serial PRIMARY KEY, event_id uuid NOT NULL)');
  }
  async down(runner: QueryRunner) {
    await runner.query('DROP TABLE applied');
  }
}

const payload = (appointmentId: number) => ({
  appointmentId,
  customerId: 1,
  reference: null,
  customer: { name: 'Jane Doe', phone: '5135550100', email: null },
  location: '1 Main St, Cincinnati, Ohio 45202',
  customerLocation: null,
  vehicle: null,
  preferredTime: 'ASAP',
  scheduledDate: null,
  scheduledTime: null,
  scheduledStartTime: null,
  notes: null,
  priority: 'normal' as const,
  requestedAt: new Date().toISOString(),
  battery: null,
});

const emptyEvent: EventEnvelope = {
  id: '',
  type: 'booking.customer.deleted',
  version: 1,
  occurredAt: new Date().toISOString(),
  correlationId: 'ptest',
  actorId: null,
  payload: { customerId: 1 },
};

const logger = new AppLogger('test', 'error');
let dataSource: DataSource;
let nats: NatsConnectionHolder;
let outbox: Outbox;
let relay: OutboxRelay;
let consumers: EventConsumers;

const appliedCount = async (eventId: string) =>
  Number(
    (await dataSource.query('SELECT count(*) FROM applied WHERE event_id = $1', [eventId]))[0]
      .count,
  );

beforeAll(async () => {
  dataSource = await openServiceDatabase({
    url: loadEnv([PLATFORM_ENV]).get(PLATFORM_ENV).DATABASE_URL,
    schema: 'ptest',
    entities: [],
    migrations: [CreateApplied1700000000000],
  });
  nats = await NatsConnectionHolder.open({
    url: loadEnv([PLATFORM_ENV]).get(PLATFORM_ENV).NATS_URL,
    prefix: testStack.prefix,
    name: 'ptest',
    replicas: 1,
  });
  relay = new OutboxRelay(postgresOutboxStore(dataSource), new JetStreamPublisher(nats), logger);
  outbox = new Outbox(dataSource, () => undefined); // the tests drive the relay themselves
  consumers = new EventConsumers(nats, outbox, logger);
  consumers.subscribe('dispatch-board-requested', async (event, tx) => {
    await tx.manager.query('INSERT INTO applied (event_id) VALUES ($1)', [event.id]);
  });
  await consumers.start();
});

afterAll(async () => {
  await consumers.stop();
  await nats.close();
  await dataSource.destroy();
  await dropIsolatedStack(testStack);
});

describe('outbox -> JetStream -> inbox', () => {
  it('publishes a committed event once and applies it once, even when the relay publishes it twice', async () => {
    const event = await outbox.transaction((tx) =>
      tx.emit('booking.appointment.requested', payload(1)),
    );
    expect(await relay.drain()).toBe(1);

    // The relay crashed after publishing but before marking: the row goes out again, same Nats-Msg-Id.
    await dataSource.query('UPDATE outbox SET published_at = NULL WHERE id = $1', [event.id]);
    expect(await relay.drain()).toBe(1);
    const stream = await nats.manager.streams.info(nats.names.stream);
    expect(stream.state.messages).toBe(1); // JetStream dropped the duplicate

    // Outside the dedupe window the event arrives a second time; the inbox makes it a no-op.
    await nats.jetstream.publish(nats.names.event(event.type), eventCodec.encode(event), {
      msgID: 'late-repeat',
    });

    await eventually(async () => (await appliedCount(event.id)) === 1);
    await eventually(async () => {
      const info = await nats.manager.consumers.info(nats.names.stream, 'dispatch-board-requested');
      return info.num_ack_pending === 0 && info.num_pending === 0;
    });
    expect(await appliedCount(event.id)).toBe(1);
  });

  it("writes a transaction's events in one go, in the order they were emitted", async () => {
    const emitted = await outbox.transaction(async (tx) => [
      await tx.emit('booking.appointment.requested', payload(11)),
      // Quotes, backslashes and braces survive the array literal the rows travel in.
      await tx.emit('booking.customer.updated', {
        customer: {
          id: 12,
          name: `Jo "JJ" O'Neil \\ {Ünïcode}, 🔋`,
          phone: '5135550100',
          email: null,
        },
      }),
      await tx.emit('booking.appointment.requested', payload(13)),
    ]);
    const rows: { id: string; type: string; payload: unknown; correlation_id: string }[] =
      await dataSource.query(
        'SELECT id, type, payload, correlation_id FROM outbox WHERE id = ANY($1) ORDER BY seq',
        [emitted.map((e) => e.id)],
      );
    expect(rows).toEqual(
      emitted.map((e) => ({
        id: e.id,
        type: e.type,
        payload: e.payload,
        correlation_id: e.correlationId,
      })),
    );
    await relay.drain();
  });

  it('records a batch in the inbox once per event, however often it repeats', async () => {
    const event = (id: string) => ({ ...emptyEvent, id });
    const [a, b, c] = [
      '0b6f3a10-0000-4000-8000-00000000000a',
      '0b6f3a10-0000-4000-8000-00000000000b',
      '0b6f3a10-0000-4000-8000-00000000000c',
    ];
    const record = (ids: string[]) =>
      recordInboxRows(dataSource.manager, 'ptest-batch', ids.map(event));

    expect(await record([a])).toEqual(new Set([a]));
    expect(await record([a, b, b])).toEqual(new Set([b]));
    // Postgres answers in lower case; the caller's spelling comes back.
    expect(await record([c.toUpperCase(), a])).toEqual(new Set([c.toUpperCase()]));
    expect(await record([c])).toEqual(new Set());
  });

  it('writes nothing to the outbox when the transaction rolls back', async () => {
    await expect(
      outbox.transaction(async (tx) => {
        await tx.emit('booking.appointment.requested', payload(2));
        throw new Error('business rule said no');
      }),
    ).rejects.toThrow('business rule said no');
    const [{ count }] = await dataSource.query(
      'SELECT count(*) FROM outbox WHERE published_at IS NULL',
    );
    expect(Number(count)).toBe(0);
  });

  it('never delivers to a perType consumer the types it ignores, and applies the rest once', async () => {
    const followers = new EventConsumers(nats, outbox, logger);
    const seen: string[] = [];
    followers.subscribe('booking-appointments', async (event) => void seen.push(event.type));
    await followers.start();
    try {
      const publisher = new JetStreamPublisher(nats);
      const appointment = boardView({ id: 501, version: 1 });
      const opened = buildEvent('dispatch.appointment.opened', { appointment });
      const accepted = buildEvent('dispatch.appointment.accepted', {
        appointment: { ...appointment, status: 'accepted', version: 2 },
      });
      await publisher.publish(opened);
      await publisher.publish(accepted);
      await publisher.publish(accepted); // a second publish of the same id: one delivery, at most
      await eventually(async () => seen.length > 0);

      // What the server delivered, over all of the consumer's durables: 'accepted' once.
      let delivered = 0;
      for (const { durable } of consumerDurables('booking-appointments')) {
        const info = await nats.manager.consumers.info(nats.names.stream, durable);
        delivered += info.delivered.consumer_seq;
      }
      expect(delivered).toBe(1);
      expect(seen).toEqual(['dispatch.appointment.accepted']);
    } finally {
      await followers.stop();
    }
  });

  it("carries the actor from the request through the outbox and JetStream into a consumer's own events", async () => {
    const followers = new EventConsumers(nats, outbox, logger);
    // By customer: the durable also delivers the stream's earlier customer events.
    const seen = new Map<number, { actorId: number | null; inHandler: number | null }>();
    const followOns = new Map<number, number | null>();
    followers.subscribe('dispatch-customers', async (event, tx) => {
      if (event.type !== 'booking.customer.deleted') return;
      const { customerId } = event.payload;
      seen.set(customerId, { actorId: event.actorId, inHandler: currentActorId() });
      if (customerId < 10) {
        const followOn = await tx.emit('booking.customer.deleted', { customerId: customerId + 10 });
        followOns.set(customerId, followOn.actorId);
      }
    });
    await followers.start();
    try {
      const byUser = await runWithContext({ correlationId: 'ptest-actor', actorId: 7 }, () =>
        outbox.transaction((tx) => tx.emit('booking.customer.deleted', { customerId: 5 })),
      );
      const bySystem = await outbox.transaction((tx) =>
        tx.emit('booking.customer.deleted', { customerId: 6 }),
      );
      const rows: { id: string; actor_id: number | null }[] = await dataSource.query(
        'SELECT id, actor_id FROM outbox WHERE id = ANY($1)',
        [[byUser.id, bySystem.id]],
      );
      expect(Object.fromEntries(rows.map((r) => [r.id, r.actor_id]))).toEqual({
        [byUser.id]: 7,
        [bySystem.id]: null,
      });
      await relay.drain(); // read back from the table, as after a crash: the column travels
      await eventually(async () => seen.has(5) && seen.has(6));
      expect(seen.get(5)).toEqual({ actorId: 7, inHandler: 7 });
      expect(seen.get(6)).toEqual({ actorId: null, inHandler: null });
      expect(Object.fromEntries(followOns)).toEqual({ 5: 7, 6: null });
    } finally {
      await followers.stop();
    }
  });

  it('applies once when JetStream redelivers an event whose ack was lost', async () => {
    const durable = 'ptest-lost-ack';
    await nats.manager.consumers.add(nats.names.stream, {
      durable_name: durable,
      filter_subject: nats.names.event('booking.appointment.requested'),
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.New,
      ack_wait: nanos(500),
    });
    const event = await outbox.transaction((tx) =>
      tx.emit('booking.appointment.requested', payload(3)),
    );
    await relay.drain();

    const deps: ApplyDeps = {
      consumer: durable,
      logger,
      recordInbox: recordInboxRows,
      runInTransaction: (work) => outbox.transaction(work),
    };
    let handled = 0;
    const subscription = {
      durable,
      filter: 'booking.appointment.requested' as const,
      handle: async () => void handled++,
    };
    const consumer = await nats.jetstream.consumers.get(nats.names.stream, durable);
    const results: string[] = [];
    for (let delivery = 0; delivery < 2; delivery++) {
      const msg = await consumer.next({ expires: 5000 });
      expect(msg).not.toBeNull();
      const ackLost = delivery === 0;
      results.push(
        await applyDelivery(deps, subscription, {
          data: msg!.data,
          redeliveryCount: msg!.info.redeliveryCount,
          ack: () => (ackLost ? undefined : msg!.ack()),
          nak: (d) => msg!.nak(d),
          term: () => msg!.term(),
        }),
      );
      expect((eventCodec.decode(msg!.data) as EventEnvelope).id).toBe(event.id);
    }
    expect(results).toEqual(['applied', 'duplicate']);
    expect(handled).toBe(1);
  });
});
