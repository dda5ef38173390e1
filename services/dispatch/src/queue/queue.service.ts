import {
  Actor,
  ESTIMATE,
  EventEnvelope,
  QueueEntry,
  ScheduleFacts,
  businessDate,
} from '@cincy/contracts';
import { AppLogger, DomainError, EventConsumers, Outbox, Transaction } from '@cincy/platform';
import {
  BeforeApplicationShutdown,
  Injectable,
  OnApplicationBootstrap,
  OnModuleInit,
} from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { LifecycleService } from '../lifecycle';
import { SettingsService } from '../settings';
import { ScheduleRepository } from '../shifts';
import { StatsRepository } from '../stats';
import { VanStockService } from '../suggestions';
import { TechniciansRepository, toRankingTechnician } from '../technicians';
import { autoAssignments, freeTechnicians } from './auto-dispatch';
import { QueueTechnician, computeQueue, queueChanged } from './compute-queue';
import { QueueRepository, QueueSnapshotJob } from './queue.repository';

/** Who auto-dispatch's assignments are by, in the job's history and the events. */
export const AUTO_DISPATCH_ACTOR: Actor = {
  id: 0,
  username: 'auto-dispatch',
  name: 'Auto-dispatch',
  role: 'admin',
};

/**
 * How long events gather before the queue is recomputed: at 100 bookings a second one
 * recomputation serves about ten of them instead of each paying for the whole queue.
 */
export const RECOMPUTE_AFTER_MS = 100;
/**
 * The queue is recomputed this often with no event: waits run down with the clock, and a shift
 * that begins (8 AM, after requests made overnight) or ends changes who can come, which no
 * event announces. Auto-dispatch hands out what waited for the morning on the same pass.
 */
export const RECOMPUTE_EVERY_MS = 60_000;
/** What the board's queue card shows and each announcement carries: the head of the queue. */
export const QUEUE_SHOWN = 50;

interface Snapshot {
  jobs: QueueSnapshotJob[];
  technicians: QueueTechnician[];
  schedules: ScheduleFacts[];
}

/**
 * The ASAP queue, recomputed from the tables after dispatch's own events (`dispatch-queue`) and
 * announced only when it changed; then, when auto-dispatch is on, the unassigned requests are
 * handed out (see `autoAssignments` for the rule). An event only marks the queue stale: the
 * events of the next RECOMPUTE_AFTER_MS share one recomputation, in its own transaction, so a
 * burst of bookings costs one pass, not one per booking. Recomputing from the tables makes a
 * repeated, late or lost-in-a-crash event harmless; the start recomputes once anyway, and the
 * clock every RECOMPUTE_EVERY_MS.
 */
