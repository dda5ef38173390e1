import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's one Prometheus registry. Our own metrics are named `cincy_*`; the default process
 * and Node.js metrics keep their standard names (`process_cpu_seconds_total`, ...) so ready-made
 * dashboards and alerts read them. Each series carries `service`; the replica is the scrape
 * target's `instance` (Prometheus adds it), never a label of ours.
 */
export const metricsRegistry = new Registry();

/** A process's own metrics (the gateway's) use these, so prom-client has one owner: the platform. */
export { Counter, Histogram } from 'prom-client';

/** Answers take milliseconds on a good day and RPC_TIMEOUT_MS (3 s) on a bad one. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export type RpcOutcome = 'ok' | 'refused' | 'error';

export const rpcServerDuration = new Histogram({
  name: 'cincy_rpc_server_duration_seconds',
  help: 'Time a service took to answer an RPC subject, by outcome (refused: a domain refusal)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const rpcClientDuration = new Histogram({
  name: 'cincy_rpc_client_duration_seconds',
  help: 'Time a caller waited for an RPC answer, by outcome (error: unavailable, timed out, broken)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const eventsConsumed = new Counter({
  name: 'cincy_events_consumed_total',
  help: 'Deliveries a durable consumer handled, by result',
  labelNames: ['durable', 'result'] as const,
  registers: [metricsRegistry],
});

export const eventRedeliveries = new Counter({
  name: 'cincy_event_redeliveries_total',
  help: 'Deliveries JetStream sent again (a nak, an ack that came too late, a crash)',
  labelNames: ['durable'] as const,
  registers: [metricsRegistry],
});

export const outboxPublished = new Counter({
  name: 'cincy_outbox_published_total',
  help: 'Outbox events JetStream acknowledged',
  registers: [metricsRegistry],
});

/** A value read when Prometheus scrapes (a count in Postgres, a consumer's state in JetStream). */
export interface Reading {
  labels?: Record<string, string>;
  value: number;
}
export type Reader = () => Promise<Reading[]>;

/** How long a scrape waits for a reader; one that is slower leaves its series out of that scrape. */
const READ_TIMEOUT_MS = 2_000;

/**
 * A gauge whose value is read at scrape time from whoever registered a reader: nothing is
 * computed per message or per request, and nothing at all while nobody scrapes.
 */
export class ScrapedGauge<L extends string> {
  private readonly readers = new Set<Reader>();

  constructor(name: string, help: string, labelNames: readonly L[] = []) {
    const readers = this.readers;
    new Gauge({
      name,
      help,
      labelNames,
      registers: [metricsRegistry],
      async collect() {
        const all = await Promise.all([...readers].map((read) => withinTimeout(read())));
        this.reset();
        for (const { labels, value } of all.flat()) {
          if (labels) this.set(labels as Partial<Record<L, string>>, value);
          else this.set(value);
        }
      },
    });
  }

  /** Adds a reader; the answer takes it away again (at shutdown). */
  read(reader: Reader): () => void {
    this.readers.add(reader);
    return () => void this.readers.delete(reader);
  }
}

function withinTimeout(reading: Promise<Reading[]>): Promise<Reading[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Reading[]>((resolve) => {
    timer = setTimeout(() => resolve([]), READ_TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([reading.catch(() => []), late]).finally(() => clearTimeout(timer));
}

/** Lag of each durable: what it has not been sent yet plus what it was sent and has not acked. */
export const consumerPending = new ScrapedGauge(
  'cincy_consumer_pending_messages',
  'Messages a durable consumer has still to apply (num_pending + num_ack_pending)',
  ['durable'],
);

export const outboxBacklog = new ScrapedGauge(
  'cincy_outbox_backlog_events',
  'Outbox events committed and not yet published',
);

export const outboxOldestAge = new ScrapedGauge(
  'cincy_outbox_oldest_event_age_seconds',
  'Age of the oldest unpublished outbox event (0 when there is none)',
);

/**
 * Shares one read between the gauges that scrape reads together (the outbox's backlog and age
 * come from one query): a read in flight, or answered within the last second, is reused.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > 1_000) {
      const value = read();
      last = { at: Date.now(), value };
      value.catch(() => (last = undefined));
    }
    return last.value;
  };
}

let defaultsCollected = false;

/** A running `GET /metrics` listener. */
export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` on its own port, apart from any public one (the gateway's API must not
 * show internals). Names the process's series with `service` and starts the default process
 * metrics, which only a scraped process needs.
 */
export async function serveMetrics(service: string, port: number): Promise<MetricsListener> {
  metricsRegistry.setDefaultLabels({ service });
  if (!defaultsCollected) {
    collectDefaultMetrics({ register: metricsRegistry });
    defaultsCollected = true;
  }
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    );
  });
  // A scrape must never keep a stopping process alive.
  server.unref();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
