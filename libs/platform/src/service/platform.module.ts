import { HEALTH_SUBJECTS, ServiceName } from '@cincy/contracts';
import {
  Controller,
  DynamicModule,
  Global,
  Injectable,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleDestroy,
  Type,
} from '@nestjs/common';
import { DataSource, EntitySchema, MigrationInterface, MixedList } from 'typeorm';
import { PLATFORM_ENV, PlatformEnv, databaseUrlFor } from '../config/config';
import { openServiceDatabase } from '../database/database';
import { AppLogger } from '../logging/app-logger';
import { EventConsumers } from '../messaging/event-consumer';
import { JetStreamPublisher } from '../messaging/jetstream-publisher';
import { NatsConnectionHolder } from '../messaging/nats-connection';
import { Outbox } from '../messaging/outbox';
import { OutboxRelay, postgresOutboxStore, readOutboxBacklog } from '../messaging/outbox-relay';
import { outboxBacklog, outboxOldestAge, sharedRead } from '../observability/metrics';
import { RpcClient } from '../rpc/rpc-client';
import { RpcHandler } from '../rpc/rpc-handler';

export interface ServiceModuleOptions {
  service: ServiceName;
  entities: MixedList<string | (new () => unknown) | EntitySchema>;
  migrations: (new () => MigrationInterface)[];
}

/** Answers `<service>.health` once its database answers. */
function healthControllerFor(service: ServiceName): Type {
  @Controller()
  class HealthController {
    constructor(private readonly dataSource: DataSource) {}

    @RpcHandler(HEALTH_SUBJECTS[service])
    async health() {
      await this.dataSource.query('SELECT 1');
      return { service, status: 'ok' as const };
    }
  }
  return HealthController;
}

/** Starts the relay and consumers once every module registered its handlers; stops them first. */
@Injectable()
class PlatformLifecycle implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  private readonly stopReading: (() => void)[] = [];

  constructor(
    private readonly relay: OutboxRelay,
    private readonly consumers: EventConsumers,
    private readonly nats: NatsConnectionHolder,
    private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap() {
    this.relay.start();
    await this.consumers.start();
    const backlog = sharedRead(() => readOutboxBacklog(this.dataSource));
    this.stopReading.push(
      outboxBacklog.read(async () => [{ value: (await backlog()).events }]),
      outboxOldestAge.read(async () => [{ value: (await backlog()).oldestAgeSeconds }]),
    );
  }

  async onModuleDestroy() {
    for (const stop of this.stopReading.splice(0)) stop();
    await this.consumers.stop();
    await this.relay.stop();
  }

  async onApplicationShutdown() {
    await this.nats.close();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/** The shared plumbing of a domain service: its database, outbox, relay, consumers and health. */
@Global()
@Module({})
export class PlatformModule {
  static forService(options: ServiceModuleOptions): DynamicModule {
    const { service } = options;
    return {
      module: PlatformModule,
      controllers: [healthControllerFor(service)],
      providers: [
        {
          provide: AppLogger,
          inject: [PLATFORM_ENV.token],
          useFactory: (env: PlatformEnv) => new AppLogger(service, env.LOG_LEVEL),
        },
        {
          provide: DataSource,
          inject: [PLATFORM_ENV.token],
          useFactory: (env: PlatformEnv) =>
            openServiceDatabase({
              url: databaseUrlFor(service, env),
              schema: service,
              entities: options.entities,
              migrations: options.migrations,
            }),
        },
        {
          provide: NatsConnectionHolder,
          inject: [PLATFORM_ENV.token],
          useFactory: (env: PlatformEnv) =>
            NatsConnectionHolder.open({
              url: env.NATS_URL,
              prefix: env.NATS_PREFIX,
              name: service,
              replicas: env.NATS_REPLICAS,
            }),
        },
        {
          provide: OutboxRelay,
          inject: [DataSource, NatsConnectionHolder, AppLogger],
          useFactory: (dataSource: DataSource, nats: NatsConnectionHolder, logger: AppLogger) =>
            new OutboxRelay(postgresOutboxStore(dataSource), new JetStreamPublisher(nats), logger),
        },
        {
          provide: Outbox,
          inject: [DataSource, OutboxRelay],
          useFactory: (dataSource: DataSource, relay: OutboxRelay) =>
            new Outbox(dataSource, (events) => relay.publishCommitted(events)),
        },
        {
          provide: EventConsumers,
          inject: [NatsConnectionHolder, Outbox, AppLogger],
          useFactory: (nats: NatsConnectionHolder, outbox: Outbox, logger: AppLogger) =>
            new EventConsumers(nats, outbox, logger),
        },
        {
          // A service asks another over the connection it already has (dispatch asks inventory).
          provide: RpcClient,
          inject: [NatsConnectionHolder, AppLogger, PLATFORM_ENV.token],
          useFactory: (nats: NatsConnectionHolder, logger: AppLogger, env: PlatformEnv) =>
            new RpcClient({
              url: env.NATS_URL,
              prefix: env.NATS_PREFIX,
              timeoutMs: env.RPC_TIMEOUT_MS,
              logger,
              connection: nats.connection,
            }),
        },
        PlatformLifecycle,
      ],
      exports: [
        AppLogger,
        DataSource,
        NatsConnectionHolder,
        Outbox,
        OutboxRelay,
        EventConsumers,
        RpcClient,
      ],
    };
  }
}
