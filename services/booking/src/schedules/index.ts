export { SchedulesRepository } from './schedules.repository';
export { SchedulesService } from './schedules.service';
export { TechnicianScheduleEntity } from './technician-schedule.entity';
