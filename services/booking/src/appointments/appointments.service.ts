import {
  AppointmentInput,
  AppointmentRequest,
  BOOKING_MESSAGES,
  CUSTOMER_MESSAGES,
  CreatedAppointment,
  ERROR_CODES,
  RescheduleBooking,
  TRACKING_MESSAGES,
  businessInstant,
  formatLocation,
} from '@cincy/contracts';
import { AppLogger, DomainError, InjectEnv, Outbox, requestFingerprint } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { BOOKING_ENV, type BookingEnv } from '../config';
import { rejectIfViolated } from '../common/rule-violation';
import { GeocodingService } from '../geocoding';
import { FitmentService } from '../fitment';
import { LinksService } from '../links';
import { SchedulesRepository } from '../schedules';
import { TimeSlotsService, checkScheduledSlot, hourOf } from '../time-slots';
import { NewAppointment, toCreatedAppointment, toRequestedEvent } from './appointment.mapper';
import { AppointmentsRepository } from './appointments.repository';
import { Mover, checkReschedule } from './reschedule-rules';
import { checkServiceArea } from './service-area';
import { checkAsapHours } from './service-hours';

/**
 * A keyed request: its Idempotency-Key, the fingerprint a repeat must match, and the customer the
 * key belongs to when the caller named one (POST /api/appointments); a booking that registers its
 * customer (POST /api/bookings) owns its key alone.
 */
interface Idempotency {
  key: string;
  fingerprint: string;
  customerId?: number;
}

/** The appointment's details, without whom it is for. */
export type AppointmentDetails = Omit<AppointmentInput, 'customerId'>;

/**
 * Whom an appointment is for: their id, found inside the booking's transaction (so a customer the
 * booking registers there is stored with it, or not at all).
 */
export type CustomerOf = (manager: EntityManager) => Promise<number>;

@Injectable()
export class AppointmentsService {
  constructor(
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly appointments: AppointmentsRepository,
    private readonly timeSlots: TimeSlotsService,
    private readonly geocoding: GeocodingService,
    private readonly schedules: SchedulesRepository,
    private readonly links: LinksService,
    private readonly fitment: FitmentService,
    private readonly logger: AppLogger,
    @InjectEnv(BOOKING_ENV) private readonly env: Pick<BookingEnv, 'SERVED_ZIP_CODES'>,
  ) {}

  /** POST /api/appointments: a visit for a customer who exists (staff, or the visitor's cookie). */
  book({ idempotencyKey, ...input }: AppointmentRequest): Promise<CreatedAppointment> {
    const { customerId, ...details } = input;
    const keyed = idempotencyKey
      ? { key: idempotencyKey, fingerprint: requestFingerprint(input), customerId }
      : null;
    return this.bookOnce(details, async () => customerId, keyed);
  }

  /**
   * Books once per Idempotency-Key: a repeat of a keyed request answers the appointment it booked
   * (before the rules, which may say no by now), and the same key with other details is refused.
   * Both booking routes come here; `customerOf` is the one step that differs.
   */
  async bookOnce(
    details: AppointmentDetails,
    customerOf: CustomerOf,
    keyed: Idempotency | null,
  ): Promise<CreatedAppointment> {
    if (!keyed) return this.bookNew(details, customerOf, null);
    const earlier = await this.replay(keyed);
    if (earlier) return earlier;
    try {
      return await this.bookNew(details, customerOf, keyed);
    } catch (error) {
      // Two sends of one key at once: the key's lock made them take turns, and the unique index
      // refused the second (23505), or it found the hour the first took full; the first is the
      // answer to both.
      const committed = await this.replay(keyed);
      if (committed) return committed;
      throw error;
    }
  }

  /**
   * The answer booked earlier with this key, or null; the key with other details is refused.
   * Same reference, but a new link token: only hashes of tokens are stored, so the first one
   * cannot be given again (it keeps working too).
   */
  private async replay(keyed: Idempotency) {
    const earlier = await this.appointments.findByIdempotencyKey(keyed.key, keyed.customerId);
    if (!earlier) return null;
    if (earlier.requestFingerprint !== keyed.fingerprint) {
      throw new DomainError(
        ERROR_CODES.idempotencyKeyReused,
        BOOKING_MESSAGES.idempotencyKeyReused,
      );
    }
    return toCreatedAppointment(earlier, await this.links.linkFor(earlier.id));
  }

