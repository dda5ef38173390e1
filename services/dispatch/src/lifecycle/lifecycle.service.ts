import {
  Actor,
  AppointmentStatus,
  DOOR_RECORD_MESSAGES,
  DashboardAppointment,
  ERROR_CODES,
  EventEnvelope,
  Refusal,
  STEPS,
  ServiceRecord,
  ServiceRecordInput,
  Step,
  TRACKING_MESSAGES,
  TrackingFacts,
  checkArrivalCode,
  checkAssign,
  checkHandBack,
  checkMove,
  checkStatusChange,
  checkUnassign,
  missingTest,
  stepInstant,
} from '@cincy/contracts';
import {
  AppLogger,
  DomainError,
  EventConsumers,
  InjectEnv,
  Outbox,
  RpcCallError,
  requestKey,
  RpcClient,
  Transaction,
} from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DISPATCH_ENV, DispatchEnv } from '../config';
import { BatteryTestsRepository, PhotosRepository } from '../door-records';
import { BoardAppointmentEntity, BoardRepository } from '../board';
import { ReportsService } from '../reports';
import { StatsService } from '../stats';
import { TechniciansRepository } from '../technicians';
import { TrackingService } from '../tracking';
import { checkCustomerCancel } from './customer-cancel';

const STAMPS: Record<Step, 'acceptedAt' | 'enRouteAt' | 'onLocationAt'> = {
  accepted: 'acceptedAt',
  en_route: 'enRouteAt',
  on_location: 'onLocationAt',
};

export const DECLINED_MESSAGE = 'The appointment has been declined successfully.';
export const OTHER_CUSTOMER_MESSAGE = 'This appointment belongs to another customer.';
export const NOT_A_TECHNICIAN_MESSAGE = 'Choose a technician: only technicians take jobs.';

/**
 * Every move of a job on the board: the technician's steps, a decline, and the completion. Each
 * runs in one transaction with the job's row locked, so two callers never both win, decides with
 * the lifecycle table of the contracts on this live row, and announces the new state in the same
 * transaction.
 */
@Injectable()
export class LifecycleService implements OnModuleInit {
  constructor(
    private readonly board: BoardRepository,
    private readonly outbox: Outbox,
    private readonly consumers: EventConsumers,
    private readonly stats: StatsService,
    private readonly inventory: RpcClient,
    private readonly logger: AppLogger,
    private readonly technicians: TechniciansRepository,
    private readonly tracking: TrackingService,
    private readonly reports: ReportsService,
    private readonly batteryTests: BatteryTestsRepository,
    private readonly photos: PhotosRepository,
    @InjectEnv(DISPATCH_ENV) private readonly env: Pick<DispatchEnv, 'REQUIRE_SIGNATURE'>,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('dispatch-completions', (event, tx) => this.recorded(event, tx));
  }

  /**
   * A technician's step (accept, on my way, arrived), once per Idempotency-Key, stamped with the
   * time the phone recorded when it was sent later from its outbox (`stepInstant`).
   */
  async changeStatus(
    id: number,
    to: AppointmentStatus,
    actor: Actor,
    { occurredAt, idempotencyKey, arrivalCode }: SentStep = {},
  ): Promise<DashboardAppointment> {
    const asked = { step: 'change-status', id, to, occurredAt, arrivalCode };
    const key = requestKey(idempotencyKey, asked, actor.id);
    const answer = await this.outbox.transactionOnce(key, async (tx) => {
      const { manager, emit } = tx;
      if (to === 'accepted') await this.board.lockTechnician(manager, actor.id);
      const job = await this.lockJob(manager, id);
      const activeJobId =
        to === 'accepted' ? await this.board.activeJobOf(manager, actor.id, id) : null;
      const now = new Date();
      refuseIf(checkStatusChange(job, to, actor, { now, activeJobId }));
      if (to === 'on_location') {
        const arrival = checkArrivalCode(job, arrivalCode, actor);
        if (arrival.outcome === 'wrong') {
          // The miss must count: it is kept, and the refusal given once the transaction is done.
          await this.board.countArrivalMiss(manager, id);
          return { wrongArrivalCode: arrival.message };
        }
        if (arrival.outcome !== 'not-asked') {
          job.arrivalConfirmed = arrival.outcome === 'confirmed';
          if (!job.arrivalConfirmed) job.arrivalMisses += 1;
        }
      }
      const at = stepAt(occurredAt, now, job);
      const step = to as Step;
      if (step === 'accepted') {
        setTechnician(job, { id: actor.id, username: actor.username, name: actor.name });
        clearHandBack(job);
      }
      job.status = step;
      job[STAMPS[step]] = at;
      const appointment = await this.board.save(manager, job, now);
      await emit(STEPS[step].event, { appointment });
      return appointment;
    });
    if ('wrongArrivalCode' in answer) {
      const message = answer.wrongArrivalCode;
      throw new DomainError(ERROR_CODES.validation, message, { arrivalCode: message });
    }
    return answer;
  }

