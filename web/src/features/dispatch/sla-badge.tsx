import { SLA_LABELS, slaLevel, slaMinutes, type SlaTimes } from '@cincy/contracts';

/** The job's SLA badge; none while a scheduled visit's start is still ahead. */
export function SlaBadge({ appointment, now }: { appointment: SlaTimes; now: number }) {
  const minutes = slaMinutes(appointment, now);
  if (minutes === null) return null;
  const level = slaLevel(minutes);
  return (
    <span
      className={`badge sla-badge sla-${level}`}
      data-sla={level}
      title={`SLA: ${minutes} min since ${appointment.preferredTime === 'ASAP' || !appointment.scheduledDate ? 'request' : 'scheduled start'}`}
    >
      {SLA_LABELS[level]}
    </span>
  );
}
