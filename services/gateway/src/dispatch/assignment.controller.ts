import {
  AssignInput,
  CurrentUser,
  HandBackInput,
  assignInputSchema,
  handBackInputSchema,
} from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Roles, User } from '../access/access.decorators';
import { Contract, PathId } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';
import { IdempotencyKey } from '../common/idempotency-key';

/** Who does a job: the dispatcher assigns, the technician may give it back. */
@Controller('appointments')
export class AssignmentController {
  constructor(private readonly rpc: RpcClient) {}

  /** Assigning changes an existing job (200); a stale `version` is 409 naming who has it. */
  @Roles('admin')
  @Doc('Assign (or reassign) a job to a technician', 'dispatch.appointments.assign')
  @Post(':id/assign')
  @HttpCode(200)
  assign(
    @Param('id', PathId) id: number,
    @Body(new Contract(assignInputSchema)) body: AssignInput,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('dispatch.appointments.assign', { ...body, id, actor });
  }

  @Roles('admin')
  @Doc('Take a job back from its technician (open again)', 'dispatch.appointments.unassign')
  @Delete(':id/assign')
  unassign(@Param('id', PathId) id: number, @User() actor: CurrentUser) {
    return this.rpc.call('dispatch.appointments.unassign', { id, actor });
  }

  /** Any signed-in user: dispatch answers 403 unless the job is the caller's. */
  @Doc("Give one's job back, saying why", 'dispatch.appointments.hand-back')
  @Post(':id/hand-back')
  @HttpCode(200)
  handBack(
    @Param('id', PathId) id: number,
    @Body(new Contract(handBackInputSchema)) { reason }: HandBackInput,
    @User() actor: CurrentUser,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ) {
    return this.rpc.call('dispatch.appointments.hand-back', { id, reason, actor, idempotencyKey });
  }

  @Roles('admin')
  @Doc('Technicians on shift for a job, soonest arrival first', 'dispatch.appointments.suggestions')
  @Get(':id/suggestions')
  suggestions(@Param('id', PathId) id: number) {
    return this.rpc.call('dispatch.appointments.suggestions', { id });
  }
}
