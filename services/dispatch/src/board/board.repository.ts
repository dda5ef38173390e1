import { ACTIVE_JOB_STATUSES, DashboardAppointment } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { BoardAppointmentEntity } from './board-appointment.entity';
import { toDashboardAppointment } from './board-appointment.mapper';

/** Every statement on dispatch's copy of the jobs (`board_appointments`). */
@Injectable()
export class BoardRepository {
  constructor(private readonly dataSource: DataSource) {}

  insert(manager: EntityManager, job: BoardAppointmentEntity): Promise<unknown> {
    return manager.insert(BoardAppointmentEntity, job);
  }

  /** Open jobs and those closed in [from, until), oldest request first. */
  async listOpenAndClosedBetween(from: Date, until: Date): Promise<DashboardAppointment[]> {
    const rows = await this.dataSource.manager
      .createQueryBuilder(BoardAppointmentEntity, 'a')
      .where('a.closed_at IS NULL')
      .orWhere('a.closed_at >= :from AND a.closed_at < :until', { from, until })
      .orderBy('a.requested_at', 'ASC')
      .getMany();
    return rows.map(toDashboardAppointment);
  }

  /** The job, its row locked until the transaction ends; null when unknown. */
  lock(manager: EntityManager, id: number): Promise<BoardAppointmentEntity | null> {
    return manager.findOne(BoardAppointmentEntity, {
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Every job of a customer, locked. */
  lockAllOfCustomer(manager: EntityManager, customerId: number): Promise<BoardAppointmentEntity[]> {
    return manager.find(BoardAppointmentEntity, {
      where: { customerId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Another job the technician has in accepted, en_route or on_location, if any. */
  async activeJobOf(
    manager: EntityManager,
    technicianId: number,
    exceptId: number,
  ): Promise<number | null> {
    const active = await manager.findOne(BoardAppointmentEntity, {
      select: { id: true },
      where: { technicianId, status: In([...ACTIVE_JOB_STATUSES]) },
    });
    return active && active.id !== exceptId ? active.id : null;
  }

  /** Makes one technician's accepts take turns (two jobs at once is one too many). */
  async lockTechnician(manager: EntityManager, technicianId: number): Promise<void> {
    await manager.query("SELECT pg_advisory_xact_lock(hashtext('dispatch.technician'), $1)", [
      technicianId,
    ]);
  }

  /** Saves a changed job as its next version and answers the board view the events carry. */
  async save(
    manager: EntityManager,
    job: BoardAppointmentEntity,
    now = new Date(),
  ): Promise<DashboardAppointment> {
    job.version += 1;
    job.updatedAt = now;
    await manager.save(job);
    return toDashboardAppointment(job);
  }
}
