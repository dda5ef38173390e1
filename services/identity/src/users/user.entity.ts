import { Role } from '@cincy/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  username: string;

  /** argon2id hash; never leaves this service. */
  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @Column({ type: 'text', default: 'technician' })
  role: Role;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'employee_id', type: 'text', nullable: true })
  employeeId: string | null;

  @Column({ type: 'text', default: 'available' })
  status: string;

  @Column({ name: 'current_location', type: 'jsonb', nullable: true })
  currentLocation: { lat: number; lng: number } | null;

  @Column({ name: 'zip_code', type: 'text', nullable: true })
  zipCode: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
