import { MapConfig, mapConfigSchema } from '@cincy/contracts';
import { InjectEnv, RpcClient } from '@cincy/platform';
import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { Doc } from '../routes/route-doc.decorator';
import { GATEWAY_ENV, GatewayEnv } from '../config';

@Controller('dashboard')
export class DashboardController {
  constructor(
    private readonly rpc: RpcClient,
    @InjectEnv(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Doc("The board's stats", 'dispatch.stats.get')
  @Get('stats')
  stats() {
    return this.rpc.call('dispatch.stats.get', {});
  }

  /** The board reads a bare number: sent as JSON (Nest would send a number as text/html). */
  @Doc('Batteries sold today', z.number().int(), { calls: ['inventory.sales.today'] })
  @Get('batteries-sold-today')
  async batteriesSoldToday(@Res() res: Response): Promise<void> {
    res.json((await this.rpc.call('inventory.sales.today', {})).batteriesSold);
  }

  /** The map's tiles come from configuration, so an office can point them at its own provider. */
  @Doc("The map's tiles and attribution", mapConfigSchema)
  @Get('map')
  map(): MapConfig {
    return { tileUrl: this.env.MAP_TILE_URL, attribution: this.env.MAP_ATTRIBUTION };
  }
}
