import { AppointmentStatus, ERROR_CODES } from '@cincy/contracts';
import {
  JetStreamPublisher,
  NatsConnectionHolder,
  RpcClient,
  buildEvent,
  createServiceApp,
} from '@cincy/platform';
import {
  boardView,
  connectTestRpc,
  consumerDrained,
  dropIsolatedStack,
  eventually,
  openTestNats,
  useIsolatedStack,
} from '@cincy/platform/testing';
import type { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { bookingService } from '../src/app.module';

const stack = useIsolatedStack();
process.env.SLOT_CAPACITY = '10';
// Friday 14 June 2030, 10:30 in Cincinnati.
process.env.BOOKING_FIXED_NOW = '2030-06-14T10:30:00-04:00';
delete process.env.GEOCODER_URL;
delete process.env.SERVED_ZIP_CODES;

const SUNDAY = '2030-06-16';
const at = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;

describe("the customer record's visits (booking service over NATS, real Postgres)", () => {
  let app: INestMicroservice;
  let rpc: RpcClient;
  let db: Client;
  let nats: NatsConnectionHolder;

  beforeAll(async () => {
    app = await createServiceApp(bookingService);
    rpc = await connectTestRpc(stack.prefix);
    db = new Client({ connectionString: stack.databaseUrl, options: '-c search_path=booking' });
    await db.connect();
    nats = await openTestNats(stack.prefix);
  }, 60_000);

  afterAll(async () => {
    await nats?.close();
    await db?.end();
    await rpc?.close();
    await app?.close();
    await dropIsolatedStack(stack);
  }, 60_000);

  /** Sets booking's copy of the status the way dispatch's events do. */
  const dispatchSays = async (
    booked: { id: number; customerId: number },
    status: AppointmentStatus,
  ) => {
    const type = {
      completed: 'dispatch.appointment.completed',
      cancelled: 'dispatch.appointment.cancelled',
    }[status as string] as 'dispatch.appointment.completed';
    const appointment = boardView({
      id: booked.id,
      customerId: booked.customerId,
      status,
      version: 2,
    });
    await new JetStreamPublisher(nats).publish(buildEvent(type, { appointment }));
    await eventually(async () => {
      const { rows } = await db.query('SELECT status FROM appointments WHERE id = $1', [booked.id]);
      return rows[0].status === status;
    });
  };

  it('lists every visit newest first, with its status, hour, reference and moves, counted', async () => {
    const customer = await rpc.call('booking.customers.create', {
      name: 'Vera Visits',
      phone: '5136660900',
      email: null,
    });
    const bookAt = (hour: number) =>
      rpc.call('booking.appointments.create', {
        customerId: customer.id,
        location: '5 Any Rd, Cincinnati, OH 45202',
        scheduledDate: SUNDAY,
        scheduledTime: at(hour),
      });
    const completed = await bookAt(9);
    const cancelled = await bookAt(10);
    const moved = await bookAt(11);
    await dispatchSays(completed, 'completed');
    await dispatchSays(cancelled, 'cancelled');
    for (const hour of [12, 14]) {
      await rpc.call('booking.appointments.reschedule', {
        id: moved.id,
        scheduledDate: SUNDAY,
        scheduledTime: at(hour),
      });
    }
    // All booked at the same fixed instant: newest first means the latest id first.
    const answer = await rpc.call('booking.customers.visits', { customerId: customer.id });

    expect(answer).toMatchObject({ total: 3, completed: 1, cancelled: 1, declined: 0, moved: 1 });
    expect(
      answer.visits.map((v) => [v.id, v.status, v.scheduledDate, v.scheduledTime, v.moveCount]),
    ).toEqual([
      [moved.id, 'pending', SUNDAY, at(14), 2],
      [cancelled.id, 'cancelled', SUNDAY, at(10), 0],
      [completed.id, 'completed', SUNDAY, at(9), 0],
    ]);
    expect(answer.visits.map((v) => v.reference)).toEqual(
      [moved, cancelled, completed].map((b) => b.reference),
    );
  });

  it("shows a completed visit's invoice state as dispatch's newest version of the job says", async () => {
    const customer = await rpc.call('booking.customers.create', {
      name: 'Paula Paid',
      phone: '5136660902',
      email: null,
    });
    const booked = await rpc.call('booking.appointments.create', {
      customerId: customer.id,
      location: '5 Any Rd, Cincinnati, OH 45202',
      scheduledDate: SUNDAY,
      scheduledTime: at(15),
    });
    await dispatchSays(booked, 'completed');
    const payment = (status: 'open' | 'partially_paid', version: number) =>
      buildEvent('dispatch.appointment.updated', {
        appointment: boardView({
          id: booked.id,
          customerId: booked.customerId,
          status: 'completed',
          version,
          payment: {
            invoiceId: 7,
            number: 'INV-2030-000007',
            status,
            totalCents: 16_500,
            paidCents: status === 'open' ? 0 : 5_000,
            method: status === 'open' ? null : 'cash',
            paidAt: status === 'open' ? null : '2030-06-16T16:00:00Z',
          },
        }),
      });
    const publisher = new JetStreamPublisher(nats);
    const stateOf = async () =>
      (await rpc.call('booking.customers.visits', { customerId: customer.id })).visits[0]
        .paymentStatus;
    expect(await stateOf()).toBeNull();
    await publisher.publish(payment('partially_paid', 4));
    await eventually(async () => (await stateOf()) === 'partially_paid');
    // An older version that comes late changes nothing.
    await publisher.publish(payment('open', 3));
    await consumerDrained(nats, 'booking-appointments');
    expect(await stateOf()).toBe('partially_paid');
  });

  it('answers a customer with no visits empty, and refuses one not in the database', async () => {
    const customer = await rpc.call('booking.customers.create', {
      name: 'Nora None',
      phone: '5136660901',
      email: null,
    });
    await expect(
      rpc.call('booking.customers.visits', { customerId: customer.id }),
    ).resolves.toEqual({ total: 0, completed: 0, cancelled: 0, declined: 0, moved: 0, visits: [] });
    await expect(
      rpc.call('booking.customers.visits', { customerId: 999_999 }),
    ).rejects.toMatchObject({ status: 404, body: { code: ERROR_CODES.notFound } });
  });
});
