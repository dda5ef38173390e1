import { createServer, Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AppointmentStatus,
  EventEnvelope,
  TRACK_SOCKET,
  TrackingFacts,
  TrackingView,
  trackingState,
} from '@cincy/contracts';
import { AppLogger, RpcCallError, buildEvent, loadEnv } from '@cincy/platform';
import { boardView } from '@cincy/platform/testing';
import { Server } from 'socket.io';
import { Socket, io } from 'socket.io-client';
import { BookingRateLimits } from '../booking/booking-rate-limit.guard';
import { RATE_LIMIT_ENV } from '../booking/rate-limit.config';
import { SharedLimits } from '../common/shared-limits';
import { TrackingViews } from '../tracking/tracking-views';
import { EventFeed, EventListener } from './event-feed';
import { TrackingPush, handshakeAddress } from './tracking-push';

// The /track namespace on a real socket.io server, with dispatch and booking played by fakes.

const TOKEN_A = 'A'.repeat(34);
const TOKEN_B = 'B'.repeat(34);
const TECH = 7;
const DESTINATION = { lat: 39.1031, lng: -84.512 };

function factsOf(status: AppointmentStatus, technicianId: number | null = TECH): TrackingFacts {
  const state = trackingState({
    status,
    technicianName: technicianId ? 'Jamie Rivers' : null,
    requestedAt: new Date('2026-05-01T15:00:00Z'),
    acceptedAt: null,
    enRouteAt: null,
    onLocationAt: null,
    closedAt: null,
    scheduledDate: null,
    scheduledTime: null,
    technicianPosition: null,
    destination: DESTINATION,
    queue: status === 'pending' ? { position: 1, estimatedWaitMinutes: 20 } : null,
  });
  return { state, technicianId, destination: DESTINATION };
}

let http: HttpServer;
let ioServer: Server;
let base: string;
let push: TrackingPush;
let listener: EventListener;
/** What dispatch answers now, by appointment id; and how often it was asked. */
const facts = new Map<number, TrackingFacts>();
const asked: number[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  http = createServer();
  ioServer = new Server(http, { path: '/socket.io' });
  const views = {
    resolve: async (token: string) => {
      if (token === TOKEN_A) return { appointmentId: 1, reference: 'CB-AAAAA' };
      if (token === TOKEN_B) return { appointmentId: 2, reference: 'CB-BBBBB' };
      throw new RpcCallError(404, { code: 'NOT_FOUND', message: 'Not found' });
    },
    facts: async ({ appointmentId: id }: { appointmentId: number }) => {
      asked.push(id);
      return facts.get(id)!;
    },
  } as unknown as TrackingViews;
  const feed = { onEvent: (l: EventListener) => (listener = l) } as unknown as EventFeed;
  const env = loadEnv([RATE_LIMIT_ENV], { TRACKING_RATE_LIMIT: '8' }).get(RATE_LIMIT_ENV);
  const limits = new BookingRateLimits(env, new SharedLimits({ NATS_URL: '', NATS_PREFIX: '' }));
  push = new TrackingPush(views, limits, feed, new AppLogger('test', 'error'), {
    TRUST_PROXY: false,
  });
  push.attach(ioServer);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await ioServer.close();
});

function open(token: string) {
  const heard: { name: string; view: TrackingView }[] = [];
  const socket = io(`${base}${TRACK_SOCKET.namespace}`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
  });
  sockets.push(socket);
  socket.onAny((name: string, view: TrackingView) => heard.push({ name, view }));
  return new Promise<{ socket: Socket; heard: typeof heard }>((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, heard }));
    socket.once('connect_error', reject);
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
const tell = (event: EventEnvelope) => listener(event);
const moved = (status: AppointmentStatus, id: number) =>
  buildEvent('dispatch.appointment.updated', { appointment: boardView({ id, status }) });
const position = (lat: number, lng: number) =>
  buildEvent('identity.user.presence-changed', {
    user: {
      id: TECH,
      name: 'Jamie Rivers',
      username: 'jamie',
      role: 'technician',
      status: 'online',
      currentLocation: { lat, lng },
      lastSeen: '2026-05-01T15:30:00.000Z',
    },
  });

