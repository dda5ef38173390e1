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
import { GeocodingService } from '../geocoding/geocoding.service';
import { checkScheduledSlot, hourOf } from '../time-slots/time-slot-rules';
import { TimeSlotsService } from '../time-slots/time-slots.service';
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

    // Plain parameterized SQL: the busiest write of the product, and TypeORM's entity
    // bookkeeping (save's reload, subscribers, metadata) was most of its CPU in the bench profile.
    return this.outbox.transaction(async ({ manager, emit }) => {
      // The hour first: its lock must be held when the appointment that fills it is inserted.
      if (slot) await this.timeSlots.holdSlot(manager, slot.date, hourOf(slot.time));
      const appointment = {
        location,
        customerLocation: geocoded.point,
        vehicle: input.vehicle,
        preferredTime: input.preferredTime ?? (slot ? slot.date : 'ASAP'),
        scheduledDate: slot?.date ?? null,
        scheduledTime: slot?.time ?? null,
        notes: input.notes,
        priority: 'normal' as const,
        requestedAt: now,
      };
      // One statement counts the customer's job and stores it; no customer, no row.
      const [stored]: { id: number; name: string; phone: string }[] = await manager.query(
        `WITH counted AS (
           UPDATE customers SET total_jobs = total_jobs + 1 WHERE id = $1
           RETURNING id, name, phone
         ), inserted AS (
           INSERT INTO appointments
             (customer_id, location, customer_location, vehicle, preferred_time, scheduled_date,
              scheduled_time, scheduled_start_time, notes, priority, status, requested_at)
           SELECT id, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11 FROM counted
           RETURNING id, customer_id
         )
         SELECT inserted.id, counted.name, counted.phone
           FROM inserted JOIN counted ON counted.id = inserted.customer_id`,
        [
          input.customerId,
          appointment.location,
          appointment.customerLocation === null
            ? null
            : JSON.stringify(appointment.customerLocation),
          appointment.vehicle,
          appointment.preferredTime,
          appointment.scheduledDate,
          appointment.scheduledTime,
          scheduledStartTime,
          appointment.notes,
          appointment.priority,
          now,
        ],
      );
      if (!stored) throw new DomainError(ERROR_CODES.notFound, CUSTOMER_MESSAGES.notFound);
      const { id } = stored;
      const customer = { id: input.customerId, name: stored.name, phone: stored.phone };
      await emit('booking.appointment.requested', {
        appointmentId: id,
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
        requestedAt: now.toISOString(),
      });
      return {
        id,
        customerId: customer.id,
        status: 'pending',
        priority: appointment.priority,
        location: appointment.location,
        scheduledDate: appointment.scheduledDate,
        scheduledTime: appointment.scheduledTime,
        requestedAt: now.toISOString(),
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