  /**
   * A dispatcher gives the job to a technician, or to another one. `expectedVersion` is the version
   * the dispatcher saw: if the job changed since (another dispatcher got there first), the
   * refusal names who has it, instead of silently taking it from them.
   */
  async assign(
    id: number,
    technicianId: number,
    actor: Actor,
    expectedVersion?: number,
  ): Promise<DashboardAppointment> {
    return this.outbox.transaction((tx) =>
      this.assignIn(tx, id, technicianId, actor, expectedVersion),
    );
  }

  /**
   * Auto-dispatch's assignment: `assign`, only while `stillFree` holds for the technician. It is
   * decided under the technician's lock, taken first as an accept takes it (before the job's row),
   * so two replicas assigning from snapshots a moment apart never both give them a job: the second
   * reads the first's. Null when they were no longer free: nothing changed, the job waits for the
   * next recomputation.
   */
  async assignIfFree(
    id: number,
    technicianId: number,
    actor: Actor,
    expectedVersion: number | undefined,
    stillFree: (manager: EntityManager) => Promise<boolean>,
  ): Promise<DashboardAppointment | null> {
    return this.outbox.transaction(async (tx) => {
      await this.board.lockTechnician(tx.manager, technicianId);
      if (!(await stillFree(tx.manager))) return null;
      return this.assignIn(tx, id, technicianId, actor, expectedVersion);
    });
  }

  private async assignIn(
    { manager, emit }: Transaction,
    id: number,
    technicianId: number,
    actor: Actor,
    expectedVersion?: number,
  ): Promise<DashboardAppointment> {
    const technician = await this.technicians.findOne(manager, technicianId);
    if (!technician || technician.role !== 'technician') {
      throw new DomainError(ERROR_CODES.validation, NOT_A_TECHNICIAN_MESSAGE, {
        technicianId: NOT_A_TECHNICIAN_MESSAGE,
      });
    }
    const job = await this.lockJob(manager, id);
    refuseIf(checkAssign(job, expectedVersion));
    job.status = 'assigned';
    setTechnician(job, {
      id: technician.userId,
      username: technician.username,
      name: technician.name,
    });
    clearHandBack(job);
    const appointment = await this.board.save(manager, job);
    await emit('dispatch.appointment.assigned', { appointment });
    this.logger.log({ msg: 'job assigned', id, technicianId, by: actor.id });
    return appointment;
  }

  /** A dispatcher takes an assigned job back into the open pool. */
  async unassign(id: number, actor: Actor): Promise<DashboardAppointment> {
    return this.outbox.transaction(async ({ manager, emit }) => {
      const job = await this.lockJob(manager, id);
      refuseIf(checkUnassign(job));
      job.status = 'pending';
      setTechnician(job, null);
      const appointment = await this.board.save(manager, job);
      await emit('dispatch.appointment.unassigned', { appointment });
      this.logger.log({ msg: 'job unassigned', id, by: actor.id });
      return appointment;
    });
  }

