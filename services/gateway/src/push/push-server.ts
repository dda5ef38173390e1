import type { Server as HttpServer } from 'node:http';
import { TRACK_SOCKET } from '@cincy/contracts';
import { InjectEnv } from '@cincy/platform';
import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { Server } from 'socket.io';
import { GATEWAY_ENV, GatewayEnv } from '../config';
import { socketConnections } from '../metrics/gateway-metrics';
import { isSameOrigin } from '../security/same-origin';
import { EventFeed } from './event-feed';
import { StaffPush } from './staff-push';
import { TrackingPush } from './tracking-push';

/**
 * The one socket.io server: staff on the main namespace, tracking pages on `/track`, both told
 * by the same event feed.
 */
@Injectable()
export class PushServer implements BeforeApplicationShutdown {
  private io?: Server;
  private stopCounting?: () => void;

  constructor(
    private readonly feed: EventFeed,
    private readonly staff: StaffPush,
    private readonly tracking: TrackingPush,
    @InjectEnv(GATEWAY_ENV) private readonly gateway: Pick<GatewayEnv, 'TRUST_PROXY'>,
  ) {}

  async attach(httpServer: HttpServer): Promise<void> {
    // The feed first: from the server's first handshake on, every namespace has its middleware.
    const nats = await this.feed.start();
    const io = new Server(httpServer, {
      path: '/socket.io',
      serveClient: false,
      // A page of another site opens no socket here: not staff's with our cookie, nor a tracking one.
      allowRequest: (req, done) => done(null, isSameOrigin(req.headers, this.gateway.TRUST_PROXY)),
    });
    this.io = io;
    this.staff.attach(io, nats);
    this.tracking.attach(io);
    this.stopCounting = socketConnections.read(() =>
      Promise.resolve([
        { labels: { namespace: 'staff' }, value: io.of('/').sockets.size },
        { labels: { namespace: 'track' }, value: io.of(TRACK_SOCKET.namespace).sockets.size },
      ]),
    );
  }

  /**
   * Before the HTTP server closes: its close waits for every open connection, and a socket never
   * ends by itself (the browser reconnects to another replica).
   */
  beforeApplicationShutdown(): void {
    this.stopCounting?.();
    this.io?.close();
  }
}
