export { TimeSlotsController } from './time-slots.controller';
export { TimeSlotsRepository } from './time-slots.repository';
export { TimeSlotsService } from './time-slots.service';
export { checkScheduledSlot, hourOf } from './time-slot-rules';
