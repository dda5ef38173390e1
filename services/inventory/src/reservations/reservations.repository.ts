import { BookedBattery } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/**
 * The visits counting on a battery: one row per booked visit whose vehicle's battery is known,
 * counted while its visit is not in `released_appointments` (ADR 0119).
 */
@Injectable()
export class ReservationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Once per visit: a redelivered booking reserves nothing more, nor one of a released visit. */
  async reserve(manager: EntityManager, appointmentId: number, b: BookedBattery): Promise<void> {
    await manager.query(
      `INSERT INTO reservations (appointment_id, group_size, technology)
       SELECT $1, $2, $3
        WHERE NOT EXISTS (SELECT 1 FROM released_appointments WHERE appointment_id = $1)
       ON CONFLICT (appointment_id) DO NOTHING`,
      [appointmentId, b.groupSize, b.technology],
    );
  }

  /**
   * The visit lets its battery go for good (a cancelled, declined or completed visit never opens
   * again), and its id stays. The booking comes by another consumer, in any order: applied at the
   * same moment, its row may be one this DELETE cannot see yet, and it is never counted (`all`).
   * No lock: neither waits on the other, so two consumers' batches (many visits per transaction,
   * in each stream's order) never wait on each other in a circle.
   */
  async release(manager: EntityManager, appointmentId: number): Promise<void> {
    await manager.query(
      `WITH gone AS (DELETE FROM reservations WHERE appointment_id = $1)
       INSERT INTO released_appointments (appointment_id) VALUES ($1) ON CONFLICT DO NOTHING`,
      [appointmentId],
    );
  }

  /** The reservations that count: those of visits not released. */
  async all(): Promise<BookedBattery[]> {
    const rows: { group_size: string; technology: BookedBattery['technology'] }[] =
      await this.dataSource.query(
        `SELECT group_size, technology FROM reservations r
          WHERE NOT EXISTS (
            SELECT 1 FROM released_appointments x WHERE x.appointment_id = r.appointment_id)`,
      );
    return rows.map((r) => ({ groupSize: r.group_size, technology: r.technology }));
  }
}
