import { createHash } from 'node:crypto';
import { createServer, Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CurrentUser,
  DashboardAppointment,
  EventEnvelope,
  SESSION,
  SOCKET_EVENTS,
  SocketPayloads,
  UserLocation,
} from '@cincy/contracts';
import { NatsConnectionHolder, buildEvent } from '@cincy/platform';
import { boardView } from '@cincy/platform/testing';
import { Server } from 'socket.io';
import { Socket, io } from 'socket.io-client';
import { SessionResolver } from '../access/session-resolver';
import { EventFeed, EventListener } from './event-feed';
import { StaffPush, toSocketMessage } from './staff-push';

describe('what staff see of an event (toSocketMessage)', () => {
  const appointment = boardView({ id: 7, status: 'assigned', technicianId: 3, version: 4 });

  it.each([
    'dispatch.appointment.opened',
    'dispatch.appointment.cancelled',
    'dispatch.appointment.assigned',
    'dispatch.appointment.unassigned',
    'dispatch.appointment.accepted',
    'dispatch.appointment.declined',
  ] as const)('moves the board on %s, naming the change', (type) => {
    expect(toSocketMessage(buildEvent(type, { appointment }))).toEqual({
      name: SOCKET_EVENTS.boardChanged,
      payload: { type, appointment },
    });
  });

  it('pushes the ASAP queue as dispatch computed it', () => {
    const queue = [
      {
        appointmentId: 7,
        position: 1,
        customerName: 'Pat Doe',
        priority: 'normal' as const,
        status: 'pending' as const,
        requestedAt: '2026-11-25T15:00:00.000Z',
        technicianId: null,
        technicianName: null,
        estimatedWaitMinutes: null,
        estimatedArrivalAt: null,
      },
    ];
    expect(toSocketMessage(buildEvent('dispatch.queue.updated', { queue }))).toEqual({
      name: SOCKET_EVENTS.queueChanged,
      payload: { queue },
    });
  });

  it("pushes a technician's schedule and the dispatch settings", () => {
    const schedule = {
      technicianId: 3,
      weekly: [{ weekday: 3, start: '09:00', end: '17:00' }],
      exceptions: [{ date: '2026-11-26', shifts: [] }],
    };
    expect(toSocketMessage(buildEvent('dispatch.schedule.changed', { schedule }))).toEqual({
      name: SOCKET_EVENTS.scheduleChanged,
      payload: { schedule },
    });
    const settings = { autoDispatch: true };
    expect(toSocketMessage(buildEvent('dispatch.settings.changed', { settings }))).toEqual({
      name: SOCKET_EVENTS.settingsChanged,
      payload: { settings },
    });
  });

  it('shows nothing of what the boards do not draw (a session ended)', () => {
    expect(toSocketMessage(buildEvent('identity.user.sessions-ended', { userId: 3 }))).toBeNull();
  });
});

// The main namespace on a real socket.io server, with the sessions and the event feed played by
// fakes. Each check ends with a board change every socket hears: a socket hears its messages in
// order, so what it has not heard by then was not sent to it.

const ADMIN: CurrentUser = { id: 1, name: 'Ada Admin', username: 'ada', role: 'admin' };
const TESS: CurrentUser = { id: 2, name: 'Tess Tech', username: 'tess', role: 'technician' };
const URI: CurrentUser = { id: 3, name: 'Uri Tech', username: 'uri', role: 'technician' };
const sessions = new Map<string, CurrentUser>([
  ['admin-token', ADMIN],
  ['tess-token', TESS],
  ['uri-token', URI],
  ['uri-phone-token', URI],
  ['pending-token', ADMIN],
]);
/** A session whose password was typed but not its second step (issue 38). */
const stageOf = (token: string) => (token === 'pending-token' ? 'mfa' : 'full');

type Heard = { name: string; payload: unknown };
type Listener = { socket: Socket; heard: Heard[]; reached(marker: number): Promise<void> };

