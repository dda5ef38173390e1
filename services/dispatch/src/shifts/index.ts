export { ScheduleExceptionEntity, WeeklyShiftEntity } from './schedule.entities';
export { ScheduleRepository } from './schedule.repository';
export { ShiftsController } from './shifts.controller';
export { ShiftsService, TECHNICIAN_NOT_FOUND } from './shifts.service';
