import { AppLogger, PLATFORM_ENV, PlatformEnv, RpcClient } from '@cincy/platform';
import { Global, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';

/** The gateway's one way to reach the services: request/reply over NATS. */
@Global()
@Module({
  providers: [
    {
      provide: AppLogger,
      inject: [PLATFORM_ENV.token],
      useFactory: (env: PlatformEnv) => new AppLogger('gateway', env.LOG_LEVEL),
    },
    {
      provide: RpcClient,
      inject: [AppLogger, PLATFORM_ENV.token],
      useFactory: (logger: AppLogger, platform: PlatformEnv) =>
        new RpcClient({
          url: platform.NATS_URL,
          prefix: platform.NATS_PREFIX,
          timeoutMs: platform.RPC_TIMEOUT_MS,
          logger,
        }),
    },
  ],
  exports: [RpcClient, AppLogger],
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
