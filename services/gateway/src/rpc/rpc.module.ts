import { JsonLogger, PLATFORM_ENV, PlatformEnv, RpcClient } from '@cincy/platform';
import { GATEWAY_ENV, GatewayEnv } from '../config';
import { Global, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';

/** The gateway's one way to reach the services: request/reply over NATS. */
@Global()
@Module({
  providers: [
    {
      provide: JsonLogger,
      inject: [PLATFORM_ENV.token],
      useFactory: (env: PlatformEnv) => new JsonLogger('gateway', env.LOG_LEVEL),
    },
    {
      provide: RpcClient,
      inject: [JsonLogger, PLATFORM_ENV.token, GATEWAY_ENV.token],
      useFactory: (logger: JsonLogger, platform: PlatformEnv, gateway: GatewayEnv) =>
        new RpcClient({
          url: platform.NATS_URL,
          prefix: platform.NATS_PREFIX,
          timeoutMs: gateway.RPC_TIMEOUT_MS,
          logger,
        }),
    },
  ],
  exports: [RpcClient, JsonLogger],
})
export class RpcModule implements OnModuleInit, OnApplicationShutdown {
  constructor(private readonly rpc: RpcClient) {}

  async onModuleInit() {
    await this.rpc.connect();
  }

  async onApplicationShutdown() {
    await this.rpc.close();
  }
}
