import {
  Actor,
  ERROR_CODES,
  SHIFT_HORIZON_DAYS,
  SHIFT_MESSAGES,
  ScheduleFacts,
  ShiftImpact,
  ShiftRange,
  TechnicianSchedule,
  WeeklyShift,
  addDays,
  businessDate,
  cutShiftsAt,
  isOnShift,
  isOutsideShift,
  shiftsOn,
} from '@cincy/contracts';
import { DomainError, Outbox, Transaction } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Schedule, ScheduleRepository, StaffMember } from './schedule.repository';

export const TECHNICIAN_NOT_FOUND = 'Technician not found';

const view = (
  member: Pick<StaffMember, 'name'>,
  facts: ScheduleFacts,
  now: Date,
): TechnicianSchedule => ({
  technicianId: facts.technicianId,
  name: member.name,
  weekly: [...facts.weekly],
  exceptions: [...facts.exceptions],
  today: shiftsOn(facts, businessDate(now)),
  onShiftNow: isOnShift(facts, now),
});

/**
 * Who works when. Each change locks the technician's row (changes to one schedule take turns) and
 * announces the technician's whole schedule in the same transaction, so every copy (booking's hour
 * grid) replaces rather than patches.
 */
@Injectable()
export class ShiftsService {
  constructor(
    private readonly schedules: ScheduleRepository,
    private readonly outbox: Outbox,
    private readonly dataSource: DataSource,
  ) {}

  async list(now = new Date()): Promise<TechnicianSchedule[]> {
    const manager = this.dataSource.manager;
    const today = businessDate(now);
    const [technicians, facts] = await Promise.all([
      this.schedules.technicians(manager),
      this.schedules.allFacts(manager, today),
    ]);
    const byId = new Map(facts.map((f) => [f.technicianId, f]));
    return technicians.map((t) =>
      view(t, byId.get(t.id) ?? { technicianId: t.id, weekly: [], exceptions: [] }, now),
    );
  }

  setWeekly(technicianId: number, shifts: WeeklyShift[], now = new Date()) {
    return this.change(technicianId, now, (manager) =>
      this.schedules.replaceWeekly(manager, technicianId, shifts),
    );
  }

  setDate(technicianId: number, date: string, shifts: ShiftRange[], now = new Date()) {
    refuseDateOutsideHorizon(date, now);
    return this.change(technicianId, now, (manager) =>
      this.schedules.setException(manager, technicianId, date, shifts),
    );
  }

  clearDate(technicianId: number, date: string, now = new Date()) {
    refuseDateOutsideHorizon(date, now);
    return this.change(technicianId, now, (manager) =>
      this.schedules.clearException(manager, technicianId, date),
    );
  }

  /** What `setWeekly` with these shifts would strand (ADR 0102); saves nothing. */
  weeklyImpact(technicianId: number, shifts: WeeklyShift[], now = new Date()) {
    return this.impact(technicianId, now, (facts) => ({ ...facts, weekly: shifts }));
  }

  /** What `setDate` with these shifts would strand (ADR 0102); saves nothing. */
  dateImpact(technicianId: number, date: string, shifts: ShiftRange[], now = new Date()) {
    refuseDateOutsideHorizon(date, now);
    return this.impact(technicianId, now, (facts) => ({
      ...facts,
      exceptions: [...facts.exceptions.filter((e) => e.date !== date), { date, shifts }],
    }));
  }

  /**
   * The technician's assigned and accepted jobs the changed schedule leaves outside their shifts
   * that the current one covers: what saving would newly strand, so the screen can warn first
   * (a job already outside is marked on the board and the Day View whatever is saved).
   */
  private async impact(
    technicianId: number,
    now: Date,
    change: (facts: ScheduleFacts) => ScheduleFacts,
  ): Promise<ShiftImpact> {
    const manager = this.dataSource.manager;
    const today = businessDate(now);
    const member = await this.schedules.staffMember(manager, technicianId);
    refuseNonTechnician(member);
    const [before, jobs] = await Promise.all([
      this.schedules.allFacts(manager, today),
      this.schedules.shiftBoundJobs(manager, technicianId, today),
    ]);
    const own = before.find((f) => f.technicianId === technicianId) ?? emptyFacts(technicianId);
    const after = [...before.filter((f) => f.technicianId !== technicianId), change(own)];
    const stranded = jobs.filter((j) => isOutsideShift(j, after) && !isOutsideShift(j, before));
    return {
      jobs: stranded.map(
        ({ id, reference, customerName, status, scheduledDate, scheduledTime }) => ({
          id,
          reference,
          customerName,
          status,
          scheduledDate,
          scheduledTime,
        }),
      ),
    };
  }