  /**
   * The technician gives back a job assigned to them or accepted, until they set out; the board
   * shows why. It is open again as if nobody had taken it.
   */
  async handBack(
    id: number,
    reason: string,
    actor: Actor,
    idempotencyKey?: string,
  ): Promise<DashboardAppointment> {
    const asked = { step: 'hand-back', id, reason };
    return this.outbox.transactionOnce(requestKey(idempotencyKey, asked, actor.id), async (tx) => {
      const { manager, emit } = tx;
      const job = await this.lockJob(manager, id);
      refuseIf(checkHandBack(job, actor));
      const now = new Date();
      job.status = 'pending';
      job.acceptedAt = null;
      setTechnician(job, null);
      job.handBackBy = actor.name;
      job.handBackReason = reason;
      job.handBackAt = now;
      const appointment = await this.board.save(manager, job, now);
      await emit('dispatch.appointment.unassigned', { appointment });
      return appointment;
    });
  }

  async decline(id: number): Promise<{ message: string; appointment: DashboardAppointment }> {
    return this.outbox.transaction(async ({ manager, emit }) => {
      const job = await this.lockJob(manager, id);
      const now = new Date();
      refuseIf(checkMove(job, 'declined', { id: 0, role: 'admin' }, { now }));
      job.status = 'declined';
      job.closedAt = now;
      const appointment = await this.board.save(manager, job, now);
      await this.reports.jobClosed(manager, job);
      await emit('dispatch.appointment.declined', { appointment });
      return { message: DECLINED_MESSAGE, appointment };
    });
  }

  /**
   * The customer cancels their visit from its page (or staff for them), until the technician sets
   * out. The job closes
   * (a technician who had it is free again: it no longer counts as their job), and the answer is
   * the page's new view, read in the same transaction.
   */
  async cancel(id: number, reason: string | null): Promise<TrackingFacts> {
    return this.outbox.transaction(async ({ manager, emit }) => {
      const job = await this.board.lock(manager, id);
      if (!job) throw new DomainError(ERROR_CODES.notFound, TRACKING_MESSAGES.notFound);
      refuseIf(checkCustomerCancel(job.status));
      const now = new Date();
      job.status = 'cancelled';
      job.closedAt = now;
      job.cancelReason = reason;
      const appointment = await this.board.save(manager, job, now);
      await this.reports.jobClosed(manager, job);
      await emit('dispatch.appointment.cancelled', { appointment });
      // The id only: the reason is the customer's own words.
      this.logger.log({ msg: 'job cancelled', id });
      return this.tracking.factsOf(manager, job);
    });
  }

  /**
   * Complete Job. Decided here, on the live row, which stays locked while inventory records the
   * service and takes the battery (its own transaction); the job closes in this transaction once
   * inventory has answered. Inventory down or refusing: nothing is written anywhere. If this
   * process dies after inventory committed, `recorded` closes the job from inventory's event.
   */
  async complete(
    { occurredAt, ...record }: ServiceRecordInput,
    actor: Actor,
    idempotencyKey?: string,
  ): Promise<ServiceRecord> {
    const asked = { step: 'complete', record, occurredAt };
    return this.outbox.transactionOnce(requestKey(idempotencyKey, asked, actor.id), async (tx) => {
      const job = await this.lockJob(tx.manager, record.appointmentId);
      if (job.customerId !== record.customerId) {
        throw new DomainError(ERROR_CODES.validation, OTHER_CUSTOMER_MESSAGE, {
          customerId: OTHER_CUSTOMER_MESSAGE,
        });
      }
      const now = new Date();
      refuseIf(checkMove(job, 'completed', actor, { now }));
      const completedAt = stepAt(occurredAt, now, job).toISOString();
      // The evidence the service stands on (a warranty on a failing test): taken before this.
      const batteryTests = await this.batteryTests.ofJob(tx.manager, job.id);
      const missing = missingTest(record.serviceCode, batteryTests);
      if (missing) throw new DomainError(ERROR_CODES.validation, missing, { serviceCode: missing });
      if (
        this.env.REQUIRE_SIGNATURE &&
        record.serviceCode !== 'no_service' &&
        !(await this.photos.hasSignature(tx.manager, job.id))
      )
        throw new DomainError(ERROR_CODES.validation, DOOR_RECORD_MESSAGES.signatureNeeded);
      const serviceRecord = await this.inventory
        .call('inventory.service-records.record', {
          record,
          batteryTests,
          completedAt,
          technician: {
            id: job.technicianId,
            name: job.technicianName ?? job.technicianUsername,
          },
          customer: { name: job.customerName, phone: job.customerPhone },
          actor,
        })
        .catch((error: unknown) => {
          // Inventory's refusal (or absence) is this call's answer, with its code and fields.
          if (error instanceof RpcCallError) {
            const { code, message, fieldErrors } = error.body;
            throw new DomainError(code as never, message, fieldErrors);
          }
          throw error;
        });
      await this.close(tx, job, serviceRecord);
      return serviceRecord;
    });
  }

