import { ServiceName } from '@cincy/contracts';
import { INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EnvDefinition, EnvModule, PLATFORM_ENV, loadEnv } from '../config/config';
import { AppLogger } from '../logging/app-logger';
import { natsConnectOptions } from '../messaging/nats-connection';
import { MetricsModule } from '../observability/metrics.module';
import { startTracing } from '../observability/tracing';
import {
  CorrelationInterceptor,
  InterceptorChain,
  RpcMetricsInterceptor,
  RpcTracingInterceptor,
  PrefixedNatsServer,
  RefusalContractInterceptor,
} from '../rpc/rpc-handler';

/** What a domain service is: its name, its root module, and the env groups it reads beyond the platform's. */
export interface ServiceDefinition {
  name: ServiceName;
  module: Type;
  env?: readonly EnvDefinition[];
}

/**
 * Builds a domain service: a Nest microservice answering its RPC subjects over NATS in a queue
 * group named after the service, so replicas share the requests. The env is read here, once.
 */
export async function createServiceApp(service: ServiceDefinition): Promise<INestMicroservice> {
  const values = loadEnv([PLATFORM_ENV, ...(service.env ?? [])]);
  const env = values.get(PLATFORM_ENV);
  await startTracing(service.name);
  const app = await NestFactory.createMicroservice(
    {
      module: class ServiceRoot {},
      imports: [EnvModule.forRoot(values), MetricsModule.forProcess(service.name), service.module],
    },
    {
      strategy: new PrefixedNatsServer(
        { ...natsConnectOptions(env.NATS_URL, service.name), queue: service.name },
        env.NATS_PREFIX,
      ),
      logger: new AppLogger(service.name, env.LOG_LEVEL),
    },
  );
  app.useGlobalInterceptors(
    new InterceptorChain([
      // Outermost, so it sees the answer as sent (a refusal outside the contract counts as an error).
      new RpcMetricsInterceptor(),
      new CorrelationInterceptor(),
      new RpcTracingInterceptor(),
      new RefusalContractInterceptor(new AppLogger(service.name, env.LOG_LEVEL)),
    ]),
  );
  await app.listen();
  return app;
}

/** The `main.ts` of every domain service. */
export async function runService(service: ServiceDefinition): Promise<void> {
  const logger = new AppLogger(service.name, 'info');
  try {
    const app = await createServiceApp(service);
    app.enableShutdownHooks();
    logger.log({ msg: `${service.name} service ready` });
  } catch (error) {
    logger.error({ msg: `${service.name} service failed to start`, error: String(error) });
    process.exit(1);
  }
}
