import {
  CurrentUser,
  DateShiftsInput,
  WeeklyShiftsInput,
  dateShiftsInputSchema,
  scheduleDateParamSchema,
  weeklyShiftsInputSchema,
} from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { Roles, User } from '../access/access.decorators';
import { Contract, PathId } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';

const PathDate = new Contract(scheduleDateParamSchema, 'param');

/** Who works when: admins keep every technician's shifts; a technician may end their own day. */
@Controller('schedules')
export class SchedulesController {
  constructor(private readonly rpc: RpcClient) {}

  // Before the `:technicianId` routes, so 'me' is never read as a technician's id.
  /** The caller's own schedule: the session says whose, never the path. */
  @Roles('technician')
  @Doc("End one's shift now (today's shifts cut at this minute)", 'dispatch.schedules.off-shift')
  @Post('me/off-shift')
  @HttpCode(200)
  offShift(@User() actor: CurrentUser) {
    return this.rpc.call('dispatch.schedules.off-shift', { actor });
  }

  @Roles('admin')
  @Doc("Every technician's shifts, and who is on shift now", 'dispatch.schedules.list')
  @Get()
  list() {
    return this.rpc.call('dispatch.schedules.list', {});
  }

  @Roles('admin')
  @Doc("Set a technician's weekly pattern", 'dispatch.schedules.set-weekly')
  @Put(':technicianId/weekly')
  setWeekly(
    @Param('technicianId', PathId) technicianId: number,
    @Body(new Contract(weeklyShiftsInputSchema)) { shifts }: WeeklyShiftsInput,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('dispatch.schedules.set-weekly', { technicianId, shifts, actor });
  }

  @Roles('admin')
  @Doc("Set a technician's shifts on one date (none: a day off)", 'dispatch.schedules.set-date')
  @Put(':technicianId/dates/:date')
  setDate(
    @Param('technicianId', PathId) technicianId: number,
    @Param('date', PathDate) date: string,
    @Body(new Contract(dateShiftsInputSchema)) { shifts }: DateShiftsInput,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('dispatch.schedules.set-date', { technicianId, date, shifts, actor });
  }

  // Previews (ADR 0102): the schedule screen warns before it saves; a warning, never a refusal.
  @Roles('admin')
  @Doc(
    "Assigned jobs a new weekly pattern would leave outside the technician's shifts (saves nothing)",
    'dispatch.schedules.weekly-impact',
  )
  @Post(':technicianId/weekly/impact')
  @HttpCode(200)
  weeklyImpact(
    @Param('technicianId', PathId) technicianId: number,
    @Body(new Contract(weeklyShiftsInputSchema)) { shifts }: WeeklyShiftsInput,
  ) {
    return this.rpc.call('dispatch.schedules.weekly-impact', { technicianId, shifts });
  }

  @Roles('admin')
  @Doc(
    "Assigned jobs a date's new shifts would leave outside the technician's shifts (saves nothing)",
    'dispatch.schedules.date-impact',
  )
  @Post(':technicianId/dates/:date/impact')
  @HttpCode(200)
  dateImpact(
    @Param('technicianId', PathId) technicianId: number,
    @Param('date', PathDate) date: string,
    @Body(new Contract(dateShiftsInputSchema)) { shifts }: DateShiftsInput,
  ) {
    return this.rpc.call('dispatch.schedules.date-impact', { technicianId, date, shifts });
  }

  @Roles('admin')
  @Doc("Clear a date's exception (the weekly pattern again)", 'dispatch.schedules.clear-date')
  @Delete(':technicianId/dates/:date')
  clearDate(
    @Param('technicianId', PathId) technicianId: number,
    @Param('date', PathDate) date: string,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('dispatch.schedules.clear-date', { technicianId, date, actor });
  }
}
