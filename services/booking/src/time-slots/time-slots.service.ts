import { BOOKING_MESSAGES, ERROR_CODES, TimeSlot, TimeSlotsRequest } from '@cincy/contracts';
import { DomainError, InjectEnv } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { rejectIfViolated } from '../common/rule-violation';
import { BOOKING_ENV, type BookingEnv } from '../config';
import { TechnicianEntity } from '../technicians/technician.entity';
import {
  RELEASED_STATUSES,
  SLOT_LOCK_NAMESPACE,
  isSlotFull,
  slotCapacity,
  slotLockKey,
} from './slot-capacity';
import { checkBookableDate, timeSlotAnswers } from './time-slot-rules';

@Injectable()
export class TimeSlotsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @InjectEnv(BOOKING_ENV) private readonly env: BookingEnv,
  ) {}

  /** The hour grid of one day: passed hours, full hours, and the rest open. */
  async list({ date }: TimeSlotsRequest): Promise<TimeSlot[]> {
    const now = this.clock.now();
    rejectIfViolated(checkBookableDate(date, now));
    const manager = this.dataSource.manager;
    const [capacity, booked] = await Promise.all([
      this.capacity(manager),
      this.bookedByHour(manager, date),
    ]);
    return timeSlotAnswers(date, now, booked, capacity);
  }

  /**
   * Claims a place in one scheduled hour inside the caller's transaction, or says TIME_SLOT_FULL.
   * The advisory lock is held until that transaction ends, so bookings of one hour take turns
   * across every replica and each one counts the ones committed before it.
   */
  async holdSlot(manager: EntityManager, date: string, hour: number): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [
      SLOT_LOCK_NAMESPACE,
      slotLockKey(date, hour),
    ]);
    const [capacity, booked] = await Promise.all([
      this.capacity(manager),
      this.bookedByHour(manager, date, hour),
    ]);
    if (isSlotFull(booked.get(hour) ?? 0, capacity)) {
      throw new DomainError(ERROR_CODES.timeSlotFull, BOOKING_MESSAGES.timeSlotFull);
    }
  }

  private async capacity(manager: EntityManager): Promise<number> {
    if (this.env.SLOT_CAPACITY) return this.env.SLOT_CAPACITY;
    return slotCapacity(undefined, await manager.count(TechnicianEntity));
  }

  /** Bookings that hold a place, by hour of the day; declined ones gave it back. */
  private async bookedByHour(
    manager: EntityManager,
    date: string,
    hour?: number,
  ): Promise<Map<number, number>> {
    const rows: { hour: number; booked: number }[] = await manager.query(
      `SELECT substr(scheduled_time, 1, 2)::int AS hour, count(*)::int AS booked
         FROM appointments
        WHERE scheduled_date = $1
          AND scheduled_time IS NOT NULL
          AND ($2::int IS NULL OR substr(scheduled_time, 1, 2)::int = $2::int)
          AND status <> ALL($3::text[])
        GROUP BY 1`,
      [date, hour ?? null, [...RELEASED_STATUSES]],
    );
    return new Map(rows.map((r) => [r.hour, r.booked]));
  }
}