  /**
   * Inventory saved a job's service record. Normally `complete` closed the job already and this
   * changes nothing; after a crash between inventory's commit and ours it closes the job, so the
   * record and the board never disagree for long. A second delivery changes nothing either.
   */
  async recorded(
    event: EventEnvelope<'inventory.service-record.created'>,
    tx: Transaction,
  ): Promise<void> {
    const record = event.payload.serviceRecord;
    const job = await this.board.lock(tx.manager, record.appointmentId);
    if (!job) {
      this.logger.warn({ msg: 'service record for an unknown job', id: record.appointmentId });
      return;
    }
    if (job.status === 'completed') return;
    this.logger.warn({ msg: 'job closed from its record', id: job.id, status: job.status });
    await this.close(tx, job, record);
  }

  /** The job is done: its timings and price kept, the day's counts and the board told. */
  private async close(tx: Transaction, job: BoardAppointmentEntity, record: ServiceRecord) {
    const completedAt = new Date(record.completedAt);
    await this.reports.closing(tx.manager, completedAt);
    job.status = 'completed';
    job.completedAt = completedAt;
    job.closedAt = completedAt;
    await this.stats.recordCompletion(tx.manager, job, record, completedAt);
    const appointment = await this.board.save(tx.manager, job, new Date());
    await this.reports.jobClosed(tx.manager, job);
    await tx.emit('dispatch.appointment.completed', { appointment });
    await this.stats.announce(tx);
  }

  private async lockJob(manager: EntityManager, id: number): Promise<BoardAppointmentEntity> {
    const job = await this.board.lock(manager, id);
    if (!job) throw new DomainError(ERROR_CODES.notFound, 'Appointment not found');
    return job;
  }
}

function setTechnician(
  job: BoardAppointmentEntity,
  technician: { id: number; username: string; name: string } | null,
): void {
  job.technicianId = technician?.id ?? null;
  job.technicianUsername = technician?.username ?? null;
  job.technicianName = technician?.name ?? null;
}

/** Someone has the job again: the last hand-back no longer needs the board's attention. */
function clearHandBack(job: BoardAppointmentEntity): void {
  job.handBackBy = null;
  job.handBackReason = null;
  job.handBackAt = null;
}

/** What a phone sends with a step from its outbox (issue 34). */
interface SentStep {
  occurredAt?: string;
  idempotencyKey?: string;
  arrivalCode?: string;
}

/** The job's latest step so far: no step is recorded before it. */
function latestStep(job: BoardAppointmentEntity): Date {
  const steps = [job.requestedAt, job.acceptedAt, job.enRouteAt, job.onLocationAt];
  return new Date(Math.max(...steps.flatMap((at) => (at ? [at.getTime()] : []))));
}

/** The instant to record a step at: the phone's time when it sent one, else now. */
function stepAt(occurredAt: string | undefined, now: Date, job: BoardAppointmentEntity): Date {
  const decided = stepInstant(occurredAt ? new Date(occurredAt) : undefined, now, latestStep(job));
  if ('refusal' in decided) throw refusalError(decided.refusal);
  return decided.at;
}

const refusalError = (refusal: Refusal) =>
  new DomainError(refusal.code, refusal.message, refusal.fieldErrors);

function refuseIf(refusal: Refusal | null): void {
  if (refusal) throw refusalError(refusal);
}
