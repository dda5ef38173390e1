import type { UserLocation } from '@cincy/contracts';
import { formatLastSeen } from './stats.util';

const ROLE_LABELS: Record<string, string> = { admin: 'Admin', technician: 'Technician' };

/** Who is online now: name, role and last seen, by name. */
export function OnlineTeam({ users, now }: { users: readonly UserLocation[]; now: number }) {
  const online = users
    .filter((u) => u.status === 'online')
    .sort((a, b) => a.name.localeCompare(b.name));
  if (online.length === 0) return <p className="empty-state">No team members currently online</p>;
  return (
    <ul className="team-list">
      {online.map((u) => (
        <li key={u.id} className="team-member" data-testid="team-member">
          <span className="presence-dot" aria-hidden="true" />
          <div className="team-member-text">
            <span className="team-member-name">{u.name}</span>
            <span className="muted team-member-seen">{formatLastSeen(u.lastSeen, now)}</span>
          </div>
          <span className={`role-badge role-${u.role}`}>{ROLE_LABELS[u.role] ?? u.role}</span>
        </li>
      ))}
    </ul>
  );
}
