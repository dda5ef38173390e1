import { randomBytes } from 'node:crypto';
import {
  CreatedAppointment,
  SOCKET_EVENTS,
  TRACKING_MESSAGES,
  TRACK_SOCKET,
  TrackingView,
  businessDate,
  isLinkToken,
} from '@cincy/contracts';
import { eventually } from '@cincy/platform/testing';
import { ApiClient } from '@cincy/stack';
import { Socket, io } from 'socket.io-client';
import { TrackingPush } from '../src/push/tracking-push';
import { WholeStack, startWholeStack, statusOf } from './whole-stack';

// The customer's side of a visit over the whole stack: the private link's routes, finding a
// booking again, cancelling and moving it, the live `/track` socket, and the limits that stop
// anyone guessing links or references.

let stack: WholeStack;
let seq = 0;

beforeAll(async () => {
  stack = await startWholeStack();
}, 60_000);

afterAll(() => stack?.stop(), 60_000);

/** A booking made by a visitor as the booking form does it: the answer carries the link. */
async function book(extra: Record<string, unknown> = {}) {
  seq += 1;
  const visitor = new ApiClient(stack.base);
  const name = `Tracy Visitor${seq}`;
  const phone = `5135552${String(seq).padStart(3, '0')}`;
  const customer = await visitor.createCustomer({ name, phone });
  const created = await visitor.request<CreatedAppointment>('POST', '/api/appointments', {
    customerId: customer.id,
    location: '1 Fountain Square, Cincinnati, Ohio 45202',
    vehicle: '2018 Honda Civic',
    preferredTime: 'ASAP',
    scheduledDate: null,
    scheduledTime: null,
    notes: null,
    ...extra,
  });
  await eventually(async () => (await stack.admin.appointments()).some((a) => a.id === created.id));
  return { ...created, name, phone };
}

interface Answer<T = unknown> {
  status: number;
  body: T;
  retryAfter: string | null;
}