  /**
   * Checks the service area and the booking rules, finds where the customer is, then stores the
   * request as pending/normal and announces it, in one transaction that also claims the scheduled
   * hour.
   */
  private async bookNew(
    input: AppointmentDetails,
    customerOf: CustomerOf,
    keyed: Idempotency | null,
  ): Promise<CreatedAppointment> {
    // Stored with the state's code ("…, Ohio 45202" → "…, OH 45202"), however it was sent.
    const location = formatLocation(input.location.replace(/\s+/g, ' '));
    // First: no other hour or day would change this answer, and nothing is held or stored yet.
    rejectIfViolated(checkServiceArea(location, this.env.SERVED_ZIP_CODES));
    const now = this.clock.now();
    const slot = scheduledSlot(input);
    rejectIfViolated(
      slot
        ? checkScheduledSlot(slot.date, slot.time, now)
        : checkAsapHours(now, await this.schedules.all()),
    );
    // Outside the transaction: a slow geocoder must not hold the slot lock.
    const geocoded = await this.geocoding.locate(location);
    const battery = await this.fitment.batteryFor(input.vehicle);
    this.logger.debug({ msg: 'appointment geocoded', source: geocoded.source });
    const appointment: Omit<NewAppointment, 'customerId'> = {
      location,
      customerLocation: geocoded.point,
      vehicle: input.vehicle,
      preferredTime: input.preferredTime ?? (slot ? slot.date : 'ASAP'),
      scheduledDate: slot?.date ?? null,
      scheduledTime: slot?.time ?? null,
      scheduledStartTime: slot ? businessInstant(slot.date, hourOf(slot.time)) : null,
      notes: input.notes,
      priority: 'normal',
      requestedAt: now,
      idempotencyKey: keyed?.key ?? null,
      requestFingerprint: keyed?.fingerprint ?? null,
      battery,
    };

    return this.outbox.transaction(async ({ manager, emit }) => {
      // Locks in one order, here and everywhere: the key, the customer's phone, the hour (none is
      // taken while a later one is held, so two bookings never wait on each other in a circle).
      // The key first: sends of one key take turns, so the second finds the first's customer and
      // its appointment (the unique index), never a second customer of its own.
      if (keyed) await this.appointments.lockIdempotencyKey(manager, keyed.key);
      // The phone's next, when the booking registers its customer (CustomersService.register).
      const customerId = await customerOf(manager);
      // The hour last: its lock must be held when the appointment that fills it is inserted.
      if (slot) await this.timeSlots.holdSlot(manager, slot.date, hourOf(slot.time));
      const stored = await this.appointments.insertCounted(manager, { ...appointment, customerId });
      if (!stored) throw new DomainError(ERROR_CODES.notFound, CUSTOMER_MESSAGES.notFound);
      const link = await this.links.createFor(manager, stored.id);
      await emit('booking.appointment.requested', toRequestedEvent(stored, link.reference));
      return toCreatedAppointment(stored, link);
    });
  }

  /**
   * A visit moves to another hour, by its customer (the gateway resolved their link to the id) or
   * by staff: one use case, so one rule and one event (notify tells the customer, the board and
   * the audit follow). While booking's copy of the status allows it, to an hour a new booking
   * could take, held like one.
   */
  async reschedule(
    id: number,
    { scheduledDate: date, scheduledTime: time }: RescheduleBooking,
    mover: Mover = 'customer',
  ) {
    const now = this.clock.now();
    return this.outbox.transaction(async ({ manager, emit }) => {
      // The row, then the hour: a booking holds an hour but waits on no existing row, so the two
      // locks are never awaited in a circle.
      const visit = await this.appointments.lockForChange(manager, id);
      if (!visit) throw new DomainError(ERROR_CODES.notFound, TRACKING_MESSAGES.notFound);
      rejectIfViolated(checkReschedule(visit, { date, time }, now, mover));
      await this.timeSlots.holdSlot(manager, date, hourOf(time));
      const startTime = businessInstant(date, hourOf(time));
      await this.appointments.moveTo(manager, id, { date, time, startTime });
      await emit('booking.appointment.rescheduled', {
        appointmentId: id,
        preferredTime: date,
        scheduledDate: date,
        scheduledTime: time,
        scheduledStartTime: startTime.toISOString(),
      });
      return { scheduledDate: date, scheduledTime: time, preferredTime: date };
    });
  }
}

/** A scheduled booking names both a day and an hour; neither means ASAP. */
function scheduledSlot({
  scheduledDate,
  scheduledTime,
}: AppointmentDetails): { date: string; time: string } | null {
  if (!scheduledDate && !scheduledTime) return null;
  if (!scheduledDate || !scheduledTime) {
    const field = scheduledDate ? 'scheduledTime' : 'scheduledDate';
    const message = 'A scheduled appointment needs both a date and a time';
    throw new DomainError(ERROR_CODES.validation, message, { [field]: message });
  }
  return { date: scheduledDate, time: scheduledTime };
}
