import { JsonLogger, RpcClient, platformEnv } from '@cincy/platform';
import { Global, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';

/** The gateway's one way to reach the services: request/reply over NATS. */
@Global()
@Module({
  providers: [
    { provide: JsonLogger, useFactory: () => new JsonLogger('gateway', platformEnv().LOG_LEVEL) },
    {
      provide: RpcClient,
      inject: [JsonLogger],
      useFactory: (logger: JsonLogger) =>
        new RpcClient({
          url: platformEnv().NATS_URL,
          prefix: platformEnv().NATS_PREFIX,
          timeoutMs: platformEnv().RPC_TIMEOUT_MS,
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
