import { RpcSubject, ServiceName } from '@cincy/contracts';
import {
  Controller,
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleDestroy,
  Type,
} from '@nestjs/common';
import { DataSource, EntitySchema, MigrationInterface, MixedList } from 'typeorm';
import { databaseUrlFor, platformEnv } from '../config/config';
import { openServiceDatabase } from '../database/database';
import { JsonLogger } from '../logging/json-logger';
import { EventConsumers } from '../messaging/event-consumer';
import { JetStreamPublisher } from '../messaging/jetstream-publisher';
import { NatsConnectionHolder } from '../messaging/nats-connection';
import { Outbox } from '../messaging/outbox';
import { OutboxRelay, postgresOutboxStore } from '../messaging/outbox-relay';
import { RpcHandler } from '../rpc/rpc-handler';

export interface ServiceModuleOptions {
  service: ServiceName;
  entities: MixedList<string | (new () => unknown) | EntitySchema>;
  migrations: (new () => MigrationInterface)[];
}

export const SERVICE_NAME = Symbol('SERVICE_NAME');

/** Answers `<service>.health` once its database answers. */
function healthControllerFor(service: ServiceName): Type {
  @Controller()
  class HealthController {
    constructor(private readonly dataSource: DataSource) {}

    @RpcHandler(`${service}.health` as RpcSubject)
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
  constructor(
    private readonly relay: OutboxRelay,
    private readonly consumers: EventConsumers,
    private readonly nats: NatsConnectionHolder,
    private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap() {
    this.relay.start();
    await this.consumers.start();
  }

  async onModuleDestroy() {
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
        { provide: SERVICE_NAME, useValue: service },
        { provide: JsonLogger, useFactory: () => new JsonLogger(service, platformEnv().LOG_LEVEL) },
        {
          provide: DataSource,
          useFactory: () =>
            openServiceDatabase({
              url: databaseUrlFor(service),
              schema: service,
              entities: options.entities,
              migrations: options.migrations,
            }),
        },
        {
          provide: NatsConnectionHolder,
          useFactory: () =>
            NatsConnectionHolder.open({
              url: platformEnv().NATS_URL,
              prefix: platformEnv().NATS_PREFIX,
              name: service,
            }),
        },
        {
          provide: OutboxRelay,
          inject: [DataSource, NatsConnectionHolder, JsonLogger],
          useFactory: (dataSource: DataSource, nats: NatsConnectionHolder, logger: JsonLogger) =>
            new OutboxRelay(postgresOutboxStore(dataSource), new JetStreamPublisher(nats), logger),
        },
        {
          provide: Outbox,
          inject: [DataSource, OutboxRelay],
          useFactory: (dataSource: DataSource, relay: OutboxRelay) =>
            new Outbox(dataSource, () => relay.wake()),
        },
        {
          provide: EventConsumers,
          inject: [NatsConnectionHolder, Outbox, JsonLogger],
          useFactory: (nats: NatsConnectionHolder, outbox: Outbox, logger: JsonLogger) =>
            new EventConsumers(nats, outbox, logger),
        },
        PlatformLifecycle,
      ],
      exports: [
        SERVICE_NAME,
        JsonLogger,
        DataSource,
        NatsConnectionHolder,
        Outbox,
        OutboxRelay,
        EventConsumers,
      ],
    };
  }
}

export const InjectServiceName = () => Inject(SERVICE_NAME);
