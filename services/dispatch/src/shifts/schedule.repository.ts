import {
  EventPayload,
  Role,
  SHIFT_BOUND_STATUSES,
  SHIFT_HORIZON_DAYS,
  ScheduleFacts,
  ShiftBoundJob,
  ShiftRange,
  StrandedJob,
  WeeklyShift,
  addDays,
  businessDate,
  formatShiftTime,
  shiftMinutes,
} from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** Who a schedule belongs to, from dispatch's copy of the staff. */
export interface StaffMember {
  id: number;
  name: string;
  role: Role;
}

/** A weekly shift's row, and a date exception's (its date as text). */
interface WeeklyShiftRow {
  technician_id: number;
  weekday: number;
  start_minute: number;
  end_minute: number;
}
interface ExceptionRow {
  technician_id: number;
  date: string;
  shifts: ShiftRange[];
}

/** A schedule as the events carry it. */
export type Schedule = EventPayload<'dispatch.schedule.changed'>['schedule'];

const emptyFacts = (technicianId: number): Schedule => ({
  technicianId,
  weekly: [],
  exceptions: [],
});

/**
 * Every statement on the technicians' schedules (weekly pattern and date exceptions). It reads the
 * `technicians` copy by SQL rather than through that module, which itself depends on this one.
 */
@Injectable()
export class ScheduleRepository {
  /** The staff member, their row locked so changes to one schedule take turns; null if unknown. */
  async lockStaffMember(manager: EntityManager, id: number): Promise<StaffMember | null> {
    const [row]: StaffMember[] = await manager.query(
      'SELECT user_id AS id, name, role FROM technicians WHERE user_id = $1 FOR UPDATE',
      [id],
    );
    return row ?? null;
  }

  /** The staff member without a lock (a preview that changes nothing); null if unknown. */
  async staffMember(manager: EntityManager, id: number): Promise<StaffMember | null> {
    const [row]: StaffMember[] = await manager.query(
      'SELECT user_id AS id, name, role FROM technicians WHERE user_id = $1',
      [id],
    );
    return row ?? null;
  }

  /**
   * The technician's jobs a schedule can strand (ADR 0102): assigned or accepted, booked for a day
   * from `today` on, soonest first. Read from the board's copy by SQL, as the staff are.
   */
  shiftBoundJobs(
    manager: EntityManager,
    technicianId: number,
    today: string,
  ): Promise<(ShiftBoundJob & StrandedJob)[]> {
    return manager.query(
      `SELECT id, reference, customer_name AS "customerName", status,
              preferred_time AS "preferredTime", to_char(scheduled_date, 'YYYY-MM-DD') AS "scheduledDate",
              scheduled_time AS "scheduledTime", technician_id AS "technicianId"
         FROM board_appointments
        WHERE technician_id = $1 AND status = ANY($2) AND scheduled_date >= $3
        ORDER BY scheduled_date, scheduled_time, id`,
      [technicianId, SHIFT_BOUND_STATUSES, today],
    );
  }

  /** Every technician by name, for the schedule screen. */
  technicians(manager: EntityManager): Promise<StaffMember[]> {
    return manager.query(
      `SELECT user_id AS id, name, role FROM technicians
        WHERE role = 'technician' ORDER BY name, user_id`,
    );
  }

  /**
   * The schedule of every technician (role technician in dispatch's copy of the staff), with the
   * exceptions from `today` to the horizon; a technician without one has an empty schedule.
   */
  async allFacts(manager: EntityManager, today = businessDate()): Promise<ScheduleFacts[]> {
    const ids: { user_id: number }[] = await manager.query(
      "SELECT user_id FROM technicians WHERE role = 'technician' ORDER BY user_id",
    );
    return this.factsOfMany(
      manager,
      ids.map((r) => r.user_id),
      today,
    );
  }

  async factsOf(
    manager: EntityManager,
    technicianId: number,
    today = businessDate(),
  ): Promise<Schedule> {
    const [facts] = await this.factsOfMany(manager, [technicianId], today);
    return facts;
  }

