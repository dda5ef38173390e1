import { ServiceName } from '@cincy/contracts';
import { INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions, Transport } from '@nestjs/microservices';
import { platformEnv } from '../config/config';
import { JsonLogger } from '../logging/json-logger';
import { CorrelationInterceptor } from '../rpc/rpc-handler';

/**
 * Builds a domain service: a Nest microservice answering its RPC subjects over NATS in a queue
 * group named after the service, so replicas share the requests.
 */
export async function createServiceApp(
  service: ServiceName,
  module: Type,
): Promise<INestMicroservice> {
  const env = platformEnv();
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, {
    transport: Transport.NATS,
    options: {
      servers: env.NATS_URL.split(','),
      queue: service,
      maxReconnectAttempts: -1,
      name: service,
    },
    logger: new JsonLogger(service, env.LOG_LEVEL),
  });
  app.useGlobalInterceptors(new CorrelationInterceptor());
  await app.listen();
  return app;
}

/** The `main.ts` of every domain service. */
export async function runService(service: ServiceName, module: Type): Promise<void> {
  const logger = new JsonLogger(service, 'info');
  try {
    const app = await createServiceApp(service, module);
    app.enableShutdownHooks();
    logger.log({ msg: `${service} service ready` });
  } catch (error) {
    logger.error({ msg: `${service} service failed to start`, error: String(error) });
    process.exit(1);
  }
}
