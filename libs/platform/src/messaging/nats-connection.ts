import { natsNames } from '@cincy/contracts';
import {
  connect,
  ConnectionOptions,
  JetStreamClient,
  JetStreamManager,
  NatsConnection,
  nanos,
  RetentionPolicy,
  StorageType,
} from 'nats';

export type NatsNames = ReturnType<typeof natsNames>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** How every connection of ours is made: any server of the comma-separated URL, reconnecting for ever. */
export function natsConnectOptions(url: string, name: string): ConnectionOptions {
  return {
    servers: url.split(','),
    name,
    maxReconnectAttempts: -1,
    // Without it nats.js captures a stack trace for every request and JetStream publish (for a
    // timeout's message): 2-4 % of the gateway's and booking's CPU in the bench profile.
    noAsyncTraces: true,
  };
}

/** One NATS connection per process, with JetStream and the stack's stream ready to use. */
export class NatsConnectionHolder {
  private constructor(
    readonly connection: NatsConnection,
    readonly jetstream: JetStreamClient,
    readonly manager: JetStreamManager,
    readonly names: NatsNames,
  ) {}

  static async open(options: {
    url: string;
    prefix: string;
    name: string;
  }): Promise<NatsConnectionHolder> {
    const connection = await connect(natsConnectOptions(options.url, options.name));
    const manager = await connection.jetstreamManager();
    const names = natsNames(options.prefix);
    await ensureStream(manager, names);
    return new NatsConnectionHolder(connection, connection.jetstream(), manager, names);
  }

  async close(): Promise<void> {
    if (!this.connection.isClosed()) await this.connection.drain();
  }
}

/** The one event stream: file storage, 30 days, and a dedupe window for `Nats-Msg-Id`. */
export async function ensureStream(manager: JetStreamManager, names: NatsNames): Promise<void> {
  const config = {
    name: names.stream,
    subjects: names.streamSubjects,
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    max_age: nanos(30 * DAY_MS),
    duplicate_window: nanos(2 * 60 * 1000),
  };
  try {
    await manager.streams.info(names.stream);
  } catch {
    try {
      await manager.streams.add(config);
    } catch (error) {
      // Another service created it in between.
      if (!/already in use/i.test(String((error as Error).message))) throw error;
    }
  }
}