  private async factsOfMany(
    manager: EntityManager,
    technicianIds: number[],
    today: string,
  ): Promise<Schedule[]> {
    if (technicianIds.length === 0) return [];
    const byId = new Map(technicianIds.map((id) => [id, emptyFacts(id)]));
    const weekly: WeeklyShiftRow[] = await manager.query(
      `SELECT technician_id, weekday, start_minute, end_minute FROM technician_availability
        WHERE technician_id = ANY($1) ORDER BY weekday, start_minute`,
      [technicianIds],
    );
    for (const row of weekly) {
      byId.get(row.technician_id)!.weekly.push({
        weekday: row.weekday,
        start: formatShiftTime(row.start_minute),
        end: formatShiftTime(row.end_minute),
      });
    }
    const exceptions: ExceptionRow[] = await manager.query(
      `SELECT technician_id, date::text AS date, shifts FROM technician_availability_exceptions
        WHERE technician_id = ANY($1) AND date BETWEEN $2 AND $3 ORDER BY date`,
      [technicianIds, today, addDays(today, SHIFT_HORIZON_DAYS)],
    );
    for (const row of exceptions) {
      byId.get(row.technician_id)!.exceptions.push({ date: row.date, shifts: row.shifts });
    }
    return [...byId.values()];
  }

  /** Replaces the technician's whole weekly pattern. */
  async replaceWeekly(
    manager: EntityManager,
    technicianId: number,
    shifts: readonly WeeklyShift[],
  ): Promise<void> {
    await manager.query('DELETE FROM technician_availability WHERE technician_id = $1', [
      technicianId,
    ]);
    if (shifts.length === 0) return;
    await manager.query(
      `INSERT INTO technician_availability (technician_id, weekday, start_minute, end_minute)
       SELECT $1::int, * FROM unnest($2::smallint[], $3::smallint[], $4::smallint[])`,
      [
        technicianId,
        shifts.map((s) => s.weekday),
        shifts.map((s) => shiftMinutes(s.start)!),
        shifts.map((s) => shiftMinutes(s.end)!),
      ],
    );
  }

  async setException(
    manager: EntityManager,
    technicianId: number,
    date: string,
    shifts: readonly ShiftRange[],
  ): Promise<void> {
    const sorted = [...shifts]
      .map(({ start, end }) => ({ start, end }))
      .sort((a, b) => shiftMinutes(a.start)! - shiftMinutes(b.start)!);
    await manager.query(
      `INSERT INTO technician_availability_exceptions (technician_id, date, shifts)
       VALUES ($1, $2, $3)
       ON CONFLICT (technician_id, date) DO UPDATE SET shifts = EXCLUDED.shifts`,
      [technicianId, date, JSON.stringify(sorted)],
    );
  }

  async clearException(manager: EntityManager, technicianId: number, date: string): Promise<void> {
    await manager.query(
      'DELETE FROM technician_availability_exceptions WHERE technician_id = $1 AND date = $2',
      [technicianId, date],
    );
  }

  /** Past dates matter to nobody (events carry from today on): kept tidy on each change. */
  async dropPastExceptions(manager: EntityManager, technicianId: number, today: string) {
    await manager.query(
      'DELETE FROM technician_availability_exceptions WHERE technician_id = $1 AND date < $2',
      [technicianId, today],
    );
  }

  /**
   * The technician's schedule's next number, for the event that announces it: one more than the
   * last, whichever transaction asks (the row's lock makes two take turns).
   */
  async nextVersion(manager: EntityManager, technicianId: number): Promise<number> {
    const [{ version }]: { version: number }[] = await manager.query(
      `INSERT INTO schedule_versions (technician_id, version) VALUES ($1, 1)
       ON CONFLICT (technician_id) DO UPDATE SET version = schedule_versions.version + 1
       RETURNING version`,
      [technicianId],
    );
    return version;
  }

  /** Forgets the technician's schedule; true when there was one. */
  async removeAll(manager: EntityManager, technicianId: number): Promise<boolean> {
    const weekly: unknown[] = await manager.query(
      'DELETE FROM technician_availability WHERE technician_id = $1 RETURNING id',
      [technicianId],
    );
    const dates: unknown[] = await manager.query(
      `DELETE FROM technician_availability_exceptions WHERE technician_id = $1
       RETURNING technician_id`,
      [technicianId],
    );
    return weekly.length > 0 || dates.length > 0;
  }
}
