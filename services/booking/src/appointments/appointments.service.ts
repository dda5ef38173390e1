import {
  AppointmentInput,
  CUSTOMER_MESSAGES,
  CreatedAppointment,
  ERROR_CODES,
  businessInstant,
} from '@cincy/contracts';
import { DomainError, AppLogger, Outbox } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { rejectIfViolated } from '../common/rule-violation';
import { CustomerEntity } from '../customers/customer.entity';
import { GeocodingService } from '../geocoding/geocoding.service';
import { checkScheduledSlot, hourOf } from '../time-slots/time-slot-rules';
import { TimeSlotsService } from '../time-slots/time-slots.service';
import { AppointmentEntity } from './appointment.entity';
import { checkAsapHours } from './service-hours';

@Injectable()
export class AppointmentsService {
  constructor(
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly timeSlots: TimeSlotsService,
    private readonly geocoding: GeocodingService,
    private readonly logger: AppLogger,
  ) {}

  /**
   * Checks the booking rules, finds where the customer is, then stores the request as
   * pending/normal and announces it, in one transaction that also claims the scheduled hour.
   */
  async book(input: AppointmentInput): Promise<CreatedAppointment> {
    const now = this.clock.now();
    const slot = scheduledSlot(input);
    rejectIfViolated(slot ? checkScheduledSlot(slot.date, slot.time, now) : checkAsapHours(now));
    const location = input.location.replace(/\s+/g, ' ');
    // Outside the transaction: a slow geocoder must not hold the slot lock.
    const geocoded = await this.geocoding.locate(location);
    this.logger.debug({ msg: 'appointment geocoded', source: geocoded.source });
    const scheduledStartTime = slot ? businessInstant(slot.date, hourOf(slot.time)) : null;

    return this.outbox.transaction(async ({ manager, emit }) => {
      const customer = await manager.findOneBy(CustomerEntity, { id: input.customerId });
      if (!customer) throw new DomainError(ERROR_CODES.notFound, CUSTOMER_MESSAGES.notFound);
      await manager.increment(CustomerEntity, { id: customer.id }, 'totalJobs', 1);
      if (slot) await this.timeSlots.holdSlot(manager, slot.date, hourOf(slot.time));
      const appointment = await manager.save(
        manager.create(AppointmentEntity, {
          customerId: customer.id,
          location,
          customerLocation: geocoded.point,
          vehicle: input.vehicle,
          preferredTime: input.preferredTime ?? (slot ? slot.date : 'ASAP'),
          scheduledDate: slot?.date ?? null,
          scheduledTime: slot?.time ?? null,
          scheduledStartTime,
          notes: input.notes,
          priority: 'normal',
          status: 'pending',
          requestedAt: now,
        }),
      );
      await emit('booking.appointment.requested', {
        appointmentId: appointment.id,
        customerId: customer.id,
        customer: { name: customer.name, phone: customer.phone },
        location: appointment.location,
        customerLocation: appointment.customerLocation,
        vehicle: appointment.vehicle,
        preferredTime: appointment.preferredTime,
        scheduledDate: appointment.scheduledDate,
        scheduledTime: appointment.scheduledTime,
        scheduledStartTime: scheduledStartTime?.toISOString() ?? null,
        notes: appointment.notes,
        priority: appointment.priority,
        requestedAt: appointment.requestedAt.toISOString(),
      });
      return {
        id: appointment.id,
        customerId: customer.id,
        status: 'pending',
        priority: appointment.priority,
        location: appointment.location,
        scheduledDate: appointment.scheduledDate,
        scheduledTime: appointment.scheduledTime,
        requestedAt: appointment.requestedAt.toISOString(),
      };
    });
  }
}

/** A scheduled booking names both a day and an hour; neither means ASAP. */
function scheduledSlot({
  scheduledDate,
  scheduledTime,
}: AppointmentInput): { date: string; time: string } | null {
  if (!scheduledDate && !scheduledTime) return null;
  if (!scheduledDate || !scheduledTime) {
    const field = scheduledDate ? 'scheduledTime' : 'scheduledDate';
    const message = 'A scheduled appointment needs both a date and a time';
    throw new DomainError(ERROR_CODES.validation, message, { [field]: message });
  }
  return { date: scheduledDate, time: scheduledTime };
}
