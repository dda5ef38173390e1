import { Tag } from 'antd';
import { SLA_LABELS, slaLevel, slaMinutes, type SlaLevel, type SlaTimes } from '@cincy/contracts';

/** Dark enough to read at 4.5:1 or more on their tint (WCAG AA); a breach is solid. */
const SLA_COLORS: Record<SlaLevel, string> = {
  normal: '#166534',
  medium: '#854d0e',
  high: '#9a3412',
  breach: '#b91c1c',
};

/** The job's SLA badge; none while a scheduled visit's start is still ahead. */
export function SlaBadge({ appointment, now }: { appointment: SlaTimes; now: number }) {
  const minutes = slaMinutes(appointment, now);
  if (minutes === null) return null;
  const level = slaLevel(minutes);
  return (
    <Tag
      color={SLA_COLORS[level]}
      variant={level === 'breach' ? 'solid' : 'filled'}
      className={`sla-badge sla-${level}`}
      data-sla={level}
      title={`SLA: ${minutes} min since ${appointment.preferredTime === 'ASAP' || !appointment.scheduledDate ? 'request' : 'scheduled start'}`}
    >
      {SLA_LABELS[level]}
    </Tag>
  );
}
