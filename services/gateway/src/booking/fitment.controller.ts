import {
  CurrentUser,
  FitmentInput,
  FitmentLookupRow,
  FitmentQuery,
  fitmentInputSchema,
  fitmentLookupRowSchema,
  fitmentListQuerySchema,
  fitmentQuerySchema,
  sameBattery,
} from '@cincy/contracts';
import { z } from 'zod';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { Public, Roles, User } from '../access/access.decorators';
import { Contract, PathId } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';

/** Fitment (issue 37, ADR 0117): the battery a vehicle takes; the table is the admins'. */
@Controller('fitment')
export class FitmentController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * Booking's rows, each with whether one is free in stock (inventory's count less the visits
   * counting on one). Inventory unreachable: the rows still answer, `inStock` null.
   */
  @Public()
  @Doc(
    'The battery a vehicle takes, with its installed price and whether one is free in stock: every row its year, make and model (and engine, when given) match; none when it is not on file',
    z.array(fitmentLookupRowSchema),
    { calls: ['booking.fitment.lookup', 'inventory.batteries.stock'] },
  )
  @Get()
  async lookup(
    @Query(new Contract(fitmentQuerySchema, 'query')) query: FitmentQuery,
  ): Promise<FitmentLookupRow[]> {
    const rows = await this.rpc.call('booking.fitment.lookup', query);
    const stock = rows.length
      ? await this.rpc
          .call('inventory.batteries.stock', {
            batteries: rows
              .slice(0, 20)
              .map(({ groupSize, technology }) => ({ groupSize, technology })),
          })
          .catch(() => null)
      : [];
    return rows.map((row) => {
      const counted = stock?.find((s) => sameBattery(s, row));
      return { ...row, inStock: counted ? counted.free > 0 : null };
    });
  }

  @Roles('admin')
  @Doc(
    'The fitment table as the Fitment screen lists it, one make when asked',
    'booking.fitment.list',
  )
  @Get('rows')
  list(@Query(new Contract(fitmentListQuerySchema, 'query')) { make }: { make: string | null }) {
    return this.rpc.call('booking.fitment.list', { make });
  }

  @Roles('admin')
  @Doc('Add a vehicle to the fitment table (audited)', 'booking.fitment.create')
  @Post()
  create(
    @Body(new Contract(fitmentInputSchema)) fitment: FitmentInput,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('booking.fitment.create', { fitment, actor });
  }

  @Roles('admin')
  @Doc(
    'Edit a fitment row (audited); bookings already made keep the battery they matched',
    'booking.fitment.update',
  )
  @Put(':id')
  update(
    @Param('id', PathId) id: number,
    @Body(new Contract(fitmentInputSchema)) fitment: FitmentInput,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('booking.fitment.update', { id, fitment, actor });
  }

  @Roles('admin')
  @Doc(
    'Remove a fitment row (audited): its vehicle books as "check fitment"',
    'booking.fitment.delete',
  )
  @Delete(':id')
  remove(@Param('id', PathId) id: number, @User() actor: CurrentUser) {
    return this.rpc.call('booking.fitment.delete', { id, actor });
  }
}
