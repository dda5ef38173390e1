import {
  CurrentUser,
  FitmentInput,
  FitmentQuery,
  fitmentInputSchema,
  fitmentListQuerySchema,
  fitmentQuerySchema,
} from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { Public, Roles, User } from '../access/access.decorators';
import { Contract, PathId } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';

/** Fitment (issue 37, ADR 0117): the battery a vehicle takes; the table is the admins'. */
@Controller('fitment')
export class FitmentController {
  constructor(private readonly rpc: RpcClient) {}

  @Public()
  @Doc(
    'The battery a vehicle takes, with its installed price: every row its year, make and model (and engine, when given) match; none when it is not on file',
    'booking.fitment.lookup',
  )
  @Get()
  lookup(@Query(new Contract(fitmentQuerySchema, 'query')) query: FitmentQuery) {
    return this.rpc.call('booking.fitment.lookup', query);
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
