import { createHash } from 'node:crypto';
import { EventEnvelope, SESSION, SOCKET_EVENTS, SocketPayloads } from '@cincy/contracts';
import { NatsConnectionHolder } from '@cincy/platform';
import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { parse as parseCookies } from 'cookie';
import type { Server } from 'socket.io';
import { SessionResolver } from '../auth/session-resolver';
import { EventFeed } from './event-feed';

const STAFF_ROOM = 'staff';

const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');
/** Re-checks open sockets' sessions, so a socket dies with its session (logout, idle limit). */
const SESSION_RECHECK_MS = 60_000;

type SocketMessage = {
  [K in keyof SocketPayloads]: { name: K; payload: SocketPayloads[K] };
}[keyof SocketPayloads];

/** What staff see of a domain event, if anything. */
export function toSocketMessage(event: EventEnvelope): SocketMessage | null {
  switch (event.type) {
    case 'dispatch.appointment.opened':
    case 'dispatch.appointment.cancelled':
    case 'dispatch.appointment.assigned':
    case 'dispatch.appointment.unassigned':
    case 'dispatch.appointment.accepted':
    case 'dispatch.appointment.departed':
    case 'dispatch.appointment.arrived':
    case 'dispatch.appointment.completed':
    case 'dispatch.appointment.declined':
    case 'dispatch.appointment.updated':
      return {
        name: SOCKET_EVENTS.boardChanged,
        payload: { type: event.type, appointment: event.payload.appointment },
      };
    case 'dispatch.stats.updated':
      return { name: SOCKET_EVENTS.statsChanged, payload: event.payload };
    case 'dispatch.queue.updated':
      return { name: SOCKET_EVENTS.queueChanged, payload: event.payload };
    case 'dispatch.schedule.changed':
      return { name: SOCKET_EVENTS.scheduleChanged, payload: event.payload };
    case 'dispatch.settings.changed':
      return { name: SOCKET_EVENTS.settingsChanged, payload: event.payload };
    case 'inventory.sales.updated':
      return { name: SOCKET_EVENTS.salesChanged, payload: event.payload };
    case 'inventory.item.changed':
      return { name: SOCKET_EVENTS.inventoryChanged, payload: event.payload };
    case 'inventory.item.removed':
      return { name: SOCKET_EVENTS.inventoryRemoved, payload: event.payload };
    case 'identity.user.presence-changed':
      return { name: SOCKET_EVENTS.teamChanged, payload: event.payload };
    default:
      return null;
  }
}

/**
 * Pushes what changed to signed-in staff over socket.io's main namespace: the board, the counts,
 * the team's positions and stock (the events of this replica's EventFeed).
 */
@Injectable()
export class StaffPush implements BeforeApplicationShutdown {
  private io?: Server;
  private nats?: NatsConnectionHolder;
  private recheck?: NodeJS.Timeout;

  constructor(
    private readonly sessions: SessionResolver,
    private readonly feed: EventFeed,
  ) {}

  /**
   * Staff sockets on the main namespace only: its session middleware is no other namespace's
   * (the tracking page has no session), and nothing here is emitted anywhere else.
   */
  attach(io: Server, nats: NatsConnectionHolder): void {
    io.use(async (socket, next) => {
      try {
        const token = parseCookies(socket.handshake.headers.cookie ?? '')[SESSION.cookieName];
        const user = token ? await this.sessions.resolve(token) : null;
        if (!user) return next(new Error('unauthenticated'));
        socket.data.token = token;
        socket.data.userId = user.id;
        await socket.join(STAFF_ROOM);
        next();
      } catch {
        next(new Error('unavailable'));
      }
    });
    this.io = io;
    this.nats = nats;
    this.recheck = setInterval(() => void this.dropEndedSessions(), SESSION_RECHECK_MS);
    this.feed.onEvent((event) => this.push(event));
    nats.connection.subscribe(nats.names.sessionEnded, {
      callback: (err, msg) => {
        if (!err) this.disconnectSession(msg.string());
      },
    });
  }

  /** Logout: every replica closes the sockets of that one session now (a broadcast). */
  announceSessionEnded(token: string): void {
    this.nats?.connection.publish(this.nats.names.sessionEnded, tokenDigest(token));
  }

  private push(event: EventEnvelope): void {
    this.endSessionsOf(event);
    const message = toSocketMessage(event);
    if (message) this.io?.to(STAFF_ROOM).emit(message.name, message.payload);
  }

  private disconnectSession(digest: string): void {
    this.sessions.forgetMatching((token) => tokenDigest(token) === digest);
    for (const socket of this.io?.of('/').sockets.values() ?? []) {
      if (tokenDigest(socket.data.token as string) === digest) socket.disconnect(true);
    }
  }

  /** A user deleted, demoted or given a new password is signed out here at once, not in a minute. */
  private endSessionsOf(event: EventEnvelope): void {
    if (event.type !== 'identity.user.sessions-ended' && event.type !== 'identity.user.deleted')
      return;
    const { userId } = event.payload;
    this.sessions.forgetUser(userId);
    void this.io
      ?.in(STAFF_ROOM)
      .fetchSockets()
      .then((sockets) => {
        for (const socket of sockets) if (socket.data.userId === userId) socket.disconnect(true);
      });
  }

  private async dropEndedSessions(): Promise<void> {
    for (const socket of (await this.io?.in(STAFF_ROOM).fetchSockets()) ?? []) {
      const user = await this.sessions.resolve(socket.data.token).catch(() => undefined);
      if (user === null) socket.disconnect(true);
    }
  }

  beforeApplicationShutdown(): void {
    clearInterval(this.recheck);
  }
}
