import { BOOKING_MESSAGES, ERROR_CODES, TimeSlot, TimeSlotsRequest } from '@cincy/contracts';
import { DomainError, InjectEnv } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { rejectIfViolated } from '../common/rule-violation';
import { BOOKING_ENV, type BookingEnv } from '../config';
import { TechniciansRepository } from '../technicians';
import { isSlotFull, slotCapacity } from './slot-capacity';
import { checkBookableDate, timeSlotAnswers } from './time-slot-rules';
import { TimeSlotsRepository } from './time-slots.repository';

@Injectable()
export class TimeSlotsService {
  constructor(
    private readonly slots: TimeSlotsRepository,
    private readonly technicians: TechniciansRepository,
    private readonly clock: Clock,
    @InjectEnv(BOOKING_ENV) private readonly env: BookingEnv,
  ) {}

  /** The hour grid of one day: passed hours, full hours, and the rest open. */
  async list({ date }: TimeSlotsRequest): Promise<TimeSlot[]> {
    const now = this.clock.now();
    rejectIfViolated(checkBookableDate(date, now));
    const [capacity, booked] = await Promise.all([
      this.capacity(() => this.technicians.count()),
      this.slots.bookedByHour(date),
    ]);
    return timeSlotAnswers(date, now, booked, capacity);
  }

  /**
   * Claims a place in one scheduled hour inside the caller's transaction, or says TIME_SLOT_FULL.
   * The advisory lock is held until that transaction ends, so bookings of one hour take turns
   * across every replica and each one counts the ones committed before it.
   */
  async holdSlot(manager: EntityManager, date: string, hour: number): Promise<void> {
    await this.slots.lockSlot(manager, date, hour);
    const [capacity, booked] = await Promise.all([
      this.capacity(() => this.technicians.countIn(manager)),
      this.slots.bookedInHour(manager, date, hour),
    ]);
    if (isSlotFull(booked, capacity)) {
      throw new DomainError(ERROR_CODES.timeSlotFull, BOOKING_MESSAGES.timeSlotFull);
    }
  }

  /** SLOT_CAPACITY when configured (no query), else one per known technician. */
  private async capacity(countTechnicians: () => Promise<number>): Promise<number> {
    if (this.env.SLOT_CAPACITY) return this.env.SLOT_CAPACITY;
    return slotCapacity(undefined, await countTechnicians());
  }
}
