import { AppointmentStatus, GeoPoint, Priority } from '@cincy/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An appointment as booked. Its lifecycle belongs to dispatch; booking follows its status. */
@Entity({ name: 'appointments' })
export class AppointmentEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Null once the customer was deleted (the appointment stays, anonymised, for the hour counts). */
  @Column({ name: 'customer_id', type: 'integer', nullable: true })
  customerId: number | null;

  @Column({ type: 'text' })
  location: string;

  @Column({ name: 'customer_location', type: 'jsonb', nullable: true })
  customerLocation: GeoPoint | null;

  @Column({ type: 'text', nullable: true })
  vehicle: string | null;

  @Column({ name: 'preferred_time', type: 'text', nullable: true })
  preferredTime: string | null;

  @Column({ type: 'text', default: 'normal' })
  priority: Priority;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ type: 'text', default: 'pending' })
  status: AppointmentStatus;

  /** dispatch's version of `status`; see the status-version migration. */
  @Column({ name: 'status_version', type: 'integer', default: 0 })
  statusVersion: number;

  @Column({ name: 'scheduled_time', type: 'text', nullable: true })
  scheduledTime: string | null;

  @Column({ name: 'scheduled_date', type: 'date', nullable: true })
  scheduledDate: string | null;

  @Column({ name: 'scheduled_start_time', type: 'timestamptz', nullable: true })
  scheduledStartTime: Date | null;

  @Column({ name: 'estimated_duration', type: 'integer', default: 60 })
  estimatedDuration: number;

  /** Moves to another hour, counted where booking performs them (the customer's record). */
  @Column({ name: 'move_count', type: 'integer', default: 0 })
  moveCount: number;

  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt: Date;

  /** The client's Idempotency-Key: a repeated request answers this appointment again. */
  @Column({ name: 'idempotency_key', type: 'text', nullable: true })
  idempotencyKey: string | null;

  /** sha256 of the parsed request, so a key sent again with other details is refused. */
  @Column({ name: 'request_fingerprint', type: 'text', nullable: true })
  requestFingerprint: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
