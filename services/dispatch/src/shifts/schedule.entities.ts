import { ShiftRange } from '@cincy/contracts';
import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** One shift of a technician's weekly pattern, in minutes since the business day's midnight. */
@Entity({ name: 'technician_availability' })
export class WeeklyShiftEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'technician_id', type: 'integer' })
  technicianId: number;

  /** 0 = Sunday ... 6 = Saturday. */
  @Column({ type: 'smallint' })
  weekday: number;

  @Column({ name: 'start_minute', type: 'smallint' })
  startMinute: number;

  /** 1440 ends the shift at midnight. */
  @Column({ name: 'end_minute', type: 'smallint' })
  endMinute: number;
}

/** A date's shifts instead of the weekly pattern; no shifts is a day off. */
@Entity({ name: 'technician_availability_exceptions' })
export class ScheduleExceptionEntity {
  @PrimaryColumn({ name: 'technician_id', type: 'integer' })
  technicianId: number;

  /** A business date, 'YYYY-MM-DD'. */
  @PrimaryColumn({ type: 'date' })
  date: string;

  @Column({ type: 'jsonb' })
  shifts: ShiftRange[];
}
