import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { ShiftsService } from './shifts.service';

type SetWeekly = RpcMessage<'dispatch.schedules.set-weekly'>;
type SetDate = RpcMessage<'dispatch.schedules.set-date'>;
type WeeklyImpact = RpcMessage<'dispatch.schedules.weekly-impact'>;
type DateImpact = RpcMessage<'dispatch.schedules.date-impact'>;
type ClearDate = RpcMessage<'dispatch.schedules.clear-date'>;
type OffShift = RpcMessage<'dispatch.schedules.off-shift'>;

@Controller()
export class ShiftsController {
  constructor(private readonly shifts: ShiftsService) {}

  @RpcHandler('dispatch.schedules.list')
  list() {
    return this.shifts.list();
  }

  @RpcHandler('dispatch.schedules.set-weekly')
  setWeekly(@RpcPayload('dispatch.schedules.set-weekly') { technicianId, shifts }: SetWeekly) {
    return this.shifts.setWeekly(technicianId, shifts);
  }

  @RpcHandler('dispatch.schedules.set-date')
  setDate(@RpcPayload('dispatch.schedules.set-date') { technicianId, date, shifts }: SetDate) {
    return this.shifts.setDate(technicianId, date, shifts);
  }

  @RpcHandler('dispatch.schedules.weekly-impact')
  weeklyImpact(
    @RpcPayload('dispatch.schedules.weekly-impact') { technicianId, shifts }: WeeklyImpact,
  ) {
    return this.shifts.weeklyImpact(technicianId, shifts);
  }

  @RpcHandler('dispatch.schedules.date-impact')
  dateImpact(
    @RpcPayload('dispatch.schedules.date-impact') { technicianId, date, shifts }: DateImpact,
  ) {
    return this.shifts.dateImpact(technicianId, date, shifts);
  }

  @RpcHandler('dispatch.schedules.clear-date')
  clearDate(@RpcPayload('dispatch.schedules.clear-date') { technicianId, date }: ClearDate) {
    return this.shifts.clearDate(technicianId, date);
  }

  @RpcHandler('dispatch.schedules.off-shift')
  offShift(@RpcPayload('dispatch.schedules.off-shift') { actor }: OffShift) {
    return this.shifts.offShift(actor);
  }
}
