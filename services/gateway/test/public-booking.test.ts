import type { AddressInfo } from 'node:net';
import { ERROR_CODES, SESSION, createdAppointmentSchema } from '@cincy/contracts';
import { createServiceApp } from '@cincy/platform';
import { dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
import type { INestApplication, INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
// Booking runs in-process beside the gateway: one HTTP call, one RPC, one booking transaction.
import { bookingService } from '../../booking/src/app.module';
import { createGatewayApp } from '../src/http-app';

const stack = useIsolatedStack();
process.env.SLOT_CAPACITY = '1';
process.env.BOOKING_FIXED_NOW = '2030-06-14T10:30:00-04:00'; // Friday 10:30 in Cincinnati
process.env.BOOKING_RATE_LIMIT = '0';
delete process.env.GEOCODER_URL;

const TOMORROW = '2030-06-15';

describe('POST /api/bookings: the form books the customer and the visit in one call (in-process)', () => {
  let booking: INestMicroservice;
  let gateway: INestApplication;
  let base: string;
  let db: Client;
  let seq = 0;

  beforeAll(async () => {
    booking = await createServiceApp(bookingService);
    gateway = await createGatewayApp();
    await gateway.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
    db = new Client({ connectionString: stack.databaseUrl, options: '-c search_path=booking' });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await gateway?.close();
    await booking?.close();
    await dropIsolatedStack(stack);
  }, 60_000);

  /** A new visitor's booking as the form sends it (the customer's fields and the appointment's). */
  const form = (extra: Record<string, unknown> = {}) => {
    seq += 1;
    return {
      name: `Form Visitor ${seq}`,
      phone: `(513) 666-${String(seq).padStart(4, '0')}`,
      email: null,
      location: '123 Main St, Cincinnati, Ohio 45202',
      vehicle: '2019 Toyota Camry (Blue)',
      preferredTime: 'ASAP',
      scheduledDate: null,
      scheduledTime: null,
      notes: 'Gate code 42',
      status: 'pending',
      priority: 'normal',
      ...extra,
    };
  };

  async function post(body: unknown, key?: string) {
    const res = await fetch(`${base}/api/bookings`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(key === undefined ? {} : { 'Idempotency-Key': key }),
      },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      cookies: res.headers.getSetCookie(),
      body: (await res.json()) as Record<string, unknown>,
    };
  }

  /** The customers of a phone number, each with the number of their appointments. */
  const stored = async (phone: string) => {
    const { rows } = await db.query(
      `SELECT c.id, count(a.id)::int AS appointments
         FROM customers c LEFT JOIN appointments a ON a.customer_id = c.id
        WHERE c.phone_digits = $1 GROUP BY c.id`,
      [phone.replace(/\D/g, '')],
    );
    return rows as { id: number; appointments: number }[];
  };

  it('answers 201 with the appointment as POST /api/appointments gives it, and sets no booking cookie', async () => {
    const body = form();
    const res = await post(body, 'form-key-1');
    expect(res.status).toBe(201);
    expect(createdAppointmentSchema.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({
      status: 'pending',
      location: '123 Main St, Cincinnati, OH 45202',
    });
    // The cookie only handed the customer from the first call to the second; there is none.
    expect(res.cookies.filter((c) => c.startsWith(`${SESSION.bookingCookieName}=`))).toEqual([]);
    expect(await stored(body.phone)).toEqual([{ id: res.body.customerId, appointments: 1 }]);
  });

  it('answers a retry with the same key and body with the same booking, storing nothing new', async () => {
    const body = form();
    const first = await post(body, 'form-key-retry');
    const again = await post(body, 'form-key-retry');
    expect([first.status, again.status]).toEqual([201, 201]);
    const { token: t1, ...booked } = first.body;
    const { token: t2, ...repeated } = again.body;
    expect([typeof t1, typeof t2]).toEqual(['string', 'string']);
    expect(repeated).toEqual(booked);
    expect(await stored(body.phone)).toEqual([{ id: booked.customerId, appointments: 1 }]);
  });

  it('refuses the same key with another body with 422 IDEMPOTENCY_KEY_REUSED, as POST /api/appointments does', async () => {
    const body = form();
    expect((await post(body, 'form-key-reused')).status).toBe(201);
    const other = await post({ ...body, notes: 'Red car' }, 'form-key-reused');
    expect(other).toMatchObject({
      status: 422,
      body: {
        code: ERROR_CODES.idempotencyKeyReused,
        message:
          'This request was already sent with different details. Please refresh the page and try again.',
      },
    });
  });

  it("refuses a bad customer field and a bad appointment field with both routes' messages, storing nothing", async () => {
    const body = form({ name: '', phone: '513-55', location: '' });
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: ERROR_CODES.validation,
      fieldErrors: {
        name: 'Name is required',
        phone: 'Phone number must be at least 10 digits',
        location: 'Location is required',
      },
    });
    expect(await stored(body.phone)).toEqual([]);
  });

  it('refuses a bad Idempotency-Key with a clear 400', async () => {
    const res = await post(form(), 'two words');
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Idempotency-Key must be 1 to 255 visible ASCII characters' },
    });
  });

  it('refuses a full hour with 409 TIME_SLOT_FULL and leaves no customer behind', async () => {
    const slot = { preferredTime: TOMORROW, scheduledDate: TOMORROW, scheduledTime: '16:00:00' };
    expect((await post(form(slot))).status).toBe(201);
    const late = form(slot);
    const res = await post(late, 'form-key-full');
    expect(res).toMatchObject({ status: 409, body: { code: ERROR_CODES.timeSlotFull } });
    expect(await stored(late.phone)).toEqual([]);
  });

  it('refuses an address outside the area with 422 and its field error, storing nothing', async () => {
    const far = form({ location: '1 Broad St, Columbus, Ohio 43215' });
    const res = await post(far);
    expect(res).toMatchObject({
      status: 422,
      body: { code: ERROR_CODES.outsideServiceArea, fieldErrors: { location: expect.any(String) } },
    });
    expect(await stored(far.phone)).toEqual([]);
  });
});
