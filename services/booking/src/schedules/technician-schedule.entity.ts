import type { DateShifts, WeeklyShift } from '@cincy/contracts';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** What booking keeps of a technician's schedule (`facts`: the weekly pattern and exceptions). */
export interface ScheduleFactsColumn {
  weekly: WeeklyShift[];
  exceptions: DateShifts[];
}

/**
 * Each technician's schedule as dispatch last announced it, for an hour's capacity: a copy kept
 * from `dispatch.schedule.changed`. A technician without shifts has no row.
 */
@Entity({ name: 'technician_schedules' })
export class TechnicianScheduleEntity {
  /** identity's user id, as dispatch names the technician. */
  @PrimaryColumn({ name: 'technician_id', type: 'integer' })
  technicianId: number;

  @Column({ type: 'jsonb' })
  facts: ScheduleFactsColumn;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
