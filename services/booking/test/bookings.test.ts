import { ERROR_CODES } from '@cincy/contracts';
import { RpcClient, createServiceApp } from '@cincy/platform';
import {
  connectTestRpc,
  dropIsolatedStack,
  eventually,
  useIsolatedStack,
} from '@cincy/platform/testing';
import type { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { bookingService } from '../src/app.module';
import { SLOT_LOCK_NAMESPACE, slotLockKey } from '../src/time-slots/slot-capacity';

const stack = useIsolatedStack();
process.env.SLOT_CAPACITY = '1';
// Friday 14 June 2030, 10:30 in Cincinnati: inside the ASAP window.
process.env.BOOKING_FIXED_NOW = '2030-06-14T10:30:00-04:00';
delete process.env.GEOCODER_URL;

const TOMORROW = '2030-06-15';

describe('booking.bookings.create: the customer and the appointment in one transaction (real Postgres, NATS)', () => {
  let app: INestMicroservice;
  /** A second replica: two sends of one key may land on different processes. */
  let replica: INestMicroservice;
  let rpc: RpcClient;
  let db: Client;
  let seq = 0;

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

  /** A new visitor's booking, as the form sends it. */
  const visitor = (extra: Record<string, unknown> = {}) => {
    seq += 1;
    return {
      name: `One Call ${seq}`,
      phone: `(513) 888-${String(seq).padStart(4, '0')}`,
      email: null,
      location: '5 Any Rd, Cincinnati, OH 45202',
      vehicle: '2019 Honda Civic',
      preferredTime: 'ASAP',
      scheduledDate: null,
      scheduledTime: null,
      notes: 'Blue car',
      ...extra,
    };
  };

  const book = (body: ReturnType<typeof visitor>, idempotencyKey?: string) =>
    rpc.call(
      'booking.bookings.create',
      idempotencyKey === undefined ? body : { ...body, idempotencyKey },
    );

  /** The customers of a phone number, each with their appointments' ids. */
  const stored = async (phone: string) => {
    const { rows } = await db.query(
      `SELECT c.id, c.total_jobs AS "totalJobs",
              coalesce(array_agg(a.id ORDER BY a.id) FILTER (WHERE a.id IS NOT NULL), '{}') AS appointments
         FROM customers c LEFT JOIN appointments a ON a.customer_id = c.id
        WHERE c.phone_digits = $1 GROUP BY c.id ORDER BY c.id`,
      [phone.replace(/\D/g, '')],
    );
    return rows as { id: number; totalJobs: number; appointments: number[] }[];
  };

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (error: { status: number; body: { code: string } }) => ({
        status: error.status,
        code: error.body.code,
      }),
    );

  /** A repeat answers the same booking and reference, with a new link token (only hashes are kept). */
  const sameBooking = ({ token, ...answer }: { token: string }) => {
    void token;
    return answer;
  };

  it('stores the customer and their appointment, and answers the appointment with its customer', async () => {
    const body = visitor();
    const booked = await book(body);
    expect(booked).toMatchObject({ status: 'pending', reference: expect.stringMatching(/^CB-/) });
    expect(await stored(body.phone)).toEqual([
      { id: booked.customerId, totalJobs: 1, appointments: [booked.id] },
    ]);
  });

  it('finds a returning customer again instead of registering a second one', async () => {
    const body = visitor();
    const first = await book(body);
    const second = await book({ ...body, notes: 'Back again' });
    expect(second.customerId).toBe(first.customerId);
    expect(await stored(body.phone)).toEqual([
      { id: first.customerId, totalJobs: 2, appointments: [first.id, second.id] },
    ]);
  });

  it('leaves no customer when the appointment is refused inside the transaction (the hour is full)', async () => {
    const slot = { preferredTime: TOMORROW, scheduledDate: TOMORROW, scheduledTime: '15:00:00' };
    await book(visitor(slot));
    const refused = visitor(slot);
    expect(await failure(book(refused, 'full-hour'))).toEqual({
      status: 409,
      code: ERROR_CODES.timeSlotFull,
    });
    expect(await stored(refused.phone)).toEqual([]);
  });

  it('answers a repeat of the same key and body with the same ids, and stores one of each', async () => {
    const body = visitor();
    const first = await book(body, 'form-attempt-1');
    const again = await book(body, 'form-attempt-1');
    expect(sameBooking(again)).toEqual(sameBooking(first));
    expect(await stored(body.phone)).toEqual([
      { id: first.customerId, totalJobs: 1, appointments: [first.id] },
    ]);
  });

  it('refuses the same key with other details (even another customer) with 422, storing nothing', async () => {
    const body = visitor();
    const first = await book(body, 'form-attempt-2');
    const other = visitor();
    expect(await failure(book(other, 'form-attempt-2'))).toEqual({
      status: 422,
      code: ERROR_CODES.idempotencyKeyReused,
    });
    expect(await failure(book({ ...body, notes: 'Red car' }, 'form-attempt-2'))).toEqual({
      status: 422,
      code: ERROR_CODES.idempotencyKeyReused,
    });
    expect(await stored(other.phone)).toEqual([]);
    expect(await stored(body.phone)).toEqual([
      { id: first.customerId, totalJobs: 1, appointments: [first.id] },
    ]);
  });

  it('registers one customer when a new visitor books twice at once with two keys (each of 10, two replicas)', async () => {
    // Nothing unique stops a second customer of one name and phone: the phone's lock must.
    const bodies = Array.from({ length: 10 }, () => visitor());
    const answers = await Promise.all(
      bodies.map((body, k) =>
        Promise.all([
          book(body, `two-tabs-${k}-a`),
          book({ ...body, notes: 'Other tab' }, `two-tabs-${k}-b`),
        ]),
      ),
    );
    for (const [k, body] of bodies.entries()) {
      const [a, b] = answers[k];
      expect(await stored(body.phone)).toEqual([
        { id: a.customerId, totalJobs: 2, appointments: [a.id, b.id].sort((x, y) => x - y) },
      ]);
    }
  });

  it('registers one customer when the office adds a visitor whose booking is still open', async () => {
    // The test holds the hour's lock: the booking waits there (its last lock), its customer
    // registered but not committed.
    const slot = { preferredTime: TOMORROW, scheduledDate: TOMORROW, scheduledTime: '12:00:00' };
    const body = visitor(slot);
    const hour = [SLOT_LOCK_NAMESPACE, slotLockKey(TOMORROW, 12)];
    const waiting = async () => {
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM pg_locks
          WHERE locktype = 'advisory' AND NOT granted
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      return rows[0].n as number;
    };
    await db.query('SELECT pg_advisory_lock(hashtext($1), hashtext($2))', hour);
    const booked = book(body, 'office-while-booking');
    await eventually(async () => (await waiting()) === 1);
    let answered = false;
    const added = rpc
      .call('booking.customers.create', { name: body.name, phone: body.phone, email: null })
      .finally(() => (answered = true));
    // Answered at once (a second customer), or waiting for the booking's lock of the phone.
    await eventually(async () => answered || (await waiting()) === 2);
    await db.query('SELECT pg_advisory_unlock(hashtext($1), hashtext($2))', hour);
    const [appointment, customer] = await Promise.all([booked, added]);
    expect(customer.id).toBe(appointment.customerId);
    expect(await stored(body.phone)).toHaveLength(1);
  });

  it('books a new visitor once when one key is sent several times at once, across two replicas', async () => {
    const body = visitor();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => book(body, 'form-attempt-concurrent')),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    for (const answer of answers) expect(sameBooking(answer)).toEqual(sameBooking(answers[0]));
    expect(await stored(body.phone)).toEqual([
      { id: answers[0].customerId, totalJobs: 1, appointments: [answers[0].id] },
    ]);
  });
});