/** An anonymous call (no cookie: counted by the limits), its status and body. */
async function anonymous<T = unknown>(method: string, url: string, body?: unknown) {
  const res = await fetch(`${stack.base}${url}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : null) as T,
    retryAfter: res.headers.get('retry-after'),
  } satisfies Answer<T>;
}

const randomToken = () =>
  randomBytes(9).toString('base64url') + randomBytes(16).toString('base64url');

/** A tracking page's socket, remembering every push. */
function track(
  token: unknown,
): Promise<{ socket: Socket; heard: { name: string; view: TrackingView }[] }> {
  const heard: { name: string; view: TrackingView }[] = [];
  const socket = io(`${stack.base}${TRACK_SOCKET.namespace}`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
  });
  socket.onAny((name: string, view: TrackingView) => heard.push({ name, view }));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, heard }));
    socket.once('connect_error', reject);
  });
}

const lastView = (heard: { view: TrackingView }[]) => heard.at(-1)?.view;

describe('the tracking routes', () => {
  it('opens the booking by its link: the view, the confirmation, and nothing private', async () => {
    const booking = await book();
    expect(booking.reference).toMatch(/^CB-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
    expect(isLinkToken(booking.token)).toBe(true);

    const view = await anonymous<TrackingView>('GET', `/api/track/${booking.token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      reference: booking.reference,
      status: 'pending',
      technician: null,
      position: null,
      canCancel: true,
      canReschedule: false,
    });
    // What only the gateway keeps, and anything of the customer's, stays out of the view.
    const text = JSON.stringify(view.body);
    for (const secret of ['technicianId', 'destination', 'Fountain', booking.phone, 'Visitor'])
      expect(text).not.toContain(secret);

    const details = await anonymous<Record<string, unknown>>(
      'GET',
      `/api/bookings/${booking.token}`,
    );
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      reference: booking.reference,
      contact: { name: booking.name },
      location: expect.stringContaining('Fountain Square'),
      tracking: { reference: booking.reference, status: 'pending' },
    });
  });

  it('answers 404 for a link nobody holds and for one that cannot be a link, the same way', async () => {
    for (const url of [
      `/api/track/${randomToken()}`,
      '/api/track/not-a-token',
      `/api/bookings/${randomToken()}`,
      '/api/bookings/short',
    ]) {
      const answer = await anonymous<{ code: string; message: string }>('GET', url);
      expect([url, answer.status, answer.body.code]).toEqual([url, 404, 'NOT_FOUND']);
    }
    const malformed = await anonymous<{ message: string }>('POST', '/api/track/x/cancel', {});
    expect(malformed).toMatchObject({ status: 404, body: { message: TRACKING_MESSAGES.notFound } });
  });

  it('finds a booking by its reference and phone number, and only with both', async () => {
    const booking = await book();
    const loosely = booking.reference.toLowerCase().replace('-', ' ');
    const found = await anonymous<{ token: string }>('POST', '/api/bookings/find', {
      reference: loosely,
      phone: booking.phone,
    });
    expect(found.status).toBe(200);
    expect(isLinkToken(found.body.token)).toBe(true);
    const view = await anonymous<TrackingView>('GET', `/api/track/${found.body.token}`);
    expect(view.body.reference).toBe(booking.reference);

    const wrongPhone = await anonymous('POST', '/api/bookings/find', {
      reference: booking.reference,
      phone: '5135559999',
    });
    expect(wrongPhone.status).toBe(404);
    const notAReference = await anonymous<{ fieldErrors: object }>('POST', '/api/bookings/find', {
      reference: 'CB-0000',
      phone: booking.phone,
    });
    expect(notAReference.status).toBe(400);
    expect(notAReference.body.fieldErrors).toHaveProperty('reference');
  });

  it('cancels a visit before the van leaves, once', async () => {
    const booking = await book();
    expect(
      (await anonymous('POST', `/api/track/${booking.token}/cancel`, { reason: 42 })).status,
    ).toBe(400);
    const cancelled = await anonymous<TrackingView>('POST', `/api/track/${booking.token}/cancel`, {
      reason: 'Got a jump start from a neighbour',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      reference: booking.reference,
      status: 'cancelled',
      canCancel: false,
      canReschedule: false,
    });
    expect((await anonymous('POST', `/api/track/${booking.token}/cancel`, {})).status).toBe(409);
    // The board sees it closed.
    await eventually(async () =>
      (await stack.admin.appointments()).every(
        (a) => a.id !== booking.id || a.status === 'cancelled',
      ),
    );
  });

  it('moves a visit booked for an hour to another hour', async () => {
    const today = businessDate();
    const booking = await book({
      preferredTime: today,
      scheduledDate: today,
      scheduledTime: '15:00:00',
    });
    const bad = await anonymous('POST', `/api/track/${booking.token}/reschedule`, {
      scheduledDate: 'tomorrow',
      scheduledTime: '16:00:00',
    });
    expect(bad.status).toBe(400);
    const moved = await anonymous('POST', `/api/track/${booking.token}/reschedule`, {
      scheduledDate: today,
      scheduledTime: '16:00:00',
    });
    expect(moved).toMatchObject({
      status: 200,
      body: { scheduledDate: today, scheduledTime: '16:00:00', preferredTime: expect.any(String) },
    });
    await eventually(async () => {
      const view = await anonymous<TrackingView>('GET', `/api/track/${booking.token}`);
      return view.body.scheduledTime === '16:00:00';
    });
    // An ASAP visit has no hour to move.
    const asap = await book();
    expect(
      (
        await anonymous('POST', `/api/track/${asap.token}/reschedule`, {
          scheduledDate: today,
          scheduledTime: '16:00:00',
        })
      ).status,
    ).toBeGreaterThanOrEqual(400);
  });
});

