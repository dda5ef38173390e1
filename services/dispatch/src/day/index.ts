export { DayController } from './day.controller';
export { DayRepository } from './day.repository';
export { DayService } from './day.service';
export { DAY_MESSAGES, buildDayView, checkDayInRange } from './day-view';
