import { ServiceCode } from '@cincy/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One completed job's timings, written once when the job completes. */
@Entity({ name: 'job_metrics' })
export class JobMetricEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Column({ name: 'appointment_id', type: 'integer', unique: true })
  appointmentId: number;

  /** Accepted. */
  @Column({ name: 'job_start_time', type: 'timestamptz', nullable: true })
  jobStartTime: Date | null;

  /** Completed (the service record's time). */
  @Column({ name: 'job_end_time', type: 'timestamptz' })
  jobEndTime: Date;

  /** Marked on location. */
  @Column({ name: 'arrival_time', type: 'timestamptz', nullable: true })
  arrivalTime: Date | null;

  @Column({ name: 'location_marked_time', type: 'timestamptz', nullable: true })
  locationMarkedTime: Date | null;

  /** Minutes from en route to on location. */
  @Column({ name: 'travel_time', type: 'integer', nullable: true })
  travelTime: number | null;

  /** Minutes from on location to completed: the install time. */
  @Column({ name: 'job_duration', type: 'integer', nullable: true })
  jobDuration: number | null;

  /** What the service record says was done (null for jobs completed before it was kept). */
  @Column({ name: 'service_code', type: 'text', nullable: true })
  serviceCode: ServiceCode | null;

  /** Dollars, the service record's price. */
  // Dollars: repositories read it as a number (`::float8`, ADR 0107).
  @Column({ type: 'numeric', precision: 10, scale: 2, default: 0 })
  price: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
