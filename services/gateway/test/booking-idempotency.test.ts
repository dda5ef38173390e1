import type { AddressInfo } from 'node:net';
import { ApiError, ERROR_CODES } from '@cincy/contracts';
import { createServiceApp } from '@cincy/platform';
import { dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
import type { INestApplication, INestMicroservice } from '@nestjs/common';
// Booking runs in-process beside the gateway: the header travels from one to the other.
import { bookingService } from '../../booking/src/app.module';
import { createGatewayApp } from '../src/http-app';
import { TrackingViews } from '../src/tracking/tracking-views';

const stack = useIsolatedStack();
process.env.SLOT_CAPACITY = '2';
process.env.BOOKING_FIXED_NOW = '2030-06-14T10:30:00-04:00'; // Friday 10:30 in Cincinnati
process.env.BOOKING_RATE_LIMIT = '0';
process.env.TIME_SLOTS_RATE_LIMIT = '6';
process.env.TIME_SLOTS_RATE_WINDOW_SECONDS = '600';
delete process.env.GEOCODER_URL;

describe('booking at the gateway: Idempotency-Key and the texts a person sees (in-process)', () => {
  let booking: INestMicroservice;
  let gateway: INestApplication;
  let base: string;
  let phoneSeq = 0;

  beforeAll(async () => {
    booking = await createServiceApp(bookingService);
    gateway = await createGatewayApp();
    await gateway.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await booking?.close();
    await dropIsolatedStack(stack);
  }, 60_000);

  async function call(method: string, path: string, body?: unknown, headers = {}) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  }

  /** Registers a customer as a visitor does, keeping the booking cookie for the appointment. */
  async function visitor() {
    phoneSeq += 1;
    const res = await fetch(`${base}/api/customers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: `Key Visitor ${phoneSeq}`,
        phone: `(513) 555-${String(phoneSeq).padStart(4, '0')}`,
        email: null,
      }),
    });
    expect(res.status).toBe(201);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { id: ((await res.json()) as { id: number }).id, cookie };
  }

  const appointment = (customerId: number, notes = 'Blue car') => ({
    customerId,
    location: '123 Main St, Cincinnati, Ohio 45202',
    preferredTime: 'ASAP',
    notes,
  });

  const book = (v: { id: number; cookie: string }, key?: string, notes?: string) =>
    call('POST', '/api/appointments', appointment(v.id, notes), {
      Cookie: v.cookie,
      ...(key === undefined ? {} : { 'Idempotency-Key': key }),
    });

  it('answers a repeat with the same 201 and the same appointment', async () => {
    const v = await visitor();
    const first = await book(v, 'b7e0c1d2-back-button');
    const again = await book(v, 'b7e0c1d2-back-button');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    // The same appointment and reference; a new link token (only its hash is kept, so the first
    // cannot be given again), and both open the visit.
    const { token: firstToken, ...booked } = first.body as { token: string };
    const { token: againToken, ...repeated } = again.body as { token: string };
    expect(repeated).toEqual(booked);
    // (Only booking runs here: the gateway's own look-up of a link, without dispatch's half.)
    const links = gateway.get(TrackingViews);
    for (const token of [firstToken, againToken]) {
      expect(await links.resolve(token)).toMatchObject({
        appointmentId: (booked as { id: number }).id,
        reference: (booked as { reference: string }).reference,
      });
    }
  });

  it('refuses the key with other details with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const v = await visitor();
    expect((await book(v, 'reused-key')).status).toBe(201);
    const other = await book(v, 'reused-key', 'Red car');
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      code: ERROR_CODES.idempotencyKeyReused,
      message:
        'This request was already sent with different details. Please refresh the page and try again.',
    });
  });

  it('books once when the same send arrives several times at once', async () => {
    const v = await visitor();
    const answers = await Promise.all(Array.from({ length: 4 }, () => book(v, 'at-once')));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
  });

  it.each([
    ['an empty key', ''],
    ['a key with a space', 'two words'],
    ['a key over 255 characters', 'k'.repeat(256)],
  ])('refuses %s with a clear 400, booking nothing', async (_, key) => {
    const v = await visitor();
    const res = await book(v, key);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: ERROR_CODES.validation,
      message: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
    });
  });

  it('books every send without the header, as before', async () => {
    const v = await visitor();
    const [a, b] = [await book(v), await book(v)];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).not.toBe(a.body.id);
  });

  describe('texts a person sees', () => {
    const get = async (path: string) => {
      const res = await fetch(`${base}${path}`);
      return { status: res.status, headers: res.headers, body: (await res.json()) as ApiError };
    };

    it("answers 'Date is required' for the hour grid without a date", async () => {
      const res = await get('/api/time-slots');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: 'Date is required',
        fieldErrors: { date: 'Date is required' },
      });
      expect((await get('/api/time-slots?date=tomorrow')).body.message).toBe(
        'Date must be in format YYYY-MM-DD',
      );
    });

    it('says the wait Retry-After gives when the hour grid is asked too often', async () => {
      let limited: Awaited<ReturnType<typeof get>> | undefined;
      for (let i = 0; i < 10 && !limited; i++) {
        const res = await get('/api/time-slots?date=2030-06-15');
        if (res.status === 429) limited = res;
      }
      const retryAfter = Number(limited?.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(540);
      expect(limited?.body).toEqual({
        code: ERROR_CODES.rateLimited,
        message: `Too many requests. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
      });
    });
  });
});
