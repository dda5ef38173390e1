import { BookedBattery } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** The visits counting on a battery: one row per booked visit whose vehicle's battery is known. */
@Injectable()
export class ReservationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Once per visit: a redelivered booking reserves nothing more. */
  async reserve(manager: EntityManager, appointmentId: number, b: BookedBattery): Promise<void> {
    await manager.query(
      `INSERT INTO reservations (appointment_id, group_size, technology) VALUES ($1, $2, $3)
       ON CONFLICT (appointment_id) DO NOTHING`,
      [appointmentId, b.groupSize, b.technology],
    );
  }

  async release(manager: EntityManager, appointmentId: number): Promise<void> {
    await manager.query('DELETE FROM reservations WHERE appointment_id = $1', [appointmentId]);
  }

  async all(): Promise<BookedBattery[]> {
    const rows: { group_size: string; technology: BookedBattery['technology'] }[] =
      await this.dataSource.query('SELECT group_size, technology FROM reservations');
    return rows.map((r) => ({ groupSize: r.group_size, technology: r.technology }));
  }
}
