import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { CALLED_OFF_STATUSES } from '@cincy/contracts';
import { SLOT_LOCK_NAMESPACE, slotLockKey } from './slot-capacity';

/** Every statement behind the hour grid and the slot rule. */
@Injectable()
export class TimeSlotsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Bookings that hold a place in each hour of one day, outside any transaction (the grid). */
  bookedByHour(date: string): Promise<Map<number, number>> {
    return countBooked(this.dataSource.manager, date);
  }

  /** Bookings that hold a place in one hour, inside the caller's transaction. */
  async bookedInHour(manager: EntityManager, date: string, hour: number): Promise<number> {
    return (await countBooked(manager, date, hour)).get(hour) ?? 0;
  }

  /**
   * The advisory lock of one hour, held until the caller's transaction ends, so bookings of one
   * hour take turns across every replica.
   */
  async lockSlot(manager: EntityManager, date: string, hour: number): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [
      SLOT_LOCK_NAMESPACE,
      slotLockKey(date, hour),
    ]);
  }
}

/** Declined and cancelled ones gave their place back (CALLED_OFF_STATUSES). */
async function countBooked(
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
    [date, hour ?? null, [...CALLED_OFF_STATUSES]],
  );
  return new Map(rows.map((r) => [r.hour, r.booked]));
}
