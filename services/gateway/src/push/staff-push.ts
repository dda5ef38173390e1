import { createHash } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import {
  EVENT_PAYLOADS,
  EventEnvelope,
  EventFilter,
  SESSION,
  SOCKET_EVENTS,
  SocketPayloads,
  eventEnvelopeSchema,
} from '@cincy/contracts';
import {
  InjectEnv,
  AppLogger,
  NatsConnectionHolder,
  PLATFORM_ENV,
  PlatformEnv,
  eventCodec,
} from '@cincy/platform';
import { BeforeApplicationShutdown, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { parse as parseCookies } from 'cookie';
import { ConsumerMessages, DeliverPolicy } from 'nats';
import { Server } from 'socket.io';
import { SessionResolver } from '../auth/session-resolver';
import { GATEWAY_ENV, GatewayEnv } from '../config';
import { isSameOrigin } from '../security/same-origin';

const STAFF_ROOM = 'staff';

const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');
/** Re-checks open sockets' sessions, so a socket dies with its session (logout, idle limit). */
const SESSION_RECHECK_MS = 60_000;

/** The event streams the boards follow (one filter per consumer on nats-server 2.9). */
const FOLLOWED: readonly EventFilter[] = ['dispatch.>', 'inventory.>', 'identity.user.>'];

type SocketMessage = {
  [K in keyof SocketPayloads]: { name: K; payload: SocketPayloads[K] };
}[keyof SocketPayloads];

/** What staff see of a domain event, if anything. */
export function toSocketMessage(event: EventEnvelope): SocketMessage | null {
  switch (event.type) {
    case 'dispatch.appointment.opened':
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

/** Decodes and checks a delivered event; anything that breaks its contract is dropped. */
function decode(data: Uint8Array): EventEnvelope | null {
  const envelope = eventEnvelopeSchema.safeParse(eventCodec.decode(data));
  if (!envelope.success || !(envelope.data.type in EVENT_PAYLOADS)) return null;
  const type = envelope.data.type as keyof typeof EVENT_PAYLOADS;
  const payload = EVENT_PAYLOADS[type].safeParse(envelope.data.payload);
  return payload.success ? ({ ...envelope.data, payload: payload.data } as EventEnvelope) : null;
}

/**
 * Pushes what changed to signed-in staff over socket.io: the board, the counts, the team's
 * positions and stock. Each gateway replica reads the events itself with ordered (ephemeral)
 * consumers, so replicas need no shared adapter.
 */
@Injectable()
export class StaffPush implements BeforeApplicationShutdown, OnApplicationShutdown {
  private io?: Server;
  private nats?: NatsConnectionHolder;
  private readonly feeds: ConsumerMessages[] = [];
  private recheck?: NodeJS.Timeout;

  constructor(
    private readonly sessions: SessionResolver,
    private readonly logger: AppLogger,
    @InjectEnv(PLATFORM_ENV) private readonly env: PlatformEnv,
    @InjectEnv(GATEWAY_ENV) private readonly gateway: Pick<GatewayEnv, 'TRUST_PROXY'>,
  ) {}

  async attach(httpServer: HttpServer): Promise<void> {
    const io = new Server(httpServer, {
      path: '/socket.io',
      serveClient: false,
      // A page of another site cannot open a staff socket with our cookie.
      allowRequest: (req, done) => done(null, isSameOrigin(req.headers, this.gateway.TRUST_PROXY)),
    });
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
    this.recheck = setInterval(() => void this.dropEndedSessions(), SESSION_RECHECK_MS);
    this.nats = await NatsConnectionHolder.open({
      url: this.env.NATS_URL,
      prefix: this.env.NATS_PREFIX,
      name: 'gateway',
    });
    for (const filter of FOLLOWED) await this.follow(this.nats, filter);
    this.nats.connection.subscribe(this.nats.names.sessionEnded, {
      callback: (err, msg) => {
        if (!err) this.disconnectSession(msg.string());
      },
    });
  }

  /** Logout: every replica closes the sockets of that one session now (a broadcast). */
  announceSessionEnded(token: string): void {
    this.nats?.connection.publish(this.nats.names.sessionEnded, tokenDigest(token));
  }

  private disconnectSession(digest: string): void {
    this.sessions.forgetMatching((token) => tokenDigest(token) === digest);
    for (const socket of this.io?.of('/').sockets.values() ?? []) {
      if (tokenDigest(socket.data.token as string) === digest) socket.disconnect(true);
    }
  }

  private async follow(nats: NatsConnectionHolder, filter: EventFilter): Promise<void> {
    const consumer = await nats.jetstream.consumers.get(nats.names.stream, {
      filterSubjects: nats.names.event(filter),
      deliver_policy: DeliverPolicy.New,
    });
    const messages = await consumer.consume();
    this.feeds.push(messages);
    void (async () => {
      for await (const msg of messages) {
        const event = decode(msg.data);
        if (event) this.endSessionsOf(event);
        const message = event && toSocketMessage(event);
        if (message) this.io?.to(STAFF_ROOM).emit(message.name, message.payload);
      }
    })().catch((error) =>
      this.logger.error({ msg: 'staff feed stopped', filter, error: String(error) }),
    );
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

  /**
   * Before the HTTP server closes: its close waits for every open connection, and a staff
   * socket never ends by itself (the browser reconnects to another replica).
   */
  beforeApplicationShutdown(): void {
    clearInterval(this.recheck);
    for (const feed of this.feeds) feed.stop();
    this.io?.close();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nats?.close();
  }
}