@Injectable()
export class QueueService
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown
{
  private timer: NodeJS.Timeout | null = null;
  private clock: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private staleAgain = false;
  /** How long the last recomputation took: the next waits four times as long at least. */
  private lastTookMs = 0;

  constructor(
    private readonly outbox: Outbox,
    private readonly queue: QueueRepository,
    private readonly technicians: TechniciansRepository,
    private readonly schedules: ScheduleRepository,
    private readonly settings: SettingsService,
    private readonly stats: StatsRepository,
    private readonly lifecycle: LifecycleService,
    private readonly consumers: EventConsumers,
    private readonly logger: AppLogger,
    private readonly vans: VanStockService,
  ) {}

  onModuleInit() {
    this.consumers.notice('dispatch-queue', (event) => this.onEvent(event));
  }

  onApplicationBootstrap() {
    this.stale();
    this.clock = setInterval(() => this.stale(), RECOMPUTE_EVERY_MS).unref();
  }

  async beforeApplicationShutdown() {
    if (this.clock) clearInterval(this.clock);
    this.clock = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  list(): Promise<QueueEntry[]> {
    return this.queue.list(QUEUE_SHOWN);
  }

  onEvent(event: EventEnvelope): void {
    this.logger.debug({ msg: 'queue stale', type: event.type });
    this.stale();
  }

  /** Recomputes soon, once for every event until then. */
  private stale() {
    if (this.running) {
      this.staleAgain = true;
      return;
    }
    // A long queue takes long to recompute: waiting four times that keeps it under a fifth of
    // the service's time, so the board's own events are never kept waiting behind it.
    this.timer ??= setTimeout(
      () => {
        this.timer = null;
        const started = performance.now();
        this.running = this.recomputeNow().finally(() => {
          this.lastTookMs = performance.now() - started;
          this.running = null;
          if (this.staleAgain) {
            this.staleAgain = false;
            this.stale();
          }
        });
      },
      Math.max(RECOMPUTE_AFTER_MS, 4 * this.lastTookMs),
    );
  }

  private async recomputeNow(now = new Date()): Promise<void> {
    try {
      const snapshot = await this.outbox.transaction((tx) => this.recompute(tx, now));
      if ((await this.settings.get()).autoDispatch) await this.autoDispatch(snapshot, now);
    } catch (error) {
      // The next event (or start) recomputes from the tables again.
      this.logger.error({ msg: 'queue recomputation failed', error: String(error) });
    }
  }

  /** Stores the queue as it stands and announces it when a position, technician or wait moved. */
  async recompute({ manager, emit }: Transaction, now: Date): Promise<Snapshot> {
    await this.queue.lock(manager);
    const snapshot = await this.snapshot(manager, now);
    const installMinutes = await this.installMinutes(manager, now);
    const entries = computeQueue(
      snapshot.jobs,
      snapshot.technicians,
      snapshot.schedules,
      now,
      installMinutes,
    );
    const before = await this.queue.stored(manager);
    if (queueChanged(before, entries)) {
      await this.queue.write(manager, before, entries, now);
      await emit('dispatch.queue.updated', { queue: await this.queue.list(QUEUE_SHOWN, manager) });
    }
    return snapshot;
  }

  /**
   * Each assignment is the lifecycle's own (its transaction, its event), at the version read
   * here: a job that moved meanwhile is refused and left alone, and its event brings the queue
   * back here with the new state. The snapshot may also be older than another replica's
   * assignment: under the technician's lock their open jobs are read again, and one no longer
   * free (by the same rule) is not given the job, which waits for the next recomputation.
   */
  private async autoDispatch({ jobs, technicians, schedules }: Snapshot, now: Date) {
    // What each van holds: read only when auto-dispatch is on, not with every recomputation.
    const vanBatteries = await this.vans.vanBatteries();
    const versions = new Map(jobs.map((j) => [j.id, j.version]));
    const assignments = autoAssignments(jobs, technicians, schedules, now, vanBatteries);
    for (const { appointmentId, technicianId } of assignments) {
      const stillFree = async (manager: EntityManager) => {
        const theirs = await this.queue.openJobsOf(manager, technicianId);
        const checked = [{ id: technicianId }];
        return freeTechnicians(checked, theirs, schedules, now).length > 0;
      };
      try {
        const assigned = await this.lifecycle.assignIfFree(
          appointmentId,
          technicianId,
          AUTO_DISPATCH_ACTOR,
          versions.get(appointmentId),
          stillFree,
        );
        if (!assigned) {
          this.logger.warn({
            msg: 'auto-dispatch skipped a job: its technician is no longer free',
            id: appointmentId,
            technicianId,
          });
        }
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        this.logger.warn({ msg: 'auto-dispatch skipped a job', id: appointmentId, technicianId });
      }
    }
  }

  // One query after another: the transaction's one connection runs one at a time (node-postgres
  // deprecates queuing a query on a client that is still running one).
  private async snapshot(manager: EntityManager, now: Date): Promise<Snapshot> {
    const jobs = await this.queue.queueJobs(manager, businessDate(now));
    const technicians = await this.technicians.listTechnicians(manager);
    const schedules = await this.schedules.allFacts(manager, businessDate(now));
    return { jobs, technicians: technicians.map(toRankingTechnician), schedules };
  }

  /** Today's measured average install once the day has one, else the estimate's. */
  private async installMinutes(manager: EntityManager, now: Date): Promise<number> {
    const day = await this.stats.dayTotals(manager, businessDate(now));
    return day && day.totalInstallCount > 0
      ? day.totalInstallTime / day.totalInstallCount
      : ESTIMATE.installMinutes;
  }
}
