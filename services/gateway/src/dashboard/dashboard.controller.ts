import { MapConfig } from '@cincy/contracts';
import { InjectEnv, RpcClient } from '@cincy/platform';
import { Controller, Get } from '@nestjs/common';
import { GATEWAY_ENV, GatewayEnv } from '../config';

@Controller('dashboard')
export class DashboardController {
  constructor(
    private readonly rpc: RpcClient,
    @InjectEnv(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Get('stats')
  stats() {
    return this.rpc.call('dispatch.stats.get', {});
  }

  /** The spec's client reads a bare number. */
  @Get('batteries-sold-today')
  async batteriesSoldToday(): Promise<number> {
    return (await this.rpc.call('inventory.sales.today', {})).batteriesSold;
  }

  /** The map's tiles come from configuration, so an office can point them at its own provider. */
  @Get('map')
  map(): MapConfig {
    return { tileUrl: this.env.MAP_TILE_URL, attribution: this.env.MAP_ATTRIBUTION };
  }
}
