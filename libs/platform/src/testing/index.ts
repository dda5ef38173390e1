import { randomBytes } from 'node:crypto';
import { ConsumerName, INFRA_DEFAULTS, consumerDurables, natsNames } from '@cincy/contracts';
import { JetStreamManager, connect } from 'nats';
import { Client } from 'pg';
import { AppLogger } from '../logging/app-logger';
import { NatsConnectionHolder } from '../messaging/nats-connection';
import { RpcCallError, RpcClient } from '../rpc/rpc-client';

/**
 * Gives the current test file a database and a NATS prefix of its own. Call it before the file
 * creates a service: the env is read when a service starts.
 */
export function useIsolatedStack(): { databaseUrl: string; prefix: string } {
  const id = randomBytes(4).toString('hex');
  // Only the server counts: the database name is replaced.
  const base = new URL(process.env.TEST_DATABASE_URL ?? INFRA_DEFAULTS.databaseUrl);
  base.pathname = `/cincy_test_${id}`;
  process.env.DATABASE_URL = base.toString();
  process.env.NATS_PREFIX = `t${id}`;
  process.env.LOG_LEVEL ??= 'error';
  // Admins sign in with a password alone unless a test asks for the second step (issue 38).
  process.env.REQUIRE_ADMIN_MFA ??= 'false';
  return { databaseUrl: process.env.DATABASE_URL, prefix: process.env.NATS_PREFIX };
}

/** Drops what `useIsolatedStack` created: the database and the JetStream stream. */
export async function dropIsolatedStack(stack: {
  databaseUrl: string;
  prefix: string;
}): Promise<void> {
  const admin = new URL(stack.databaseUrl);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
  const nc = await connect({ servers: process.env.NATS_URL ?? INFRA_DEFAULTS.natsUrl });
  const jsm = await nc.jetstreamManager();
  await jsm.streams.delete(natsNames(stack.prefix).stream).catch(() => undefined);
  await nc.close();
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value as T;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until)
      throw new Error(`Condition not met within ${timeoutMs} ms${last ? `: ${last}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An RPC client for the test's own stack, connected; close it in afterAll. */
export async function connectTestRpc(prefix: string): Promise<RpcClient> {
  const rpc = new RpcClient({
    url: process.env.NATS_URL ?? INFRA_DEFAULTS.natsUrl,
    prefix,
    timeoutMs: 5000,
    logger: new AppLogger('test', 'error'),
  });
  await rpc.connect();
  return rpc;
}
/** A NATS connection on the test's own stack (events, JetStream); close it in afterAll. */
export function openTestNats(prefix: string): Promise<NatsConnectionHolder> {
  return NatsConnectionHolder.open({
    url: process.env.NATS_URL ?? INFRA_DEFAULTS.natsUrl,
    prefix,
    name: 'test',
    replicas: 1,
  });
}
/**
 * The refusal (a 4xx or 5xx RpcCallError) a call is expected to end in; anything else, an answer
 * included, fails the test.
 */
export async function refusal(call: Promise<unknown>): Promise<RpcCallError> {
  const outcome = await call.then(
    (answer: unknown) => ({ answer }),
    (error: unknown) => ({ error }),
  );
  if ('answer' in outcome)
    throw new Error(`expected a refusal, got an answer: ${JSON.stringify(outcome.answer)}`);
  if (!(outcome.error instanceof RpcCallError)) throw outcome.error;
  return outcome.error;
}
export * from './fixtures';

/** Waits until each of a consumer's durables has nothing pending or unacknowledged. */
export async function consumerDrained(
  nats: { manager: JetStreamManager; names: { stream: string } },
  consumer: ConsumerName,
  timeoutMs = 10_000,
): Promise<void> {
  for (const { durable } of consumerDurables(consumer)) {
    await eventually(async () => {
      const info = await nats.manager.consumers.info(nats.names.stream, durable);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    }, timeoutMs);
  }
}