describe('the /track socket', () => {
  it("pushes its visit's changes, the van while on the way and not after, and nothing else", async () => {
    const { user: tech, client } = await stack.newUser('tracked-tech');
    const a = await book();
    const b = await book();
    const pageA = await track(a.token);
    const pageB = await track(b.token);
    await eventually(async () => lastView(pageA.heard)?.status === 'pending');
    expect(lastView(pageA.heard)?.reference).toBe(a.reference);

    await eventually(
      async () =>
        (await statusOf(
          stack.admin.request('POST', `/api/appointments/${a.id}/assign`, {
            technicianId: tech.id,
          }),
        )) === 200,
    );
    await eventually(async () => lastView(pageA.heard)?.status === 'assigned');
    expect(lastView(pageA.heard)?.technician).toEqual({ firstName: 'Staff' });

    await client.request('PATCH', `/api/appointments/${a.id}/status`, { status: 'accepted' });
    await eventually(async () => lastView(pageA.heard)?.status === 'accepted');
    await client.request('PATCH', `/api/appointments/${a.id}/status`, { status: 'en_route' });
    await eventually(async () => lastView(pageA.heard)?.status === 'en_route');

    // The technician's phone reports where the van is: the page sees it move, with an estimate.
    await client.request('PUT', `/api/users/${tech.id}/location`, {
      latitude: 39.13,
      longitude: -84.45,
    });
    const moving = await eventually(async () => {
      const view = lastView(pageA.heard);
      return view?.position?.lat === 39.13 && view;
    });
    expect(moving.position).toMatchObject({ lat: 39.13, lng: -84.45, at: expect.any(String) });
    expect(moving.etaMinutes).toEqual(expect.any(Number));

    await client.request('PATCH', `/api/appointments/${a.id}/status`, { status: 'on_location' });
    const arrived = await eventually(async () => {
      const view = lastView(pageA.heard);
      return view?.status === 'on_location' && view;
    });
    expect(arrived.position).toBeNull();
    expect(arrived.etaMinutes).toBeNull();

    // B changes too (cancelled from its page): only B's page hears it.
    await anonymous('POST', `/api/track/${b.token}/cancel`, {});
    await eventually(async () => lastView(pageB.heard)?.status === 'cancelled');
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(pageA.heard.length).toBeGreaterThan(3);
    expect(new Set(pageA.heard.map((h) => h.name))).toEqual(new Set([TRACK_SOCKET.changed]));
    expect(pageA.heard.every((h) => h.view.reference === a.reference)).toBe(true);
    const staffEvents = Object.values(SOCKET_EVENTS) as string[];
    expect(pageB.heard.some((h) => staffEvents.includes(h.name))).toBe(false);
    expect(pageB.heard.every((h) => h.view.reference === b.reference)).toBe(true);
    // Nothing private went down either socket.
    const text = JSON.stringify([...pageA.heard, ...pageB.heard]);
    for (const secret of ['technicianId', 'destination', 'tracked-tech', 'Fountain', a.phone])
      expect(text).not.toContain(secret);

    pageA.socket.close();
    pageB.socket.close();
    // Facts are kept only for visits someone watches.
    await eventually(async () => stack.gateway.get(TrackingPush).watchedCount === 0);
  }, 60_000);

  it('refuses a handshake without a valid link', async () => {
    for (const token of [randomToken(), 'not-a-token', undefined]) {
      await expect(track(token)).rejects.toMatchObject({ message: 'not found' });
    }
  });
});

// Last: it uses up this address's limits.
describe('guessing links and references', () => {
  it('is stopped at the limit: 429 with Retry-After, for routes and sockets alike', async () => {
    const real = await book();
    let tries = 0;
    let answer: Answer;
    do {
      tries += 1;
      answer = await anonymous('GET', `/api/track/${randomToken()}`);
    } while (answer.status === 404 && tries < 500);
    expect(answer.status).toBe(429);
    expect(tries).toBeLessThanOrEqual(121);
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    // Even the right link waits at this address, on every route and on the socket.
    expect((await anonymous('GET', `/api/track/${real.token}`)).status).toBe(429);
    expect((await anonymous('GET', `/api/bookings/${real.token}`)).status).toBe(429);
    await expect(track(real.token)).rejects.toMatchObject({ message: 'too many requests' });

    let finds = 0;
    do {
      finds += 1;
      const reference = `CB-${randomBytes(5)
        .toString('hex')
        .toUpperCase()
        .replace(/[^23456789ABCDEF]/g, '7')
        .slice(0, 5)}`;
      answer = await anonymous('POST', '/api/bookings/find', { reference, phone: '5135550100' });
    } while (answer.status === 404 && finds < 50);
    expect(answer.status).toBe(429);
    expect(finds).toBeLessThanOrEqual(11);
    expect(Number(answer.retryAfter)).toBeGreaterThan(60);
  }, 60_000);
});
