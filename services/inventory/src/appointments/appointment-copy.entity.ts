import { AppointmentStatus } from '@cincy/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * What inventory knows of a job, from booking's request and dispatch's events: who works it, for
 * whom, and where it stands.
 */
@Entity({ name: 'appointments' })
export class AppointmentCopyEntity {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'customer_id', type: 'integer' })
  customerId: number;

  @Column({ type: 'text' })
  status: AppointmentStatus;

  @Column({ name: 'technician_id', type: 'integer', nullable: true })
  technicianId: number | null;

  @Column({ name: 'technician_username', type: 'text', nullable: true })
  technicianUsername: string | null;

  @Column({ name: 'technician_name', type: 'text', nullable: true })
  technicianName: string | null;

  /** dispatch's version of the job: an older event never overwrites a newer state. */
  @Column({ type: 'integer' })
  version: number;
}
