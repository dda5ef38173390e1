import type { Server as HttpServer } from 'node:http';
import {
  BoardChanged,
  EVENT_PAYLOADS,
  SESSION,
  SOCKET_EVENTS,
  dashboardAppointmentSchema,
} from '@cincy/contracts';
import {
  InjectEnv,
  JsonLogger,
  NatsConnectionHolder,
  PLATFORM_ENV,
  PlatformEnv,
  eventCodec,
} from '@cincy/platform';
import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { parse as parseCookies } from 'cookie';
import { ConsumerMessages, DeliverPolicy } from 'nats';
import { Server } from 'socket.io';
import { z } from 'zod';
import { SessionResolver } from '../auth/session-resolver';

const STAFF_ROOM = 'staff';
/** Re-checks open sockets' sessions, so a socket dies with its session (logout, idle limit). */
const SESSION_RECHECK_MS = 60_000;

const boardEventSchema = z.object({
  type: z.string(),
  payload: z.object({ appointment: dashboardAppointmentSchema }),
});

/**
 * Pushes board changes to signed-in staff over socket.io. Each gateway replica reads the
 * dispatch events itself with an ordered (ephemeral) consumer, so replicas need no shared adapter.
 */
@Injectable()
export class BoardPush implements OnApplicationShutdown {
  private io?: Server;
  private nats?: NatsConnectionHolder;
  private messages?: ConsumerMessages;
  private recheck?: NodeJS.Timeout;

  constructor(
    private readonly sessions: SessionResolver,
    private readonly logger: JsonLogger,
    @InjectEnv(PLATFORM_ENV) private readonly env: PlatformEnv,
  ) {}

  async attach(httpServer: HttpServer): Promise<void> {
    const io = new Server(httpServer, { path: '/socket.io', serveClient: false });
    io.use(async (socket, next) => {
      try {
        const token = parseCookies(socket.handshake.headers.cookie ?? '')[SESSION.cookieName];
        const user = token ? await this.sessions.resolve(token) : null;
        if (!user) return next(new Error('unauthenticated'));
        socket.data.token = token;
        await socket.join(STAFF_ROOM);
        next();
      } catch {
        next(new Error('unavailable'));
      }
    });
    this.io = io;
    this.recheck = setInterval(() => void this.dropEndedSessions(), SESSION_RECHECK_MS);
    await this.follow();
  }

  private async follow(): Promise<void> {
    this.nats = await NatsConnectionHolder.open({
      url: this.env.NATS_URL,
      prefix: this.env.NATS_PREFIX,
      name: 'gateway',
    });
    const consumer = await this.nats.jetstream.consumers.get(this.nats.names.stream, {
      filterSubjects: this.nats.names.eventWildcard('dispatch.appointment.>'),
      deliver_policy: DeliverPolicy.New,
    });
    this.messages = await consumer.consume();
    void (async () => {
      for await (const msg of this.messages!) this.push(msg.data);
    })().catch((error) => this.logger.error({ msg: 'board feed stopped', error: String(error) }));
  }

  private push(data: Uint8Array): void {
    const parsed = boardEventSchema.safeParse(eventCodec.decode(data));
    if (!parsed.success || !(parsed.data.type in EVENT_PAYLOADS)) return;
    const message: BoardChanged = {
      type: parsed.data.type,
      appointment: parsed.data.payload.appointment,
    };
    this.io?.to(STAFF_ROOM).emit(SOCKET_EVENTS.boardChanged, message);
  }

  private async dropEndedSessions(): Promise<void> {
    for (const socket of (await this.io?.in(STAFF_ROOM).fetchSockets()) ?? []) {
      const user = await this.sessions.resolve(socket.data.token).catch(() => undefined);
      if (user === null) socket.disconnect(true);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.recheck);
    this.messages?.stop();
    this.io?.close();
    await this.nats?.close();
  }
}
