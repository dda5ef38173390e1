import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'user_sessions' })
export class UserSessionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** SHA-256 of the opaque token; the token itself lives only in the browser's cookie. */
  @Column({ name: 'session_token', type: 'text' })
  sessionToken: string;

  @Column({ name: 'login_time', type: 'timestamptz' })
  loginTime: Date;

  @Column({ name: 'logout_time', type: 'timestamptz', nullable: true })
  logoutTime: Date | null;

  @Column({ name: 'last_activity', type: 'timestamptz' })
  lastActivity: Date;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  @Column({ name: 'total_hours', type: 'numeric', precision: 8, scale: 2, nullable: true })
  totalHours: string | null;

  /** 'mfa' and 'enroll' may only finish signing in (issue 38). */
  @Column({ type: 'text', default: 'full' })
  stage: 'full' | 'mfa' | 'enroll';

  @Column({ name: 'user_agent', type: 'text', default: '' })
  userAgent: string;

  @Column({ type: 'text', default: '' })
  ip: string;

  /** SHA-256 of the browser's device cookie. */
  @Column({ name: 'device_hash', type: 'text', nullable: true })
  deviceHash: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
