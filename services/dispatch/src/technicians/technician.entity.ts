import { RankingTechnician, Role } from '@cincy/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Dispatch's copy of identity's staff, from its events: names for job cards, presence for stats,
 * the last reported position for suggestions.
 */
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

  /** The last position the technician's phone reported (presence events), and when. */
  @Column({ name: 'last_lat', type: 'double precision', nullable: true })
  lastLat: number | null;

  @Column({ name: 'last_lng', type: 'double precision', nullable: true })
  lastLng: number | null;

  @Column({ name: 'last_position_at', type: 'timestamptz', nullable: true })
  lastPositionAt: Date | null;
}

/** A technician as the ranking and the queue see them: who, and where last seen. */
export function toRankingTechnician(t: TechnicianEntity): RankingTechnician {
  return {
    id: t.userId,
    name: t.name,
    position: t.lastLat !== null && t.lastLng !== null ? { lat: t.lastLat, lng: t.lastLng } : null,
  };
}
