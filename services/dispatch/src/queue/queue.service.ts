import {
  Actor,
  ESTIMATE,
  EventEnvelope,
  QueueEntry,
  ScheduleFacts,
  businessDate,
} from '@cincy/contracts';
import { AppLogger, DomainError, EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { BoardAppointmentEntity } from '../board';
import { LifecycleService } from '../lifecycle';
import { SettingsService } from '../settings';
import { ScheduleRepository } from '../shifts';
import { StatsRepository } from '../stats';
import { TechniciansRepository } from '../technicians';
import { autoAssignments } from './auto-dispatch';
import { QueueJob, QueueTechnician, computeQueue, queueChanged } from './compute-queue';
import { QueueRepository } from './queue.repository';

/** Who auto-dispatch's assignments are by, in the job's history and the events. */
export const AUTO_DISPATCH_ACTOR: Actor = {
  id: 0,
  username: 'auto-dispatch',
  name: 'Auto-dispatch',
  role: 'admin',
};

interface Snapshot {
  jobs: BoardAppointmentEntity[];
  technicians: QueueTechnician[];
  schedules: ScheduleFacts[];
}

/**
 * The ASAP queue, recomputed from dispatch's own events (`dispatch-queue`, one at a time) and
 * announced only when it changed; then, when auto-dispatch is on, the unassigned requests are
 * handed out (see `autoAssignments` for the rule). Recomputing from the tables makes a repeated
 * or late event harmless: it finds the same state and announces nothing.
 */
@Injectable()
export class QueueService implements OnModuleInit {
  constructor(
    private readonly queue: QueueRepository,
    private readonly technicians: TechniciansRepository,
    private readonly schedules: ScheduleRepository,
    private readonly settings: SettingsService,
    private readonly stats: StatsRepository,
    private readonly lifecycle: LifecycleService,
    private readonly consumers: EventConsumers,
    private readonly logger: AppLogger,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('dispatch-queue', (event, tx) => this.onEvent(event, tx));
  }

  list(): Promise<QueueEntry[]> {
    return this.queue.list();
  }

  async onEvent(event: EventEnvelope, tx: Transaction, now = new Date()): Promise<void> {
    const snapshot = await this.recompute(tx, now);
    this.logger.debug({ msg: 'queue recomputed', type: event.type });
    if ((await this.settings.get(tx.manager)).autoDispatch) await this.autoDispatch(snapshot, now);
  }

  /** Stores the queue as it stands and announces it when a position, technician or wait moved. */
  async recompute({ manager, emit }: Transaction, now: Date): Promise<Snapshot> {
    await this.queue.lock(manager);
    const snapshot = await this.snapshot(manager, now);
    const installMinutes = await this.installMinutes(manager, now);
    const entries = computeQueue(
      snapshot.jobs.map(toQueueJob),
      snapshot.technicians,
      snapshot.schedules,
      now,
      installMinutes,
    );
    const before = await this.queue.stored(manager);
    await this.queue.replace(manager, entries, now);
    if (queueChanged(before, entries)) {
      await emit('dispatch.queue.updated', { queue: await this.queue.list(manager) });
    }
    return snapshot;
  }

  /**
   * Each assignment is the lifecycle's own (its transaction, its event), at the version read
   * here: a job that moved meanwhile is refused and left alone, and its event brings the queue
   * back here with the new state.
   */
  private async autoDispatch({ jobs, technicians, schedules }: Snapshot, now: Date) {
    const versions = new Map(jobs.map((j) => [j.id, j.version]));
    const assignments = autoAssignments(jobs.map(toQueueJob), technicians, schedules, now);
    for (const { appointmentId, technicianId } of assignments) {
      try {
        await this.lifecycle.assign(
          appointmentId,
          technicianId,
          AUTO_DISPATCH_ACTOR,
          versions.get(appointmentId),
        );
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        this.logger.warn({ msg: 'auto-dispatch skipped a job', id: appointmentId, technicianId });
      }
    }
  }

  private async snapshot(manager: EntityManager, now: Date): Promise<Snapshot> {
    const [jobs, technicians, schedules] = await Promise.all([
      this.queue.openJobs(manager),
      this.technicians.listTechnicians(manager),
      this.schedules.allFacts(manager, businessDate(now)),
    ]);
    return {
      jobs,
      technicians: technicians.map((t) => ({
        id: t.userId,
        position:
          t.lastLat !== null && t.lastLng !== null ? { lat: t.lastLat, lng: t.lastLng } : null,
      })),
      schedules,
    };
  }

  /** Today's measured average install once the day has one, else the estimate's. */
  private async installMinutes(manager: EntityManager, now: Date): Promise<number> {
    const day = await this.stats.dayTotals(manager, businessDate(now));
    return day && day.totalInstallCount > 0
      ? day.totalInstallTime / day.totalInstallCount
      : ESTIMATE.installMinutes;
  }
}

function toQueueJob(j: BoardAppointmentEntity): QueueJob {
  return {
    id: j.id,
    status: j.status,
    priority: j.priority,
    preferredTime: j.preferredTime,
    scheduledDate: j.scheduledDate,
    requestedAt: j.requestedAt,
    technicianId: j.technicianId,
    customerLocation: j.customerLocation,
    onLocationAt: j.onLocationAt,
  };
}
