import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The queue's read (QueueRepository.queueJobs, ADR 0106) by index, one per part of it: the
 * waiting ASAP requests, and the assigned or accepted visits by day. Visits booked for later days
 * are in neither, so the read does not grow with the book ahead. (Jobs on the way or on location
 * have board_active_technician_idx.)
 */
export class QueueIndexes1733300000106 implements MigrationInterface {
  name = 'QueueIndexes1733300000106';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE INDEX board_queue_waiting_idx ON board_appointments (id)
        WHERE closed_at IS NULL AND (preferred_time = 'ASAP' OR scheduled_date IS NULL)
          AND status IN ('pending', 'assigned', 'accepted')`);
    await runner.query(`
      CREATE INDEX board_queue_committed_idx ON board_appointments (scheduled_date)
        WHERE closed_at IS NULL AND status IN ('assigned', 'accepted')`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX board_queue_committed_idx');
    await runner.query('DROP INDEX board_queue_waiting_idx');
  }
}