  /**
   * "Go off shift" from the technician's phone: today's shifts end now (one not yet begun is
   * dropped), kept as today's exception so the weekly pattern is untouched for next week.
   */
  async offShift(actor: Actor, now = new Date()): Promise<TechnicianSchedule> {
    const today = businessDate(now);
    return this.outbox.transaction(async ({ manager, emit }) => {
      const member = await this.schedules.lockStaffMember(manager, actor.id);
      if (!member) throw new DomainError(ERROR_CODES.notFound, TECHNICIAN_NOT_FOUND);
      const before = await this.schedules.factsOf(manager, actor.id, today);
      if (member.role !== 'technician' || !isOnShift(before, now)) {
        throw new DomainError(ERROR_CODES.conflict, SHIFT_MESSAGES.notOnShift);
      }
      const left = cutShiftsAt(shiftsOn(before, today), now);
      await this.schedules.setException(manager, actor.id, today, left);
      const facts = await this.announce(manager, emit, actor.id, today);
      // The cut ends at the next whole minute; the technician asked to be off shift from now.
      return { ...view(member, facts, now), onShiftNow: false };
    });
  }

  /**
   * The staff member is no longer a technician (deleted, or another role): their schedule goes,
   * and every copy is told with an empty one. In the caller's transaction (identity's event).
   */
  async forget({ manager, emit }: Transaction, technicianId: number): Promise<void> {
    await this.schedules.removeAll(manager, technicianId);
    await emit('dispatch.schedule.changed', {
      schedule: { technicianId, weekly: [], exceptions: [] },
      version: await this.schedules.nextVersion(manager, technicianId),
    });
  }

  private change(
    technicianId: number,
    now: Date,
    write: (manager: EntityManager) => Promise<void>,
  ): Promise<TechnicianSchedule> {
    const today = businessDate(now);
    return this.outbox.transaction(async ({ manager, emit }) => {
      const member = refuseNonTechnician(
        await this.schedules.lockStaffMember(manager, technicianId),
      );
      await write(manager);
      await this.schedules.dropPastExceptions(manager, technicianId, today);
      return view(member, await this.announce(manager, emit, technicianId, today), now);
    });
  }

  private async announce(
    manager: EntityManager,
    emit: Transaction['emit'],
    technicianId: number,
    today: string,
  ): Promise<Schedule> {
    const schedule = await this.schedules.factsOf(manager, technicianId, today);
    const version = await this.schedules.nextVersion(manager, technicianId);
    await emit('dispatch.schedule.changed', { schedule, version });
    return schedule;
  }
}

const emptyFacts = (technicianId: number): ScheduleFacts => ({
  technicianId,
  weekly: [],
  exceptions: [],
});

/** Only a technician works shifts: 404 for nobody, 400 for another role. */
function refuseNonTechnician(member: StaffMember | null): StaffMember {
  if (!member) throw new DomainError(ERROR_CODES.notFound, TECHNICIAN_NOT_FOUND);
  if (member.role !== 'technician') {
    throw new DomainError(ERROR_CODES.validation, SHIFT_MESSAGES.notTechnician, {
      technicianId: SHIFT_MESSAGES.notTechnician,
    });
  }
  return member;
}

/** Exceptions are kept from today to the horizon: an older date changes nothing any more. */
function refuseDateOutsideHorizon(date: string, now: Date): void {
  const today = businessDate(now);
  const last = addDays(today, SHIFT_HORIZON_DAYS);
  const real = !Number.isNaN(Date.parse(`${date}T12:00:00Z`)) && addDays(date, 0) === date;
  if (!real || date < today || date > last) {
    const message = `Choose a date from ${today} to ${last}.`;
    throw new DomainError(ERROR_CODES.validation, message, { date: message });
  }
}
