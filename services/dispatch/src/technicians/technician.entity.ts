import { Role } from '@cincy/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Dispatch's copy of identity's staff, from its events: names for job cards, presence for stats. */
@Entity({ name: 'technicians' })
export class TechnicianEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'text' })
  username: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  role: Role;

  /** Since when they are online; null while offline. */
  @Column({ name: 'online_since', type: 'timestamptz', nullable: true })
  onlineSince: Date | null;
}
