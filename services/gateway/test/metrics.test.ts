import {
  CONSUMERS,
  ConsumerName,
  EventType,
  businessDate,
  businessInstant,
  consumerDurables,
  matchesFilter,
} from '@cincy/contracts';
import { eventually } from '@cincy/platform/testing';
import { ApiClient, Stack, startStack } from '@cincy/stack';

// What operators watch: every process of a real stack (separate processes, two of dispatch, as
// `npm start --replicas` runs them) serves GET /metrics on its own port, and one booking is
// counted once: its RPC on booking and on the gateway, its event once per consumer (whichever
// replica applied it).
const BOOKED: EventType = 'booking.appointment.requested';
const CREATE = 'booking.appointments.create';

/** One sample of the Prometheus text format. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key] = value;
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** Every sample of every replica of a kind, summed per series name and labels asked for. */
async function scrape(urls: string[]): Promise<Sample[]> {
  const texts = await Promise.all(urls.map(async (url) => (await fetch(url)).text()));
  return texts.flatMap(parseMetrics);
}

function total(samples: Sample[], name: string, labels: Record<string, string>): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** Each durable that follows a booked appointment, with the service that runs it. */
const bookedConsumers = (Object.keys(CONSUMERS) as ConsumerName[]).flatMap((name) => {
  const spec: { service: string; filter: string; ignores?: readonly string[] } = CONSUMERS[name];
  if (spec.ignores?.includes(BOOKED)) return [];
  return consumerDurables(name)
    .filter(({ filter }) => matchesFilter(BOOKED, filter))
    .map(({ durable }) => ({ service: spec.service, durable }));
});

let stack: Stack | undefined;

beforeAll(async () => {
  stack = await startStack({
    throwaway: { label: 'metrics' },
    metrics: true,
    replicas: { dispatch: 2 },
    serviceEnv: {
      BOOKING_RATE_LIMIT: '0',
      BOOKING_FIXED_NOW: businessInstant(businessDate(), 12).toISOString(),
    },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

describe('GET /metrics of every process', () => {
  it('is served by each process and replica on its own port, named by service', async () => {
    const urls = stack!.metricsUrls();
    expect(Object.keys(urls).sort()).toEqual(
      ['billing', 'booking', 'dispatch', 'gateway', 'identity', 'inventory', 'notify'].sort(),
    );
    expect(urls.dispatch).toHaveLength(2);
    for (const [service, list] of Object.entries(urls)) {
      for (const url of list) {
        const samples = await scrape([url]);
        expect(samples.find((s) => s.name === 'process_resident_memory_bytes')?.labels).toEqual({
          service,
        });
      }
    }
    // The public port shows no internals.
    // (GET /metrics there is a client-side route of the web app: the shell, not the metrics.)
    expect(await (await fetch(`${stack!.baseUrl}/metrics`)).text()).not.toContain('cincy_');
    expect((await fetch(`${stack!.baseUrl}/api/metrics`)).status).toBe(404);
  });

  it("counts one booking's RPC once on both sides and its event once per consumer", async () => {
    expect(bookedConsumers.length).toBeGreaterThan(1);
    const urls = stack!.metricsUrls();
    const rpcCount = (samples: Sample[], side: 'server' | 'client') =>
      total(samples, `cincy_rpc_${side}_duration_seconds_count`, {
        subject: CREATE,
        outcome: 'ok',
      });
    const applied = async () =>
      Promise.all(
        bookedConsumers.map(async ({ service, durable }) =>
          total(await scrape(urls[service]), 'cincy_events_consumed_total', {
            durable,
            result: 'applied',
          }),
        ),
      );
    const before = {
      server: rpcCount(await scrape(urls.booking), 'server'),
      client: rpcCount(await scrape(urls.gateway), 'client'),
      applied: await applied(),
    };

    await new ApiClient(stack!.baseUrl).bookAsap({ name: 'Metrics Customer', phone: '5135550142' });

    expect(rpcCount(await scrape(urls.booking), 'server')).toBe(before.server + 1);
    expect(rpcCount(await scrape(urls.gateway), 'client')).toBe(before.client + 1);
    const expected = before.applied.map((n) => n + 1);
    // Consumers apply the event after the answer: wait until each has, then check none twice.
    await eventually(async () => (await applied()).every((n, i) => n >= expected[i]), 20_000);
    expect(await applied()).toEqual(expected);

    // The HTTP request is counted under its route pattern, never its URL.
    const http = await scrape(urls.gateway);
    expect(
      total(http, 'cincy_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/appointments',
        status: '201',
      }),
    ).toBe(1);
    // Scrape-time gauges: each durable's lag and the outbox backlog (drained by now).
    const dispatch = await scrape(urls.dispatch);
    const durables = new Set(
      dispatch
        .filter((s) => s.name === 'cincy_consumer_pending_messages')
        .map((s) => s.labels.durable),
    );
    expect(durables).toContain('dispatch-board-requested');
    await eventually(
      async () => total(await scrape(urls.booking), 'cincy_outbox_backlog_events', {}) === 0,
    );
    expect(total(await scrape(urls.booking), 'cincy_outbox_published_total', {})).toBeGreaterThan(
      0,
    );
  });
});
