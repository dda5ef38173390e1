import { ACTIVE_JOB_STATUSES, DashboardAppointment } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { BoardAppointmentEntity } from './board-appointment.entity';
import { toDashboardAppointment } from './board-appointment.mapper';
import { BOARD, boardRows } from './board-columns';

/** Today's open pool (the date as parameter `today`): pending, undated or booked for today. */
const openPool = (today: string) =>
  `closed_at IS NULL AND status = 'pending' AND (scheduled_date IS NULL OR scheduled_date = ${today}::date)`;

/** Every statement on dispatch's copy of the jobs (`board_appointments`). */
@Injectable()
export class BoardRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, job: BoardAppointmentEntity): Promise<void> {
    await BOARD.insert(manager, job);
  }

  /** Open jobs and those closed in [from, until), oldest request first. */
  async listOpenAndClosedBetween(from: Date, until: Date): Promise<DashboardAppointment[]> {
    const rows = await boardRows(
      this.dataSource.manager,
      `WHERE a.closed_at IS NULL OR (a.closed_at >= $1 AND a.closed_at < $2)
       ORDER BY a.requested_at, a.id`,
      [from, until],
    );
    return rows.map(toDashboardAppointment);
  }

  /**
   * A technician's jobs, open or closed in [from, until), and the oldest `poolLimit` of the open
   * pool on `today` (pending, undated or for today), oldest request first; with the pool's size.
   */
  async listForTechnician(
    technicianId: number,
    {
      from,
      until,
      today,
      poolLimit,
    }: { from: Date; until: Date; today: string; poolLimit: number },
  ): Promise<{ jobs: DashboardAppointment[]; poolTotal: number }> {
    const [rows, [{ total }]] = await Promise.all([
      boardRows(
        this.dataSource.manager,
        `WHERE a.id IN (
           SELECT id FROM board_appointments
            WHERE technician_id = $1 AND (closed_at IS NULL OR (closed_at >= $2 AND closed_at < $3))
           UNION
           (SELECT id FROM board_appointments WHERE ${openPool('$4')} ORDER BY requested_at, id LIMIT $5))
         ORDER BY a.requested_at, a.id`,
        [technicianId, from, until, today, poolLimit],
      ),
      this.dataSource.query<{ total: number }[]>(
        `SELECT count(*)::int AS total FROM board_appointments WHERE ${openPool('$1')}`,
        [today],
      ),
    ]);
    return { jobs: rows.map(toDashboardAppointment), poolTotal: total };
  }

  /** The job, its row locked until the transaction ends; null when unknown. */
  async lock(manager: EntityManager, id: number): Promise<BoardAppointmentEntity | null> {
    const [job] = await boardRows(manager, 'WHERE a.id = $1 FOR UPDATE', [id]);
    return job ?? null;
  }

  /**
   * The advisory lock of one customer, held until the caller's transaction ends: their deletion
   * and their booking reaching the board (two consumers) take turns. Otherwise neither sees the
   * other's uncommitted rows (the deletion misses the new job, the booking misses
   * `erased_customers`), and the job stays open with a deleted customer's details. Taken before
   * any row lock, so a wait on it never closes a circle with a row wait.
   */
  lockCustomer(manager: EntityManager, customerId: number): Promise<void> {
    return takeTurns(manager, 'dispatch.customer', customerId);
  }

  /** A deleted customer's id stays, so that nothing of theirs applied later brings them back. */
  async recordErased(manager: EntityManager, customerId: number): Promise<void> {
    await manager.query(
      'INSERT INTO erased_customers (customer_id) VALUES ($1) ON CONFLICT DO NOTHING',
      [customerId],
    );
  }

  /** Whether the customer was deleted (read under `lockCustomer`, so a deletion now is seen). */
  async isErased(manager: EntityManager, customerId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM erased_customers WHERE customer_id = $1',
      [customerId],
    );
    return rows.length > 0;
  }

  /** Every job of a customer, locked. */
  lockAllOfCustomer(manager: EntityManager, customerId: number): Promise<BoardAppointmentEntity[]> {
    return boardRows(manager, 'WHERE a.customer_id = $1 FOR UPDATE', [customerId]);
  }

  /** Another job the technician has in accepted, en_route or on_location, if any. */
  async activeJobOf(
    manager: EntityManager,
    technicianId: number,
    exceptId: number,
  ): Promise<number | null> {
    const [active]: { id: number }[] = await manager.query(
      'SELECT id FROM board_appointments WHERE technician_id = $1 AND status = ANY($2) LIMIT 1',
      [technicianId, [...ACTIVE_JOB_STATUSES]],
    );
    return active && active.id !== exceptId ? active.id : null;
  }

  /** Makes one technician's accepts take turns (two jobs at once is one too many). */
  lockTechnician(manager: EntityManager, technicianId: number): Promise<void> {
    return takeTurns(manager, 'dispatch.technician', technicianId);
  }

  /** A wrong arrival code: counted, the job otherwise unchanged (no new version, no event). */
  async countArrivalMiss(manager: EntityManager, id: number): Promise<void> {
    await manager.query(
      'UPDATE board_appointments SET arrival_misses = arrival_misses + 1 WHERE id = $1',
      [id],
    );
  }

  /** Saves a changed job as its next version and answers the board view the events carry. */
  async save(
    manager: EntityManager,
    job: BoardAppointmentEntity,
    now = new Date(),
  ): Promise<DashboardAppointment> {
    job.version += 1;
    job.updatedAt = now;
    await BOARD.update(manager, job, ['id', 'id']);
    return toDashboardAppointment(job);
  }
}

/** The advisory lock of one `kind` of thing (a customer, a technician), held until the transaction ends. */
async function takeTurns(manager: EntityManager, kind: string, id: number): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [kind, id]);
}
