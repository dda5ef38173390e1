import { AppointmentStatus, BookedBattery, GeoPoint, JobPayment, Priority } from '@cincy/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Dispatch's own copy of an appointment, filled from booking's events: everything a job card
 * shows (customer name and phone included), so the board never asks another service.
 */
@Entity({ name: 'board_appointments' })
export class BoardAppointmentEntity {
  /** The appointment id booking gave it. */
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'customer_id', type: 'integer' })
  customerId: number;

  /** `CB-7K3Q9`, from booking's event; null for a job copied before references were kept. */
  @Column({ type: 'text', nullable: true })
  reference: string | null;

  @Column({ name: 'customer_name', type: 'text' })
  customerName: string;

  @Column({ name: 'customer_phone', type: 'text' })
  customerPhone: string;

  @Column({ type: 'text' })
  location: string;

  @Column({ name: 'customer_location', type: 'jsonb', nullable: true })
  customerLocation: GeoPoint | null;

  @Column({ type: 'text', nullable: true })
  vehicle: string | null;

  @Column({ name: 'preferred_time', type: 'text', nullable: true })
  preferredTime: string | null;

  @Column({ name: 'scheduled_date', type: 'date', nullable: true })
  scheduledDate: string | null;

  @Column({ name: 'scheduled_time', type: 'text', nullable: true })
  scheduledTime: string | null;

  @Column({ name: 'scheduled_start_time', type: 'timestamptz', nullable: true })
  scheduledStartTime: Date | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ type: 'text' })
  priority: Priority;

  @Column({ type: 'text' })
  status: AppointmentStatus;

  @Column({ name: 'technician_id', type: 'integer', nullable: true })
  technicianId: number | null;

  @Column({ name: 'technician_username', type: 'text', nullable: true })
  technicianUsername: string | null;

  @Column({ name: 'technician_name', type: 'text', nullable: true })
  technicianName: string | null;

  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt: Date;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @Column({ name: 'en_route_at', type: 'timestamptz', nullable: true })
  enRouteAt: Date | null;

  @Column({ name: 'on_location_at', type: 'timestamptz', nullable: true })
  onLocationAt: Date | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  /** Grows with every change, carried in every event, so copies never apply an older state. */
  @Column({ type: 'integer', default: 1 })
  version: number;

  /** Who last handed the job back, why and when; cleared when it is assigned or accepted again. */
  @Column({ name: 'hand_back_by', type: 'text', nullable: true })
  handBackBy: string | null;

  @Column({ name: 'hand_back_reason', type: 'text', nullable: true })
  handBackReason: string | null;

  @Column({ name: 'hand_back_at', type: 'timestamptz', nullable: true })
  handBackAt: Date | null;

  /** Why the customer cancelled, when they said; null otherwise. */
  @Column({ name: 'cancel_reason', type: 'text', nullable: true })
  cancelReason: string | null;

  /** When it reached completed, declined or cancelled; the board keeps only today's closed jobs. */
  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  /** The code the customer tells the technician on arrival (REQUIRE_ARRIVAL_CODE); null: none. */
  @Column({ name: 'arrival_code', type: 'text', nullable: true })
  arrivalCode: string | null;

  /** Wrong codes typed so far; the third lets the arrival through, flagged. */
  @Column({ name: 'arrival_misses', type: 'smallint', default: 0 })
  arrivalMisses: number;

  /** Null until the arrival: true with the right code, false after three wrong ones. */
  @Column({ name: 'arrival_confirmed', type: 'boolean', nullable: true })
  arrivalConfirmed: boolean | null;

  /** The job's invoice as billing last told it; null until it is billed. */
  @Column({ name: 'payment', type: 'jsonb', nullable: true })
  payment: JobPayment;

  /** The battery to bring, as booking matched it from the vehicle; null: check fitment. */
  @Column({ name: 'battery', type: 'jsonb', nullable: true })
  battery: BookedBattery | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
