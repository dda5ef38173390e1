import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Technicians as booking knows them, for slot capacity: a copy of identity's users with the
 * technician role, kept from identity's events.
 */
@Entity({ name: 'technicians' })
export class TechnicianEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** identity's user id, the key the events carry. */
  @Column({ name: 'user_id', type: 'integer', nullable: true, unique: true })
  userId: number | null;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'employee_id', type: 'text' })
  employeeId: string;

  @Column({ type: 'text', default: 'available' })
  status: string;

  @Column({ name: 'current_location', type: 'text', nullable: true })
  currentLocation: string | null;
}
