import http from 'node:http';
import net from 'node:net';
import { ERROR_CODES } from '@cincy/contracts';
import { CallHandler, ExecutionContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { RpcException } from '@nestjs/microservices';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { lastValueFrom, of, throwError } from 'rxjs';
import { EnvModule, PLATFORM_ENV, loadEnv } from '../config/config';
import { RpcMetricsInterceptor } from '../rpc/rpc-handler';
import { MetricsModule } from './metrics.module';
import {
  ScrapedGauge,
  metricsRegistry,
  rpcServerDuration,
  serveMetrics,
  sharedRead,
} from './metrics';

/** The value of one series of the registry, or undefined when it has none. */
async function valueOf(name: string, labels: Record<string, string> = {}) {
  const metric = metricsRegistry.getSingleMetric(name);
  const { values } = await metric!.get();
  const wanted = Object.entries(labels);
  return values.find((v) => wanted.every(([k, l]) => v.labels[k] === l))?.value;
}

describe('GET /metrics', () => {
  it('serves the registry in the Prometheus text format, named by service, and 404 elsewhere', async () => {
    const listener = await serveMetrics('booking', 0);
    try {
      const base = `http://127.0.0.1:${listener.port}`;
      const answer = await fetch(`${base}/metrics`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await answer.text();
      expect(text).toContain('# TYPE cincy_rpc_server_duration_seconds histogram');
      expect(text).toContain('# TYPE cincy_events_consumed_total counter');
      // The default process metrics, under their standard names, with the service label.
      expect(text).toMatch(/^process_cpu_seconds_total\{service="booking"\} /m);
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await listener.close();
    }
    await expect(fetch(`http://127.0.0.1:${listener.port}/metrics`)).rejects.toThrow();
  });
});

describe('MetricsModule', () => {
  /** A port nothing listens on right now. */
  const freePort = () =>
    new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
  const startProcess = (source: NodeJS.ProcessEnv) =>
    NestFactory.createApplicationContext(
      {
        module: class Root {},
        imports: [
          EnvModule.forRoot(loadEnv([PLATFORM_ENV], source)),
          MetricsModule.forProcess('notify'),
        ],
      },
      { logger: false },
    ).then((app) => app.init());

  it('serves METRICS_PORT from start to shutdown', async () => {
    const port = await freePort();
    const app = await startProcess({ METRICS_PORT: String(port), LOG_LEVEL: 'error' });
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(text).toMatch(/^process_cpu_seconds_total\{service="notify"\} /m);
    await app.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('listens nowhere when METRICS_PORT is unset (npm start, tests)', async () => {
    const createServer = jest.spyOn(http, 'createServer');
    try {
      await (await startProcess({ LOG_LEVEL: 'error' })).close();
      expect(createServer).not.toHaveBeenCalled();
      // The same spy does see a listener being made.
      await (
        await startProcess({ METRICS_PORT: String(await freePort()), LOG_LEVEL: 'error' })
      ).close();
      expect(createServer).toHaveBeenCalledTimes(1);
    } finally {
      createServer.mockRestore();
    }
  });
});

describe('scraped gauges', () => {
  const gauge = new ScrapedGauge('test_scraped_things', 'things read at scrape', ['kind']);

  it('reads every reader at scrape time; a failing reader leaves only its series out', async () => {
    let count = 3;
    const stopA = gauge.read(() => Promise.resolve([{ labels: { kind: 'a' }, value: count }]));
    const stopB = gauge.read(() => Promise.reject(new Error('JetStream did not answer')));
    expect(await valueOf('test_scraped_things', { kind: 'a' })).toBe(3);
    count = 5;
    expect(await valueOf('test_scraped_things', { kind: 'a' })).toBe(5);
    stopA();
    stopB();
    // A reader taken away (a stopped consumer) leaves no stale series behind.
    expect(await valueOf('test_scraped_things', { kind: 'a' })).toBeUndefined();
  });

  it('shares one read between the gauges of one scrape', async () => {
    const read = jest.fn(() => Promise.resolve(7));
    const shared = sharedRead(read);
    expect(await Promise.all([shared(), shared()])).toEqual([7, 7]);
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('RpcMetricsInterceptor', () => {
  const subject = 'booking.appointments.create';
  function contextOf(pattern: string): ExecutionContext {
    const handler = () => undefined;
    Reflect.defineMetadata(PATTERN_METADATA, [pattern], handler);
    return { getHandler: () => handler } as unknown as ExecutionContext;
  }
  const count = async (outcome: string) =>
    (await rpcServerDuration.get()).values.find(
      (v) =>
        v.metricName === 'cincy_rpc_server_duration_seconds_count' &&
        v.labels.subject === subject &&
        v.labels.outcome === outcome,
    )?.value ?? 0;
  const handle = (next: CallHandler) =>
    lastValueFrom(new RpcMetricsInterceptor().intercept(contextOf(subject), next)).catch(
      () => undefined,
    );

  it('times each answer once under its subject: ok, a domain refusal, or an error', async () => {
    const before = {
      ok: await count('ok'),
      refused: await count('refused'),
      error: await count('error'),
    };
    await handle({ handle: () => of({ id: 1 }) });
    await handle({
      handle: () =>
        throwError(
          () => new RpcException({ code: ERROR_CODES.timeSlotFull, message: 'That time is full' }),
        ),
    });
    await handle({
      handle: () =>
        throwError(() => new RpcException({ code: ERROR_CODES.internal, message: 'broken' })),
    });
    await handle({ handle: () => throwError(() => new Error('the database went away')) });
    expect(await count('ok')).toBe(before.ok + 1);
    expect(await count('refused')).toBe(before.refused + 1);
    expect(await count('error')).toBe(before.error + 2);
  });
});
