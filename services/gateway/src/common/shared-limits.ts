import { randomUUID } from 'node:crypto';
import { InjectEnv, PLATFORM_ENV, PlatformEnv, natsConnectOptions } from '@cincy/platform';
import { natsNames } from '@cincy/contracts';
import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { connect, NatsConnection } from 'nats';
import { FixedWindowLimiter, LimiterChange } from './fixed-window-limiter';

interface SharedChange extends LimiterChange {
  /** The replica that made it: its own broadcast comes back to it too. */
  from: string;
  limiter: string;
}

/**
 * Rate limits that every gateway replica counts together: each hit or reset is broadcast on core
 * NATS (not kept, no new server) and the other replicas apply it, so two gateways let through
 * what one would, give or take the messages in flight. A replica that starts later begins with
 * empty windows, which errs on the side of the caller.
 */
@Injectable()
export class SharedLimits implements OnModuleInit, OnApplicationShutdown {
  private readonly replica = randomUUID();
  private readonly limiters = new Map<string, FixedWindowLimiter>();
  private readonly subject: string;
  private connection?: NatsConnection;

  constructor(
    @InjectEnv(PLATFORM_ENV) private readonly env: Pick<PlatformEnv, 'NATS_URL' | 'NATS_PREFIX'>,
  ) {
    this.subject = natsNames(env.NATS_PREFIX).rateLimits;
  }

  /** A limiter shared under `name`, which must be the same on every replica. */
  limiter(name: string, limit: number, windowMs: number): FixedWindowLimiter {
    const limiter = new FixedWindowLimiter(limit, windowMs);
    limiter.onChange = (change) => this.broadcast({ ...change, from: this.replica, limiter: name });
    this.limiters.set(name, limiter);
    return limiter;
  }

  async onModuleInit(): Promise<void> {
    this.connection = await connect(natsConnectOptions(this.env.NATS_URL, 'gateway-limits'));
    this.connection.subscribe(this.subject, {
      callback: (err, msg) => {
        if (!err) this.receive(msg.string());
      },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    if (connection && !connection.isClosed()) await connection.drain();
  }

  private broadcast(change: SharedChange): void {
    // Before the connection is up (or in a unit test) the count stays local.
    this.connection?.publish(this.subject, JSON.stringify(change));
  }

  private receive(text: string): void {
    let change: Partial<SharedChange>;
    try {
      change = JSON.parse(text) as Partial<SharedChange>;
    } catch {
      return;
    }
    if (change.from === this.replica || typeof change.key !== 'string') return;
    if (change.op !== 'hit' && change.op !== 'reset') return;
    this.limiters.get(change.limiter ?? '')?.apply({ op: change.op, key: change.key });
  }
}
