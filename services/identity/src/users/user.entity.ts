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

  /** Where invitations, resets and new-sign-in notices go (issue 38); unique whatever its case. */
  @Column({ type: 'text', nullable: true })
  email: string | null;

  /** The authenticator app's secret (base32); set at setup, in force once `totpEnabledAt`. */
  @Column({ name: 'totp_secret', type: 'text', nullable: true })
  totpSecret: string | null;

  @Column({ name: 'totp_enabled_at', type: 'timestamptz', nullable: true })
  totpEnabledAt: Date | null;

  /** The last accepted code's time step: an older or equal one is a replay. */
  @Column({ name: 'totp_last_step', type: 'bigint', nullable: true })
  totpLastStep: string | null;

  @Column({ name: 'zip_code', type: 'text', nullable: true })
  zipCode: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
