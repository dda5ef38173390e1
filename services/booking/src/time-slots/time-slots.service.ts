import { BOOKING_MESSAGES, ERROR_CODES, TimeSlot, TimeSlotsRequest } from '@cincy/contracts';
import { DomainError, InjectEnv } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { rejectIfViolated } from '../common/rule-violation';
import { BOOKING_ENV, type BookingEnv } from '../config';
import { SchedulesRepository } from '../schedules';
import { TechniciansRepository } from '../technicians';
import { Staffing, isSlotFull, slotCapacity } from './slot-capacity';
import { checkBookableDate, timeSlotAnswers } from './time-slot-rules';
import { TimeSlotsRepository } from './time-slots.repository';

/** No query at all when SLOT_CAPACITY is configured: it decides alone. */
const UNUSED: Staffing = { knownTechnicians: 0, schedules: [] };

@Injectable()
export class TimeSlotsService {
  constructor(
    private readonly slots: TimeSlotsRepository,
    private readonly technicians: TechniciansRepository,
    private readonly schedules: SchedulesRepository,
    private readonly clock: Clock,
    @InjectEnv(BOOKING_ENV) private readonly env: BookingEnv,
  ) {}

  /** The hour grid of one day: passed hours, full hours, and the rest open. */
  async list({ date }: TimeSlotsRequest): Promise<TimeSlot[]> {
    const now = this.clock.now();
    rejectIfViolated(checkBookableDate(date, now));
    const [staffing, booked] = await Promise.all([
      this.staffing(
        () => this.technicians.count(),
        () => this.schedules.all(),
      ),
      this.slots.bookedByHour(date),
    ]);
    return timeSlotAnswers(date, now, booked, (hour) =>
      slotCapacity(this.env.SLOT_CAPACITY, staffing, date, hour),
    );
  }

  /**
   * Claims a place in one scheduled hour inside the caller's transaction, or says TIME_SLOT_FULL.
   * The advisory lock is held until that transaction ends, so bookings of one hour take turns
   * across every replica and each one counts the ones committed before it.
   */
  async holdSlot(manager: EntityManager, date: string, hour: number): Promise<void> {
    await this.slots.lockSlot(manager, date, hour);
    // One after another: a transaction is one connection, which runs one query at a time.
    const staffing = await this.staffing(
      () => this.technicians.countIn(manager),
      () => this.schedules.allIn(manager),
    );
    const booked = await this.slots.bookedInHour(manager, date, hour);
    if (isSlotFull(booked, slotCapacity(this.env.SLOT_CAPACITY, staffing, date, hour))) {
      throw new DomainError(ERROR_CODES.timeSlotFull, BOOKING_MESSAGES.timeSlotFull);
    }
  }

  /** Who may take the hours, read only when SLOT_CAPACITY does not decide alone. */
  private async staffing(
    countTechnicians: () => Promise<number>,
    readSchedules: () => Promise<Staffing['schedules']>,
  ): Promise<Staffing> {
    if (this.env.SLOT_CAPACITY) return UNUSED;
    const knownTechnicians = await countTechnicians();
    return { knownTechnicians, schedules: await readSchedules() };
  }
}
