import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { INestMicroservice } from '@nestjs/common';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { DataSource } from 'typeorm';
import { PLATFORM_ENV, loadEnv } from '../src/config/config';
import { openServiceDatabase } from '../src/database/database';
import { AppLogger } from '../src/logging/app-logger';
import { runWithContext } from '../src/logging/request-context';
import { EventConsumers } from '../src/messaging/event-consumer';
import { JetStreamPublisher } from '../src/messaging/jetstream-publisher';
import { NatsConnectionHolder } from '../src/messaging/nats-connection';
import { Outbox } from '../src/messaging/outbox';
import { OutboxRelay, postgresOutboxStore } from '../src/messaging/outbox-relay';
import { CORRELATION_ATTRIBUTE, startTracing, stopTracing } from '../src/observability/tracing';
import { RpcClient } from '../src/rpc/rpc-client';
import {
  CorrelationInterceptor,
  PrefixedNatsServer,
  RpcHandler,
  RpcTracingInterceptor,
} from '../src/rpc/rpc-handler';
import { dropIsolatedStack, eventually, useIsolatedStack } from '../src/testing';

// A booking's trace: the caller's RPC span, the service's handling of it, and the handling of
// the event it emitted by a consumer, one trace, each span the child of the one before. The event
// goes through the outbox table (the relay's claim pass reads it back) and JetStream.
const testStack = useIsolatedStack();
const env = loadEnv([PLATFORM_ENV]).get(PLATFORM_ENV);
const exporter = new InMemorySpanExporter();
const logger = new AppLogger('test', 'error');

let dataSource: DataSource;
let nats: NatsConnectionHolder;
let outbox: Outbox;
let relay: OutboxRelay;
let consumers: EventConsumers;
let app: INestMicroservice;
let client: RpcClient;
const consumed: string[] = [];

@Controller()
class EmittingHealth {
  @RpcHandler('identity.health')
  async health() {
    await outbox.transaction((tx) => tx.emit('booking.customer.deleted', { customerId: 7 }));
    return { service: 'identity' as const, status: 'ok' as const };
  }
}

@Module({ controllers: [EmittingHealth] })
class EmittingModule {}

beforeAll(async () => {
  await startTracing('test', { exporter });
  dataSource = await openServiceDatabase({
    url: env.DATABASE_URL,
    schema: 'ttest',
    entities: [],
    migrations: [],
  });
  nats = await NatsConnectionHolder.open({
    url: env.NATS_URL,
    prefix: testStack.prefix,
    name: 'ttest',
    replicas: 1,
  });
  relay = new OutboxRelay(postgresOutboxStore(dataSource), new JetStreamPublisher(nats), logger);
  // Only the table: the relay's claim pass must carry the trace from the row.
  outbox = new Outbox(dataSource, () => undefined);
  consumers = new EventConsumers(nats, outbox, logger);
  consumers.subscribe('dispatch-customers', async (event) => {
    consumed.push(event.id);
  });
  await consumers.start();
  app = await NestFactory.createMicroservice(
    { module: EmittingModule },
    {
      strategy: new PrefixedNatsServer(
        { servers: env.NATS_URL, queue: 'identity' },
        testStack.prefix,
      ),
      logger: false,
    },
  );
  app.useGlobalInterceptors(new CorrelationInterceptor(), new RpcTracingInterceptor());
  await app.listen();
  client = new RpcClient({
    url: env.NATS_URL,
    prefix: testStack.prefix,
    timeoutMs: 5_000,
    logger,
    connection: nats.connection,
  });
});

afterAll(async () => {
  await app?.close();
  await consumers?.stop();
  await nats?.close();
  await dataSource?.destroy();
  await dropIsolatedStack(testStack);
  await stopTracing();
});

it('follows an RPC and the event it emitted through the outbox to its consumer in one trace', async () => {
  await runWithContext({ correlationId: 'trace-test-1', actorId: null }, () =>
    client.call('identity.health', {}),
  );
  expect(await relay.drain()).toBe(1);
  await eventually(async () => consumed.length === 1);

  const spans = await eventually(async () => {
    const finished = exporter.getFinishedSpans();
    return finished.some((s) => s.kind === SpanKind.CONSUMER) && finished;
  });
  const one = (kind: SpanKind): ReadableSpan => {
    const found = spans.filter((s) => s.kind === kind);
    expect(found).toHaveLength(1);
    return found[0];
  };
  const caller = one(SpanKind.CLIENT);
  const server = one(SpanKind.SERVER);
  const consumer = one(SpanKind.CONSUMER);
  expect(caller.name).toBe('identity.health');
  expect(consumer.name).toBe('booking.customer.deleted process');
  const traceId = caller.spanContext().traceId;
  expect(server.spanContext().traceId).toBe(traceId);
  expect(consumer.spanContext().traceId).toBe(traceId);
  expect(server.parentSpanContext?.spanId).toBe(caller.spanContext().spanId);
  expect(consumer.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
  for (const span of [caller, server, consumer])
    expect(span.attributes[CORRELATION_ATTRIBUTE]).toBe('trace-test-1');
});
