import { SLA_LABELS, slaLevel } from './board-lists.util';

export function SlaBadge({ minutes }: { minutes: number }) {
  const level = slaLevel(minutes);
  return (
    <span
      className={`badge sla-badge sla-${level}`}
      data-sla={level}
      title={`SLA: ${minutes} min since request`}
    >
      {SLA_LABELS[level]}
    </span>
  );
}