describe('the /track socket (TrackingPush)', () => {
  it("sends its visit's view at once, and then only its visit's changes", async () => {
    facts.set(1, factsOf('pending', null));
    facts.set(2, factsOf('pending', null));
    const a = await open(TOKEN_A);
    const b = await open(TOKEN_B);
    await settle();
    expect(a.heard).toEqual([
      {
        name: TRACK_SOCKET.changed,
        view: expect.objectContaining({ reference: 'CB-AAAAA', status: 'pending' }),
      },
    ]);
    expect(JSON.stringify(a.heard)).not.toMatch(/technicianId|destination/);

    facts.set(2, factsOf('cancelled', null));
    tell(moved('cancelled', 2));
    // Another visit nobody watches here: not even asked about.
    tell(moved('assigned', 99));
    await settle();
    expect(b.heard.at(-1)?.view.status).toBe('cancelled');
    expect(a.heard).toHaveLength(1);
    expect(asked).not.toContain(99);

    // The queue moved: only visits still waiting are asked again.
    asked.length = 0;
    tell(buildEvent('dispatch.queue.updated', { queue: [] }));
    await settle();
    expect(asked).toEqual([1]);
    a.socket.close();
    b.socket.close();
    await settle();
    expect(push.watchedCount).toBe(0);
  });

  it('moves the van while on the way, and shows no position once the technician arrived', async () => {
    facts.set(1, factsOf('accepted'));
    const a = await open(TOKEN_A);
    await settle();
    asked.length = 0;
    // Heard before the drive: nothing shows, and nobody asks dispatch for a position.
    tell(position(39.19, -84.4));
    await settle();
    expect(a.heard).toHaveLength(1);
    expect(asked).toEqual([]);

    // On the way, and dispatch has not heard of that position yet: the van is where it was heard.
    facts.set(1, factsOf('en_route'));
    tell(moved('en_route', 1));
    await settle();
    expect(a.heard.at(-1)!.view).toMatchObject({ status: 'en_route', position: { lat: 39.19 } });

    tell(position(39.2, -84.4));
    await settle();
    const onTheWay = a.heard.at(-1)!.view;
    expect(onTheWay.position).toEqual({ lat: 39.2, lng: -84.4, at: '2026-05-01T15:30:00.000Z' });
    expect(onTheWay.etaMinutes).toBeGreaterThan(0);
    expect(asked).toEqual([1]); // only for the step, not for a position

    // Another technician's position is none of this page's business.
    tell({ ...position(40, -80), payload: { user: { ...position(40, -80).payload.user, id: 8 } } });
    await settle();
    expect(a.heard.at(-1)!.view.position?.lat).toBe(39.2);

    // Dispatch, asked again, has not heard of that position yet: the van stays where it was seen.
    tell(moved('en_route', 1));
    await settle();
    expect(asked).toEqual([1, 1]);
    expect(a.heard.at(-1)!.view.position?.lat).toBe(39.2);

    facts.set(1, factsOf('on_location'));
    tell(moved('on_location', 1));
    await settle();
    const count = a.heard.length;
    expect(a.heard.at(-1)!.view).toMatchObject({ status: 'on_location', position: null });
    tell(position(39.21, -84.41));
    await settle();
    expect(a.heard).toHaveLength(count);
    a.socket.close();
  });

  it('refuses a handshake without a link that opens a visit, and a guesser at the limit', async () => {
    await expect(open('C'.repeat(34))).rejects.toMatchObject({ message: 'not found' });
    await expect(open('short')).rejects.toMatchObject({ message: 'not found' });
    // 8 handshakes per window and address: this file has made 5 by now, guessing takes the rest.
    for (let i = 0; i < 3; i++)
      await expect(open('D'.repeat(34))).rejects.toMatchObject({ message: 'not found' });
    // Even the right link waits now.
    await expect(open(TOKEN_A)).rejects.toMatchObject({ message: 'too many requests' });
  });
});

describe('handshakeAddress', () => {
  const headers = { 'x-forwarded-for': '198.51.100.7, 203.0.113.5' };
  it("is the socket's address unless the proxy is trusted, then the address it appended", () => {
    expect(handshakeAddress({ address: '10.0.0.2', headers }, false)).toBe('10.0.0.2');
    expect(handshakeAddress({ address: '10.0.0.2', headers }, true)).toBe('203.0.113.5');
    expect(handshakeAddress({ address: '10.0.0.2', headers: {} }, true)).toBe('10.0.0.2');
  });
});