describe('what each staff socket is sent (StaffPush)', () => {
  let http: HttpServer;
  let ioServer: Server;
  let push: StaffPush;
  let listener: EventListener;
  let base: string;
  const forgotten: number[] = [];
  const opened: Socket[] = [];
  let markers = 0;

  beforeAll(async () => {
    http = createServer();
    ioServer = new Server(http, { path: '/socket.io' });
    const resolver = {
      resolve: async (token: string) => {
        const user = sessions.get(token);
        return user ? { ...user, sessionId: 1, stage: stageOf(token) } : null;
      },
      forgetUser: (id: number) => forgotten.push(id),
      forgetMatching: () => undefined,
    } as unknown as SessionResolver;
    const feed = { onEvent: (l: EventListener) => (listener = l) } as unknown as EventFeed;
    const nats = {
      connection: { subscribe: () => undefined, publish: () => undefined },
      names: { sessionEnded: 'session-ended' },
    } as unknown as NatsConnectionHolder;
    push = new StaffPush(resolver, feed);
    push.attach(ioServer, nats);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const socket of opened) socket.close();
    push.beforeApplicationShutdown();
    await ioServer.close();
  });

  function open(token: string): Promise<Listener> {
    const heard: Heard[] = [];
    const socket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { Cookie: `${SESSION.cookieName}=${token}` },
      reconnection: false,
    });
    opened.push(socket);
    const waiting = new Map<number, () => void>();
    socket.onAny((name: string, payload: unknown) => {
      heard.push({ name, payload });
      if (name === SOCKET_EVENTS.boardChanged)
        waiting.get((payload as SocketPayloads['board.changed']).appointment.id)?.();
    });
    const reached = (marker: number) =>
      new Promise<void>((resolve) => {
        const seen = heard.some(
          (h) =>
            h.name === SOCKET_EVENTS.boardChanged &&
            (h.payload as SocketPayloads['board.changed']).appointment.id === marker,
        );
        if (seen) resolve();
        else waiting.set(marker, resolve);
      });
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve({ socket, heard, reached }));
      socket.once('connect_error', reject);
    });
  }

  /** Tells the events, then waits until every listener heard all it was sent of them. */
  async function tellAll(listeners: Listener[], ...events: EventEnvelope[]) {
    const marker = 1_000_000 + ++markers;
    for (const event of [...events, moved(marker)]) listener(event);
    await Promise.all(listeners.map((l) => l.reached(marker)));
  }

  const moved = (id: number) =>
    buildEvent('dispatch.appointment.updated', { appointment: boardView({ id }) });
  const presence = (
    user: CurrentUser,
    status: UserLocation['status'],
    at: { lat: number; lng: number } | null,
  ) =>
    buildEvent('identity.user.presence-changed', {
      user: { ...user, status, currentLocation: at, lastSeen: '2026-11-26T15:00:00.000Z' },
    });
  const team = (l: Listener) =>
    l.heard
      .filter((h) => h.name === SOCKET_EVENTS.teamChanged)
      .map((h) => (h.payload as SocketPayloads['team.changed']).user);
  const names = (l: Listener) => l.heard.map((h) => h.name);
  const HOME = { lat: 39.1, lng: -84.5 };
  const AWAY = { lat: 39.2, lng: -84.4 };

  it("sends a technician another's online and offline without a position, never their moves", async () => {
    const [admin, tess, uri] = await Promise.all(
      ['admin-token', 'tess-token', 'uri-token'].map(open),
    );
    const online = presence(URI, 'online', HOME);
    const movedOn = presence(URI, 'online', AWAY);
    const offline = presence(URI, 'offline', AWAY);
    await tellAll([admin, tess, uri], online, movedOn, offline);

    const full = [online, movedOn, offline].map((e) => e.payload.user);
    // The admin's map, and Uri's own phone, follow every report.
    expect(team(admin)).toEqual(full);
    expect(team(uri)).toEqual(full);
    // Tess's Online Team: Uri came online, then went offline; where he was is not hers to see.
    expect(team(tess)).toEqual([
      { ...full[0], currentLocation: null },
      { ...full[2], currentLocation: null },
    ]);
    for (const l of [admin, tess, uri]) l.socket.close();
  });

  it("sends a technician the board, counts, stock and settings, not the admins' queue and schedules", async () => {
    const [admin, tess] = await Promise.all(['admin-token', 'tess-token'].map(open));
    await tellAll(
      [admin, tess],
      buildEvent('dispatch.stats.updated', {
        date: '2026-11-26',
        stats: { completedToday: 2, tasksPerAvailableHour: 0.5, averageInstallTime: 30 },
      }),
      buildEvent('inventory.sales.updated', { date: '2026-11-26', batteriesSold: 3 }),
      buildEvent('inventory.item.removed', { itemId: 4 }),
      buildEvent('dispatch.settings.changed', { settings: { autoDispatch: true } }),
      buildEvent('dispatch.queue.updated', { queue: [] }),
      buildEvent('dispatch.schedule.changed', {
        schedule: { technicianId: 2, weekly: [], exceptions: [] },
      }),
    );
    const everyone = [
      SOCKET_EVENTS.statsChanged,
      SOCKET_EVENTS.salesChanged,
      SOCKET_EVENTS.inventoryRemoved,
      SOCKET_EVENTS.settingsChanged,
    ];
    const adminsOnly = [SOCKET_EVENTS.queueChanged, SOCKET_EVENTS.scheduleChanged];
    expect(names(admin)).toEqual([...everyone, ...adminsOnly, SOCKET_EVENTS.boardChanged]);
    expect(names(tess)).toEqual([...everyone, SOCKET_EVENTS.boardChanged]);
    admin.socket.close();
    tess.socket.close();
  });

  it("sends a technician the phone of their own and the open pool's customers, never another technician's", async () => {
    const [admin, tess, uri] = await Promise.all(
      ['admin-token', 'tess-token', 'uri-token'].map(open),
    );
    const job = (id: number, status: DashboardAppointment['status'], technicianId: number | null) =>
      buildEvent('dispatch.appointment.updated', {
        appointment: boardView({
          id,
          status,
          technicianId,
          customer: { name: `Customer ${id}`, phone: `(513) 555-01${id}` },
        }),
      });
    const events = [
      job(11, 'pending', null), // the open pool: any technician may take it
      job(12, 'assigned', TESS.id),
      job(13, 'accepted', URI.id),
      job(14, 'declined', null), // closed, nobody's
    ];
    await tellAll([admin, tess, uri], ...events);
    const phones = (l: Listener) =>
      Object.fromEntries(
        l.heard
          .filter((h) => h.name === SOCKET_EVENTS.boardChanged)
          .map((h) => (h.payload as SocketPayloads['board.changed']).appointment)
          .filter((a) => a.id < 100)
          .map((a) => [a.id, a.customer.phone]),
      );
    expect(phones(admin)).toEqual({
      11: '(513) 555-0111',
      12: '(513) 555-0112',
      13: '(513) 555-0113',
      14: '(513) 555-0114',
    });
    expect(phones(tess)).toEqual({ 11: '(513) 555-0111', 12: '(513) 555-0112', 13: '', 14: '' });
    expect(phones(uri)).toEqual({ 11: '(513) 555-0111', 12: '', 13: '(513) 555-0113', 14: '' });
    // Each socket hears each change once, the rest of the job as it is.
    for (const l of [admin, tess, uri]) expect(Object.keys(phones(l))).toHaveLength(4);
    const tessHeard = tess.heard.find(
      (h) => (h.payload as SocketPayloads['board.changed']).appointment?.id === 13,
    );
    expect(tessHeard?.payload).toEqual({
      ...events[2].payload,
      type: 'dispatch.appointment.updated',
      appointment: {
        ...events[2].payload.appointment,
        customer: { name: 'Customer 13', phone: '' },
      },
    });
    for (const l of [admin, tess, uri]) l.socket.close();
  });

  it("sends a cancellation's reason to admins and the job's own technician only", async () => {
    const [admin, tess, uri] = await Promise.all(
      ['admin-token', 'tess-token', 'uri-token'].map(open),
    );
    await tellAll(
      [admin, tess, uri],
      buildEvent('dispatch.appointment.cancelled', {
        appointment: boardView({
          id: 21,
          status: 'cancelled',
          technicianId: TESS.id,
          cancelReason: 'Moving to Dayton',
        }),
      }),
    );
    const reason = (l: Listener) =>
      l.heard
        .map((h) => (h.payload as SocketPayloads['board.changed']).appointment)
        .find((a) => a?.id === 21)?.cancelReason;
    expect([reason(admin), reason(tess), reason(uri)]).toEqual([
      'Moving to Dayton',
      'Moving to Dayton',
      null,
    ]);
    for (const l of [admin, tess, uri]) l.socket.close();
  });

  it('moves an open socket with its user when the role changes', async () => {
    const tess = await open('tess-token');
    await tellAll(
      [tess],
      buildEvent('identity.user.updated', {
        user: { ...TESS, role: 'admin', employeeId: null },
        passwordChanged: false,
      }),
      presence(URI, 'online', HOME),
      presence(URI, 'online', AWAY),
      buildEvent('dispatch.queue.updated', { queue: [] }),
    );
    // Promoted: the map's positions and the queue, as any admin; and the session is read again.
    expect(team(tess).map((u) => u.currentLocation)).toEqual([HOME, AWAY]);
    expect(names(tess)).toContain(SOCKET_EVENTS.queueChanged);
    expect(forgotten).toContain(TESS.id);
    tess.socket.close();
  });

  it('refuses a socket to a session that still owes its second step', async () => {
    await expect(open('pending-token')).rejects.toThrow('unauthenticated');
  });

  it('closes only the sockets of the sessions signed out elsewhere', async () => {
    const laptop = await open('uri-token');
    const phone = await open('uri-phone-token');
    const closed = new Promise((resolve) => phone.socket.once('disconnect', resolve));
    const digest = createHash('sha256').update('uri-phone-token').digest('hex');
    listener(buildEvent('identity.user.sessions-ended', { userId: URI.id, digests: [digest] }));
    await expect(closed).resolves.toBe('io server disconnect');
    await tellAll([laptop]); // still heard
    expect(laptop.socket.connected).toBe(true);
    laptop.socket.close();
  });

  it("closes a user's sockets when identity ends their sessions", async () => {
    const uri = await open('uri-token');
    const closed = new Promise((resolve) => uri.socket.once('disconnect', resolve));
    listener(buildEvent('identity.user.sessions-ended', { userId: URI.id }));
    await expect(closed).resolves.toBe('io server disconnect');
  });
});
