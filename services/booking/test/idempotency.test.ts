import { Customer, ERROR_CODES } from '@cincy/contracts';
import { RpcClient, createServiceApp } from '@cincy/platform';
import { connectTestRpc, dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
import type { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { bookingService } from '../src/app.module';
import { Clock, FixedClock } from '../src/common/clock';

const stack = useIsolatedStack();
process.env.SLOT_CAPACITY = '3';
// Friday 14 June 2030, 10:30 in Cincinnati: inside the ASAP window.
process.env.BOOKING_FIXED_NOW = '2030-06-14T10:30:00-04:00';
// No public geocoder: the local tables answer at once.
delete process.env.GEOCODER_URL;

const TOMORROW = '2030-06-15';

describe('idempotent bookings (Idempotency-Key, booking service over NATS, real Postgres)', () => {
  let app: INestMicroservice;
  /** A second replica: two sends of one key may land on different processes. */
  let replica: INestMicroservice;
  let rpc: RpcClient;
  let db: Client;
  let phoneSeq = 0;

  beforeAll(async () => {
    app = await createServiceApp(bookingService);
    replica = await createServiceApp(bookingService);
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

  afterEach(() => {
    for (const a of [app, replica])
      (a.get(Clock) as FixedClock).set(new Date(process.env.BOOKING_FIXED_NOW!));
  });

  const newCustomer = (): Promise<Customer> => {
    phoneSeq += 1;
    return rpc.call('booking.customers.create', {
      name: `Key Tester ${phoneSeq}`,
      phone: `513777${String(phoneSeq).padStart(4, '0')}`,
      email: null,
    });
  };

  const book = (customerId: number, idempotencyKey?: string, extra: Record<string, unknown> = {}) =>
    rpc.call('booking.appointments.create', {
      customerId,
      location: '5 Any Rd, Cincinnati, OH 45202',
      vehicle: '2019 Honda Civic',
      scheduledDate: null,
      scheduledTime: null,
      notes: 'Blue car',
      ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
      ...extra,
    });

  const stored = async (customerId: number) => {
    const { rows } = await db.query(
      `SELECT a.id, c.total_jobs AS "totalJobs"
         FROM appointments a JOIN customers c ON c.id = a.customer_id
        WHERE a.customer_id = $1 ORDER BY a.id`,
      [customerId],
    );
    return rows as { id: number; totalJobs: number }[];
  };

  /** A repeat answers the same booking and reference, with a new link token (only hashes are kept). */
  const sameBooking = ({ token, ...answer }: { token: string }) => {
    void token;
    return answer;
  };

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (error: { status: number; body: { code: string; message: string } }) => ({
        status: error.status,
        ...error.body,
      }),
    );

  it('books once for the same key and body sent twice, and answers the same both times', async () => {
    const customer = await newCustomer();
    const first = await book(customer.id, 'form-1f0c-back-button');
    const again = await book(customer.id, 'form-1f0c-back-button');
    expect(sameBooking(again)).toEqual(sameBooking(first));
    expect(again.reference).toMatch(/^CB-/);
    expect(again.token).not.toBe(first.token);
    expect(await stored(customer.id)).toEqual([{ id: first.id, totalJobs: 1 }]);
  });

  it('recognises the same body whatever order its fields came in', async () => {
    const customer = await newCustomer();
    const first = await book(customer.id, 'key-order');
    const reordered = await rpc.call('booking.appointments.create', {
      notes: 'Blue car',
      scheduledTime: null,
      scheduledDate: null,
      vehicle: '2019 Honda Civic',
      location: '5 Any Rd, Cincinnati, OH 45202',
      customerId: customer.id,
      idempotencyKey: 'key-order',
    });
    expect(sameBooking(reordered)).toEqual(sameBooking(first));
    expect(await stored(customer.id)).toHaveLength(1);
  });

  it('refuses the same key with a different body with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const customer = await newCustomer();
    const first = await book(customer.id, 'key-reused');
    expect(await failure(book(customer.id, 'key-reused', { notes: 'Red car' }))).toEqual({
      status: 422,
      code: ERROR_CODES.idempotencyKeyReused,
      message:
        'This request was already sent with different details. Please refresh the page and try again.',
    });
    expect(await stored(customer.id)).toEqual([{ id: first.id, totalJobs: 1 }]);
  });

  it('books once when one key is sent several times at once, across two replicas', async () => {
    const customer = await newCustomer();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => book(customer.id, 'key-concurrent')),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    for (const answer of answers) expect(sameBooking(answer)).toEqual(sameBooking(answers[0]));
    expect(await stored(customer.id)).toEqual([{ id: answers[0].id, totalJobs: 1 }]);
  });

  it('books one scheduled hour once when one key is sent several times at once', async () => {
    const customer = await newCustomer();
    const slot = { scheduledDate: TOMORROW, scheduledTime: '15:00:00' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => book(customer.id, 'key-slot', slot)),
    );
    expect(new Set(answers.map((a) => a.id))).toEqual(new Set([answers[0].id]));
    expect(answers[0]).toMatchObject(slot);
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM appointments WHERE scheduled_date = $1 AND scheduled_time = $2`,
      [TOMORROW, '15:00:00'],
    );
    expect(rows[0].n).toBe(1);
  });

  it('answers a repeat as the first time, even once the hour it booked has begun', async () => {
    const customer = await newCustomer();
    const slot = { scheduledDate: '2030-06-14', scheduledTime: '12:00:00' };
    const first = await book(customer.id, 'key-later', slot);
    for (const a of [app, replica])
      (a.get(Clock) as FixedClock).set(new Date('2030-06-14T12:20:00-04:00'));
    expect(sameBooking(await book(customer.id, 'key-later', slot))).toEqual(sameBooking(first));
  });

  it('keeps keys per customer, and books every send without a key as before', async () => {
    const [a, b] = await Promise.all([newCustomer(), newCustomer()]);
    const forA = await book(a.id, 'shared-key');
    const forB = await book(b.id, 'shared-key');
    expect(forB.id).not.toBe(forA.id);
    await book(b.id);
    await book(b.id);
    expect(await stored(b.id)).toHaveLength(3);
  });
});
