import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BUSINESS, Customer, ERROR_CODES } from '@cincy/contracts';
import { RpcClient, createServiceApp } from '@cincy/platform';
import { connectTestRpc, dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
import type { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { bookingService } from '../src/app.module';
import { Clock, FixedClock } from '../src/common/clock';

const stack = useIsolatedStack();
process.env.SLOT_CAPACITY = '2';
// Friday 14 June 2030, 10:30 in Cincinnati. Tests never depend on when they run.
process.env.BOOKING_FIXED_NOW = '2030-06-14T10:30:00-04:00';

const TODAY = '2030-06-14';
const TOMORROW = '2030-06-15';

/** A port nothing listens on: the public geocoder there is unreachable. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('booking rules (booking service over NATS, real Postgres)', () => {
  let app: INestMicroservice;
  /** A second replica in the same queue group: the slot rule must hold across replicas. */
  let replica: INestMicroservice;
  let rpc: RpcClient;
  let db: Client;
  let clock: { set(instant: Date): void };
  let phoneSeq = 0;

  beforeAll(async () => {
    process.env.GEOCODER_URL = `http://127.0.0.1:${await closedPort()}/search`;
    app = await createServiceApp(bookingService);
    replica = await createServiceApp(bookingService);
    // Both replicas read one pinned time; the tests move it on both.
    const clocks = [app, replica].map((a) => a.get(Clock));
    if (!clocks.every((c) => c instanceof FixedClock))
      throw new Error('BOOKING_FIXED_NOW did not pin the clock');
    clock = {
      set: (instant: Date) => clocks.forEach((c) => (c as FixedClock).set(instant)),
    };
    rpc = await connectTestRpc(stack.prefix);
    db = new Client({ connectionString: stack.databaseUrl, options: '-c search_path=booking' });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await rpc?.close();
    await replica?.close();
    await app?.close();
    await dropIsolatedStack(stack);
  }, 60_000);

  afterEach(() => clock.set(new Date(process.env.BOOKING_FIXED_NOW!)));

  const newCustomer = (): Promise<Customer> => {
    phoneSeq += 1;
    return rpc.call('booking.customers.create', {
      name: `Rule Tester ${phoneSeq}`,
      phone: `513555${String(phoneSeq).padStart(4, '0')}`,
      email: null,
    });
  };

  const book = (customerId: number, extra: Record<string, string | null> = {}) =>
    rpc.call('booking.appointments.create', {
      customerId,
      location: '5 Any Rd, Somewhere, OH 45247',
      scheduledDate: null,
      scheduledTime: null,
      ...extra,
    });

  /** The error an RPC call failed with, as the gateway would answer it. */
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (error: {
        status: number;
        body: { code: string; message: string; fieldErrors?: Record<string, string> };
      }) => ({
        status: error.status,
        ...error.body,
      }),
    );

  it('lets exactly SLOT_CAPACITY of 20 parallel bookings of one hour through, across two replicas', async () => {
    const customers = await Promise.all(Array.from({ length: 20 }, () => newCustomer()));
    const results = await Promise.allSettled(
      customers.map((c) => book(c.id, { scheduledDate: TOMORROW, scheduledTime: '14:00:00' })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(ok).toHaveLength(2);
    expect(refused).toHaveLength(18);
    for (const error of refused) {
      expect(error.status).toBe(409);
      expect(error.body).toEqual({
        code: ERROR_CODES.timeSlotFull,
        message: `That time slot is fully booked. Please choose a different time or call us at ${BUSINESS.phone} for alternative availability.`,
      });
    }
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM appointments WHERE scheduled_date = $1 AND scheduled_time = '14:00:00'`,
      [TOMORROW],
    );
    expect(rows[0].n).toBe(2);
  });

  it('gives a declined booking its place back', async () => {
    const [a, b, c] = await Promise.all([newCustomer(), newCustomer(), newCustomer()]);
    const slot = { scheduledDate: TOMORROW, scheduledTime: '16:00:00' };
    const first = await book(a.id, slot);
    await book(b.id, slot);
    expect(await failure(book(c.id, slot))).toMatchObject({ code: ERROR_CODES.timeSlotFull });
    await db.query(`UPDATE appointments SET status = 'declined' WHERE id = $1`, [first.id]);
    await expect(book(c.id, slot)).resolves.toMatchObject({ scheduledTime: '16:00:00' });
  });

  it('answers the hour grid: passed hours today, full hours, the rest open', async () => {
    const today = await rpc.call('booking.time-slots.list', { date: TODAY });
    expect(today.map((s) => s.hour)).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    expect(today.slice(0, 3)).toEqual([
      { hour: 9, available: false, reason: 'Time has passed' },
      { hour: 10, available: false, reason: 'Time has passed' },
      { hour: 11, available: true },
    ]);

    const tomorrow = await rpc.call('booking.time-slots.list', {
      date: TOMORROW,
      address: '1 Main St, Cincinnati',
    });
    expect(tomorrow.find((s) => s.hour === 14)).toEqual({
      hour: 14,
      available: false,
      reason: 'Fully booked',
    });
    expect(tomorrow.find((s) => s.hour === 9)).toEqual({ hour: 9, available: true });

    clock.set(new Date('2030-06-15T15:10:00-04:00'));
    const laterTomorrow = await rpc.call('booking.time-slots.list', { date: TOMORROW });
    expect(laterTomorrow.filter((s) => s.reason === 'Time has passed').map((s) => s.hour)).toEqual([
      9, 10, 11, 12, 13, 14, 15,
    ]);
  });

  it.each([
    ['yesterday', '2030-06-13'],
    ['a week ahead', '2030-06-21'],
  ])('refuses the grid of %s with a clear 400', async (_, date) => {
    expect(await failure(rpc.call('booking.time-slots.list', { date }))).toMatchObject({
      status: 400,
      code: ERROR_CODES.validation,
      message: 'Please choose a date from today up to 6 days ahead.',
    });
  });

  it.each([
    [
      'an hour that has passed',
      TODAY,
      '10:00:00',
      'That time has already passed. Please choose a later time.',
    ],
    [
      'a time off the hour',
      TOMORROW,
      '14:30:00',
      'Please choose a time on the hour between 9 AM and 9 PM.',
    ],
    [
      'an hour before 9',
      TOMORROW,
      '08:00:00',
      'Please choose a time on the hour between 9 AM and 9 PM.',
    ],
    [
      'a date a week ahead',
      '2030-06-21',
      '12:00:00',
      'Please choose a date from today up to 6 days ahead.',
    ],
  ])('refuses a scheduled booking at %s', async (_, scheduledDate, scheduledTime, message) => {
    const customer = await newCustomer();
    expect(await failure(book(customer.id, { scheduledDate, scheduledTime }))).toMatchObject({
      status: 400,
      code: ERROR_CODES.validation,
      message,
    });
  });

  it('refuses ASAP outside the rapid-response window and takes it inside', async () => {
    const customer = await newCustomer();
    clock.set(new Date('2030-06-14T21:00:00-04:00'));
    const refused = await failure(book(customer.id));
    expect(refused).toMatchObject({ status: 422, code: ERROR_CODES.outsideServiceHours });
    expect(refused.message).toContain('rapid-response window');
    clock.set(new Date('2030-06-15T08:59:00-04:00'));
    expect(await failure(book(customer.id))).toMatchObject({
      code: ERROR_CODES.outsideServiceHours,
    });

    clock.set(new Date('2030-06-15T09:00:00-04:00'));
    await expect(book(customer.id)).resolves.toMatchObject({
      scheduledDate: null,
      status: 'pending',
    });
  });

  it('stores the geocoded location and carries it in the event, with the public geocoder unreachable', async () => {
    const customer = await newCustomer();
    const started = Date.now();
    const known = await book(customer.id, {
      location: '100 Joe Nuxhall Way,  Cincinnati, OH 45202',
    });
    const fallback = await book(customer.id, { location: '77 Unknown Ln, Somewhere, OH 45247' });
    expect(Date.now() - started).toBeLessThan(3000);

    const { rows } = await db.query(
      'SELECT id, customer_location FROM appointments WHERE id = ANY($1) ORDER BY id',
      [[known.id, fallback.id]],
    );
    expect(rows.map((r) => r.customer_location)).toEqual([
      { lat: 39.0975, lng: -84.5066 },
      { lat: 39.17, lng: -84.635 },
    ]);

    const events = await db.query(
      `SELECT payload FROM outbox WHERE type = 'booking.appointment.requested' AND (payload->>'appointmentId')::int = ANY($1)
        ORDER BY (payload->>'appointmentId')::int`,
      [[known.id, fallback.id]],
    );
    expect(events.rows.map((r) => r.payload.customerLocation)).toEqual([
      { lat: 39.0975, lng: -84.5066 },
      { lat: 39.17, lng: -84.635 },
    ]);
    expect(events.rows[0].payload.location).toBe('100 Joe Nuxhall Way, Cincinnati, OH 45202');
  });
});
