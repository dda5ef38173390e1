import { TrackedBatteryTest, TrackedPhoto } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { BoardAppointmentEntity, boardRows, waitingSql } from '../board';
import { LastPosition, QueuePlace } from './tracking-facts';

/** What the tracking view reads: the job, its technician's last position, its queue place. */
@Injectable()
export class TrackingRepository {
  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  async job(manager: EntityManager, id: number): Promise<BoardAppointmentEntity | null> {
    const [job] = await boardRows(manager, 'WHERE a.id = $1', [id]);
    return job ?? null;
  }

  /** The last test of the job's old battery (what the customer is told of it), if any. */
  async oldBatteryTest(
    manager: EntityManager,
    appointmentId: number,
  ): Promise<TrackedBatteryTest | null> {
    const [row]: TrackedBatteryTest[] = await manager.query(
      `SELECT state_of_health AS "stateOfHealth", decision FROM battery_tests
        WHERE appointment_id = $1 AND battery = 'old' ORDER BY tested_at DESC, id DESC LIMIT 1`,
      [appointmentId],
    );
    return row ?? null;
  }

  /** The photos taken at the door on the visit, in the order taken. */
  photos(manager: EntityManager, appointmentId: number): Promise<TrackedPhoto[]> {
    return manager.query(
      'SELECT id, kind FROM job_photos WHERE appointment_id = $1 ORDER BY taken_at, id',
      [appointmentId],
    );
  }

  /** The technician's last reported position (technicians' copy of identity's presence). */
  async lastPosition(manager: EntityManager, technicianId: number): Promise<LastPosition | null> {
    const [row]: { last_lat: number; last_lng: number; last_position_at: Date | null }[] =
      await manager.query(
        `SELECT last_lat, last_lng, last_position_at FROM technicians
          WHERE user_id = $1 AND last_lat IS NOT NULL AND last_lng IS NOT NULL`,
        [technicianId],
      );
    return row
      ? {
          lat: row.last_lat,
          lng: row.last_lng,
          at: row.last_position_at ? new Date(row.last_position_at) : null,
        }
      : null;
  }

  /**
   * The job's place in the stored ASAP queue, numbered among the jobs still waiting as the board's
   * queue card numbers them (a job that moved on is skipped until the next recomputation).
   */
  async queuePlace(manager: EntityManager, appointmentId: number): Promise<QueuePlace | null> {
    const [row]: { position: number; estimated_wait_minutes: number | null }[] =
      await manager.query(
        `SELECT position, estimated_wait_minutes FROM (
           SELECT q.appointment_id, q.estimated_wait_minutes,
                  ROW_NUMBER() OVER (ORDER BY q.position)::int AS position
             FROM appointment_queue q
             JOIN board_appointments a ON a.id = q.appointment_id
            WHERE ${waitingSql('a')}
         ) waiting
         WHERE appointment_id = $1`,
        [appointmentId],
      );
    return row
      ? { position: row.position, estimatedWaitMinutes: row.estimated_wait_minutes }
      : null;
  }
}
