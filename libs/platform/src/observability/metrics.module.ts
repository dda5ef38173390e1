import {
  DynamicModule,
  Inject,
  Injectable,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { PLATFORM_ENV, PlatformEnv } from '../config/config';
import { AppLogger } from '../logging/app-logger';
import { MetricsListener, serveMetrics } from './metrics';

const PROCESS_NAME = Symbol('metrics:process');

/** Serves this process's metrics on METRICS_PORT from bootstrap to shutdown; nothing when unset. */
@Injectable()
class MetricsEndpoint implements OnApplicationBootstrap, OnApplicationShutdown {
  private listener?: MetricsListener;

  constructor(
    @Inject(PROCESS_NAME) private readonly name: string,
    @Inject(PLATFORM_ENV.token) private readonly env: PlatformEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.env.METRICS_PORT === undefined) return;
    this.listener = await serveMetrics(this.name, this.env.METRICS_PORT);
    new AppLogger(this.name, this.env.LOG_LEVEL).log({
      msg: 'metrics served',
      url: `http://0.0.0.0:${this.listener.port}/metrics`,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.close();
    this.listener = undefined;
  }
}

/** `MetricsModule.forProcess('booking')` in a process's root module (services, gateway). */
@Module({})
export class MetricsModule {
  static forProcess(name: string): DynamicModule {
    return {
      module: MetricsModule,
      providers: [{ provide: PROCESS_NAME, useValue: name }, MetricsEndpoint],
    };
  }
}
