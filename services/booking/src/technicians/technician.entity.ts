import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Technicians as booking knows them (spec's technicians entity), for slot capacity. Identity owns
 * users; this copy stays empty until identity emits user events that fill it (see docs/decisions.md).
 */
@Entity({ name: 'technicians' })
export class TechnicianEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** identity's user id, the key the events will carry. */
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
