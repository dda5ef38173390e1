import { createHash } from 'node:crypto';
import {
  EventEnvelope,
  Role,
  SESSION,
  SOCKET_EVENTS,
  SOCKET_MESSAGES,
  SocketPayloads,
  UserLocation,
} from '@cincy/contracts';
import { NatsConnectionHolder } from '@cincy/platform';
import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { parse as parseCookies } from 'cookie';
import type { Server, Socket } from 'socket.io';
import { SessionResolver } from '../access/session-resolver';
import { customerDetailsShown, withoutCustomerDetails } from '../dispatch/board-view';
import { teammateShown, withoutPosition } from '../users/team-view';
import { EventFeed } from './event-feed';

// Each staff socket is in its role's room and its user's room
// (docs/adr/0094-what-a-technician-socket-receives.md).
const ROLE_ROOMS: Record<Role, string> = { admin: 'staff:admin', technician: 'staff:technician' };
const EVERY_ROLE = Object.values(ROLE_ROOMS);
const otherRoleRooms = (role: Role) => EVERY_ROLE.filter((room) => room !== ROLE_ROOMS[role]);
const userRoom = (userId: number) => `user:${userId}`;

/** Read over admin-only routes (the ASAP queue, the schedules and day views): admins only. */
const ADMINS_ONLY: ReadonlySet<string> = new Set(
  Object.entries(SOCKET_MESSAGES).flatMap(([name, m]) => (m.audience === 'admins' ? [name] : [])),
);

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
 * the team's positions and stock (the events of this replica's EventFeed). Admins are told
 * everything; a technician what their screen shows: not the admin-only views, of the rest of the
 * team only who is online, never where, and no phone of another technician's customer.
 */
@Injectable()
export class StaffPush implements BeforeApplicationShutdown {
  private io?: Server;
  private nats?: NatsConnectionHolder;
  private recheck?: NodeJS.Timeout;
  /** What this replica last told technicians of each user (`teammateShown`), by user id. */
  private readonly shownToTechnicians = new Map<number, string>();

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
        // A session still owing its second step hears nothing.
        if (!user || user.stage !== 'full') return next(new Error('unauthenticated'));
        socket.data.token = token;
        await socket.join(userRoom(user.id));
        this.placeByRole(socket, user.role);
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
    this.followRoleOf(event);
    const message = toSocketMessage(event);
    if (!message || !this.io) return;
    if (message.name === SOCKET_EVENTS.teamChanged)
      this.pushPresence(this.io, message.payload.user);
    else if (message.name === SOCKET_EVENTS.boardChanged) this.pushJob(this.io, message.payload);
    else if (ADMINS_ONLY.has(message.name))
      this.io.to(ROLE_ROOMS.admin).emit(message.name, message.payload);
    else this.io.to(EVERY_ROLE).emit(message.name, message.payload);
  }

  /**
   * Admins and the user themself get the change as it is; other technicians only when what Online
   * Team shows of the user changed (a position report every few seconds is not), without it.
   */
  private pushPresence(io: Server, user: UserLocation): void {
    io.to([ROLE_ROOMS.admin, userRoom(user.id)]).emit(SOCKET_EVENTS.teamChanged, { user });
    const shown = teammateShown(user);
    if (this.shownToTechnicians.get(user.id) === shown) return;
    this.shownToTechnicians.set(user.id, shown);
    io.to(ROLE_ROOMS.technician)
      .except(userRoom(user.id))
      .emit(SOCKET_EVENTS.teamChanged, { user: withoutPosition(user) });
  }

  /**
   * A job's change: admins, the technician who has it and (for the open pool's) every technician
   * get it as it is; the other technicians without the customer's phone or words (board-view).
   */
  private pushJob(io: Server, payload: SocketPayloads['board.changed']): void {
    const { appointment } = payload;
    const owner = appointment.technicianId;
    if (customerDetailsShown(appointment, { id: -1, role: 'technician' })) {
      io.to(EVERY_ROLE).emit(SOCKET_EVENTS.boardChanged, payload);
      return;
    }
    const hidden = { ...payload, appointment: withoutCustomerDetails(appointment) };
    io.to(ROLE_ROOMS.admin).emit(SOCKET_EVENTS.boardChanged, payload);
    if (owner === null) {
      io.to(ROLE_ROOMS.technician).emit(SOCKET_EVENTS.boardChanged, hidden);
      return;
    }
    io.to(userRoom(owner)).except(ROLE_ROOMS.admin).emit(SOCKET_EVENTS.boardChanged, payload);
    io.to(ROLE_ROOMS.technician).except(userRoom(owner)).emit(SOCKET_EVENTS.boardChanged, hidden);
  }

  /** A socket hears what its user's role may see. */
  private placeByRole(socket: Pick<Socket, 'join' | 'leave'>, role: Role): void {
    for (const room of otherRoleRooms(role)) void socket.leave(room);
    void socket.join(ROLE_ROOMS[role]);
  }

  /**
   * A role changed: the user's sockets here move to the new role's room at once, and their
   * cached sessions are read again (a demotion also ends the sessions, and with them the sockets).
   */
  private followRoleOf(event: EventEnvelope): void {
    if (event.type !== 'identity.user.updated') return;
    const { id, role } = event.payload.user;
    this.sessions.forgetUser(id);
    const sockets = this.io?.in(userRoom(id));
    sockets?.socketsLeave(otherRoleRooms(role));
    sockets?.socketsJoin(ROLE_ROOMS[role]);
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
    // Some of the user's sessions (signed out elsewhere): only theirs, by token digest.
    const digests =
      event.type === 'identity.user.sessions-ended' ? event.payload.digests : undefined;
    if (digests) {
      for (const digest of digests) this.disconnectSession(digest);
      return;
    }
    this.sessions.forgetUser(userId);
    this.shownToTechnicians.delete(userId); // told again at the next presence change: no harm
    this.io?.in(userRoom(userId)).disconnectSockets(true);
  }

  /** Also re-reads each socket's role, in case a change was not heard. */
  private async dropEndedSessions(): Promise<void> {
    for (const socket of [...(this.io?.of('/').sockets.values() ?? [])]) {
      const user = await this.sessions.resolve(socket.data.token).catch(() => undefined);
      if (user === null) socket.disconnect(true);
      else if (user) this.placeByRole(socket, user.role);
    }
  }

  beforeApplicationShutdown(): void {
    clearInterval(this.recheck);
  }
}
