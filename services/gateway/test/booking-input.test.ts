import type { AddressInfo } from 'node:net';
import { ERROR_CODES, TEXT_LIMITS } from '@cincy/contracts';
import { createServiceApp } from '@cincy/platform';
import { dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
import type { INestApplication, INestMicroservice } from '@nestjs/common';
// Booking runs in-process beside the gateway: this test is about the two together.
import { bookingService } from '../../booking/src/app.module';
import { createGatewayApp } from '../src/http-app';

const stack = useIsolatedStack();
process.env.SLOT_CAPACITY = '1';
process.env.BOOKING_FIXED_NOW = '2030-06-14T10:30:00-04:00'; // Friday 10:30 in Cincinnati
process.env.BOOKING_RATE_LIMIT = '25';
delete process.env.GEOCODER_URL;

describe('public booking input at the gateway (booking + gateway in-process)', () => {
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

  /** A raw request: the body goes as given, so it can be broken on purpose. */
  async function send(
    method: string,
    path: string,
    body?: string,
    headers: Record<string, string> = {},
  ) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  }
  const post = (path: string, value: unknown, headers?: Record<string, string>) =>
    send('POST', path, JSON.stringify(value), headers);

  const customer = () => {
    phoneSeq += 1;
    return {
      name: `Input Tester ${phoneSeq}`,
      phone: `(513) 555-${String(phoneSeq).padStart(4, '0')}`,
      email: null,
    };
  };

  /** Registers a customer as a visitor does, keeping the booking cookie for the appointment. */
  async function visitor(details: { name?: string } = {}) {
    const res = await fetch(`${base}/api/customers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...customer(), ...details }),
    });
    expect(res.status).toBe(201);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const created = (await res.json()) as { id: number; name: string };
    return { id: created.id, name: created.name, cookie };
  }

  describe('bodies', () => {
    it('refuses a body over 32 kb with 413', async () => {
      const res = await post('/api/customers', { ...customer(), name: 'x'.repeat(33 * 1024) });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        code: ERROR_CODES.payloadTooLarge,
        message: 'The request is too large.',
      });
    });

    it.each([
      ['malformed JSON', '{"name": "Ann", '],
      ['a JSON array', '[1,2,3]'],
      ['a JSON string', '"hello"'],
      ['null', 'null'],
    ])('refuses %s with 400', async (_, raw) => {
      const res = await send('POST', '/api/customers', raw);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ERROR_CODES.validation);
    });

    it('refuses a body that is not JSON at all with 400', async () => {
      const res = await send('POST', '/api/appointments', 'customerId=1', {
        'Content-Type': 'text/plain',
      });
      expect(res.status).toBe(400);
    });

    it('refuses over-long fields with 400 and the field named', async () => {
      const res = await post('/api/customers', {
        ...customer(),
        name: 'N'.repeat(TEXT_LIMITS.name + 1),
      });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toEqual({
        name: `Name must be at most ${TEXT_LIMITS.name} characters`,
      });

      const appointment = await post('/api/appointments', {
        customerId: 1,
        location: 'L'.repeat(TEXT_LIMITS.location + 1),
        notes: 'n'.repeat(TEXT_LIMITS.notes + 1),
      });
      expect(appointment.status).toBe(400);
      expect(Object.keys(appointment.body.fieldErrors).sort()).toEqual(['location', 'notes']);
    });

    it('refuses wrong types and impossible dates or times with 400, never 5xx', async () => {
      const v = await visitor();
      for (const body of [
        { customerId: 'abc', location: 'x' },
        { customerId: v.id, location: { nested: true } },
        {
          customerId: v.id,
          location: '1 Main St',
          scheduledDate: '2030-13-45',
          scheduledTime: '14:00:00',
        },
        {
          customerId: v.id,
          location: '1 Main St',
          scheduledDate: '2030-06-15',
          scheduledTime: '25:00:00',
        },
        { customerId: v.id, location: '1 Main St', scheduledDate: '2030-06-15' },
      ]) {
        const res = await post('/api/appointments', body, { Cookie: v.cookie });
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
      }
    });
  });

  describe('GET /api/time-slots', () => {
    it('answers the day grid to a visitor', async () => {
      const res = await send(
        'GET',
        '/api/time-slots?date=2030-06-14&address=1%20Main%20St%2C%20Cincinnati',
      );
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(13);
      expect(res.body[0]).toEqual({ hour: 9, available: false, reason: 'Time has passed' });
      expect(res.body[2]).toEqual({ hour: 11, available: true });
    });

    it.each([
      ['no date', ''],
      ['a malformed date', '?date=tomorrow'],
      ['two dates', '?date=2030-06-14&date=2030-06-15'],
      ['an over-long address', `?date=2030-06-14&address=${'a'.repeat(TEXT_LIMITS.location + 1)}`],
    ])('refuses %s with 400', async (_, query) => {
      const res = await send('GET', `/api/time-slots${query}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ERROR_CODES.validation);
    });

    it.each(['2030-06-13', '2030-06-21'])(
      'refuses %s (outside today..today+6) with a clear 400',
      async (date) => {
        const res = await send('GET', `/api/time-slots?date=${date}`);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Please choose a date from today up to 6 days ahead.');
      },
    );
  });

  describe('booking rules through HTTP', () => {
    it('books a free hour, then answers 409 TIME_SLOT_FULL for the next visitor', async () => {
      const slot = {
        location: '12 Pike St, Covington, KY 41011',
        scheduledDate: '2030-06-16',
        scheduledTime: '13:00:00',
      };
      const first = await visitor();
      const booked = await post(
        '/api/appointments',
        { customerId: first.id, ...slot },
        { Cookie: first.cookie },
      );
      expect(booked.status).toBe(201);

      const second = await visitor();
      const full = await post(
        '/api/appointments',
        { customerId: second.id, ...slot },
        { Cookie: second.cookie },
      );
      expect(full.status).toBe(409);
      expect(full.body.code).toBe(ERROR_CODES.timeSlotFull);
      expect(full.body.message).toMatch(/^That time slot is fully booked\./);

      const grid = await send('GET', '/api/time-slots?date=2030-06-16');
      expect(grid.body.find((s: { hour: number }) => s.hour === 13)).toEqual({
        hour: 13,
        available: false,
        reason: 'Fully booked',
      });
    });

    it('books a visitor whose first and last name are as long as the form takes (50 each)', async () => {
      const name = `${'F'.repeat(TEXT_LIMITS.firstName)} ${'L'.repeat(TEXT_LIMITS.lastName)}`;
      const v = await visitor({ name });
      const booked = await post(
        '/api/appointments',
        { customerId: v.id, location: '1 Fountain Square, Cincinnati, OH 45202' },
        { Cookie: v.cookie },
      );
      expect(booked.status).toBe(201);
      expect(v.name).toBe(name);
    });

    it('answers 400 for an hour that has passed', async () => {
      const v = await visitor();
      const res = await post(
        '/api/appointments',
        {
          customerId: v.id,
          location: '1 Main St, Cincinnati, OH',
          scheduledDate: '2030-06-14',
          scheduledTime: '09:00:00',
        },
        { Cookie: v.cookie },
      );
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toEqual({
        scheduledTime: 'That time has already passed. Please choose a later time.',
      });
    });
  });

  describe('rate limit', () => {
    it('answers 429 RATE_LIMITED with Retry-After once an address posts too often', async () => {
      const limit = Number(process.env.BOOKING_RATE_LIMIT);
      let limited: Awaited<ReturnType<typeof post>> | undefined;
      for (let i = 0; i <= limit && !limited; i++) {
        const res = await post('/api/appointments', { customerId: 'not a number' });
        expect(res.status === 400 || res.status === 429).toBe(true);
        if (res.status === 429) limited = res;
      }
      expect(limited?.body).toEqual({
        code: ERROR_CODES.rateLimited,
        message: `Too many requests. Please try again in ${Math.ceil(Number(limited?.headers.get('retry-after')) / 60)} minutes.`,
      });
      expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another bucket is not affected.
      expect((await send('GET', '/api/time-slots?date=2030-06-15')).status).toBe(200);
    });
  });
});
