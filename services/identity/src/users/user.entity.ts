import { GeoPoint, Role, UserStatus } from '@cincy/contracts';
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

  /** Set automatically: online on login and heartbeat, offline on logout or silence. */
  @Column({ type: 'text', default: 'available' })
  status: UserStatus;

  @Column({ name: 'current_location', type: 'jsonb', nullable: true })
  currentLocation: GeoPoint | null;

  /** The last login, heartbeat or position: how the sweep tells who went silent. */
  @Column({ name: 'last_seen', type: 'timestamptz', nullable: true })
  lastSeen: Date | null;

  /** When the position was last stored; reports closer together than 30 s are not stored. */
  @Column({ name: 'location_updated_at', type: 'timestamptz', nullable: true })
  locationUpdatedAt: Date | null;

  @Column({ name: 'zip_code', type: 'text', nullable: true })
  zipCode: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
