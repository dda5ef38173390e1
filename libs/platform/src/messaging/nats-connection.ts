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
    /** How many servers keep the stream and each durable consumer (NATS_REPLICAS). */
    readonly replicas: number,
  ) {}

  static async open(options: {
    url: string;
    prefix: string;
    name: string;
    replicas: number;
  }): Promise<NatsConnectionHolder> {
    const connection = await connect(natsConnectOptions(options.url, options.name));
    const manager = await whileJetStreamBusy(() => connection.jetstreamManager());
    const names = natsNames(options.prefix);
    await whileJetStreamBusy(() => ensureStream(manager, names, options.replicas));
    return new NatsConnectionHolder(
      connection,
      connection.jetstream(),
      manager,
      names,
      options.replicas,
    );
  }

  async close(): Promise<void> {
    if (!this.connection.isClosed()) await this.connection.drain();
  }
}

/**
 * The one event stream: file storage, 30 days, a dedupe window for `Nats-Msg-Id`, kept on
 * `replicas` servers. A stream that exists is left as it is but for its replica count, which
 * follows the setting (NATS moves the data; R1 to R3 needs a cluster of three).
 */
export async function ensureStream(
  manager: JetStreamManager,
  names: NatsNames,
  replicas: number,
): Promise<void> {
  const config = {
    name: names.stream,
    subjects: names.streamSubjects,
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    max_age: nanos(30 * DAY_MS),
    duplicate_window: nanos(2 * 60 * 1000),
    num_replicas: replicas,
  };
  const existing = await manager.streams.info(names.stream).catch(notFound);
  if (existing) {
    if (existing.config.num_replicas !== replicas)
      await manager.streams.update(names.stream, { ...existing.config, num_replicas: replicas });
    return;
  }
  try {
    await manager.streams.add(config);
  } catch (error) {
    // Another service created it in between.
    if (!/already in use/i.test(String((error as Error).message))) throw error;
  }
}

const BUSY_RETRY_MS = 60_000;

/**
 * Whether JetStream cannot answer yet, and asking again soon will do: a 503 (a cluster still
 * electing its leaders, or moving a stream to more replicas), a timeout, or a durable asked for
 * more replicas than its stream has so far (the stream's own move, asked for by this or another
 * service, is not done: seen in the cluster drill, where a durable then stayed at one replica).
 */
export function isJetStreamBusy(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return (
    code === '503' ||
    code === 'TIMEOUT' ||
    /replica count exceeds parent stream/i.test(String(message))
  );
}

/**
 * Runs a JetStream API call again while JetStream cannot answer yet (isJetStreamBusy), for up to
 * a minute, so a service starting with its cluster does not crash-loop. Anything else fails at
 * once.
 */
export async function whileJetStreamBusy<T>(call: () => Promise<T>): Promise<T> {
  const until = Date.now() + BUSY_RETRY_MS;
  for (let delay = 250; ; delay = Math.min(delay * 2, 2_000)) {
    try {
      return await call();
    } catch (error) {
      if (!isJetStreamBusy(error) || Date.now() + delay > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** `null` for JetStream's "not found" (a stream or consumer that does not exist yet). */
export function notFound(error: Error): null {
  if (/not found/i.test(error.message)) return null;
  throw error;
}
