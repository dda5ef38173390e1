import type { Server } from 'node:http';
import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** Past this, connections still open after SIGTERM are cut (the services' drain is 8 s too). */
const DRAIN_MS = 8_000;

/**
 * Lets a stopping gateway finish what it took and nothing more. The HTTP server's close only
 * ends idle connections; a client that keeps its connection busy (a proxy, a load balancer,
 * undici's pool) would hold the gateway up for ever. So from SIGTERM on every answer says
 * `Connection: close`, each connection ends after the answer it is sending, and whatever is left
 * after DRAIN_MS is cut.
 */
@Injectable()
export class HttpDrain implements BeforeApplicationShutdown {
  private server?: Server;
  private draining = false;

  attach(server: Server): void {
    this.server = server;
  }

  /** The middleware that marks every answer of a draining gateway as the connection's last. */
  readonly middleware = (_req: Request, res: Response, next: NextFunction): void => {
    if (this.draining) res.setHeader('Connection', 'close');
    next();
  };

  beforeApplicationShutdown(): void {
    this.draining = true;
    const server = this.server;
    if (!server) return;
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), DRAIN_MS).unref();
  }
}
