import {
  ACTIVE_JOB_STATUSES,
  Actor,
  AppointmentStatus,
  DashboardAppointment,
  ERROR_CODES,
  EventEnvelope,
  businessDate,
} from '@cincy/contracts';
import { DomainError, EventConsumers, AppLogger, Outbox, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { BoardAppointmentEntity } from '../board/board-appointment.entity';
import { saveJob as save } from '../board/board.service';
import { minutesBetween } from '../stats/dashboard-stats';
import { JobMetricEntity } from '../stats/job-metric.entity';
import { StatsService } from '../stats/stats.service';
import { Refusal, STEPS, Step, checkDecline, checkStep } from './transitions';

const STAMPS: Record<Step, 'acceptedAt' | 'enRouteAt' | 'onLocationAt'> = {
  accepted: 'acceptedAt',
  en_route: 'enRouteAt',
  on_location: 'onLocationAt',
};

/** The advisory lock that makes one technician's accepts take turns (two jobs at once is one too many). */
const TECHNICIAN_LOCK = 'dispatch.technician';

export const DECLINED_MESSAGE = 'The appointment has been declined successfully.';

/**
 * Every move of a job on the board: the technician's steps, a decline, and the completion that
 * inventory's service record causes. Each runs in one transaction with the job's row locked, so
 * two callers never both win, and announces the new state in the same transaction.
 */
@Injectable()
export class LifecycleService implements OnModuleInit {
  constructor(
    private readonly outbox: Outbox,
    private readonly consumers: EventConsumers,
    private readonly stats: StatsService,
    private readonly logger: AppLogger,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('dispatch-completions', (event, tx) => this.complete(event, tx));
  }

  async changeStatus(
    id: number,
    to: AppointmentStatus,
    actor: Actor,
  ): Promise<DashboardAppointment> {
    return this.outbox.transaction(async ({ manager, emit }) => {
      if (to === 'accepted') {
        await manager.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [
          TECHNICIAN_LOCK,
          actor.id,
        ]);
      }
      const job = await lockJob(manager, id);
      const activeJob = to === 'accepted' ? await activeJobOf(manager, actor.id, id) : null;
      refuseIf(checkStep(job, to, actor, activeJob));
      const step = to as Step;
      const now = new Date();
      if (step === 'accepted') {
        job.technicianId = actor.id;
        job.technicianUsername = actor.username;
        job.technicianName = actor.name;
      }
      job.status = step;
      job[STAMPS[step]] = now;
      const appointment = await save(manager, job, now);
      await emit(STEPS[step].event, { appointment });
      return appointment;
    });
  }

  async decline(id: number): Promise<{ message: string; appointment: DashboardAppointment }> {
    return this.outbox.transaction(async ({ manager, emit }) => {
      const job = await lockJob(manager, id);
      refuseIf(checkDecline(job));
      const now = new Date();
      job.status = 'declined';
      job.closedAt = now;
      const appointment = await save(manager, job, now);
      await emit('dispatch.appointment.declined', { appointment });
      return { message: DECLINED_MESSAGE, appointment };
    });
  }

  /**
   * Inventory saved the job's service record: the job is completed, its timings kept. The record
   * is the fact (the work was done and stock taken), so it completes the job from any state but
   * completed; a second delivery changes nothing.
   */
  async complete(
    event: EventEnvelope<'inventory.service-record.created'>,
    tx: Transaction,
  ): Promise<void> {
    const record = event.payload.serviceRecord;
    const job = await tx.manager.findOne(BoardAppointmentEntity, {
      where: { id: record.appointmentId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!job) {
      this.logger.warn({
        msg: 'service record for an unknown job',
        appointmentId: record.appointmentId,
      });
      return;
    }
    if (job.status === 'completed') return;
    if (job.status !== 'on_location') {
      this.logger.warn({
        msg: 'job completed from an unexpected state',
        id: job.id,
        status: job.status,
      });
    }
    const completedAt = new Date(record.completedAt);
    job.status = 'completed';
    job.completedAt = completedAt;
    job.closedAt = completedAt;
    const installMinutes = job.onLocationAt ? minutesBetween(job.onLocationAt, completedAt) : null;
    await tx.manager.insert(JobMetricEntity, {
      userId: job.technicianId,
      appointmentId: job.id,
      jobStartTime: job.acceptedAt,
      jobEndTime: completedAt,
      arrivalTime: job.onLocationAt,
      locationMarkedTime: job.onLocationAt,
      travelTime:
        job.enRouteAt && job.onLocationAt ? minutesBetween(job.enRouteAt, job.onLocationAt) : null,
      jobDuration: installMinutes,
    });
    await this.stats.addCompletion(tx.manager, businessDate(completedAt), installMinutes);
    const appointment = await save(tx.manager, job, new Date());
    await tx.emit('dispatch.appointment.completed', { appointment });
    await this.stats.announce(tx);
  }
}

async function lockJob(manager: EntityManager, id: number): Promise<BoardAppointmentEntity> {
  const job = await manager.findOne(BoardAppointmentEntity, {
    where: { id },
    lock: { mode: 'pessimistic_write' },
  });
  if (!job) throw new DomainError(ERROR_CODES.notFound, 'Appointment not found');
  return job;
}

/** Another job the technician has in accepted, en_route or on_location, if any. */
async function activeJobOf(
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

function refuseIf(refusal: Refusal | null): void {
  if (refusal) throw new DomainError(refusal.code, refusal.message);
}
