import { outsideShiftLabel } from '@cincy/contracts';
import './outside-shift-mark.css';

/**
 * "Outside Dana's shift": a job still assigned for an hour its technician no longer works (a day
 * off or a shorter shift saved after the warning, ADR 0102). The board's cards and the Day View
 * both show it; nothing when the job is inside the shifts.
 */
export function OutsideShiftMark({
  outside,
  technicianName,
  compact = false,
}: {
  outside: boolean;
  technicianName: string | null | undefined;
  /** The Day View's blocks: one short line. */
  compact?: boolean;
}) {
  if (!outside) return null;
  const label = outsideShiftLabel(technicianName ?? '');
  return (
    <span
      className={`outside-shift-mark${compact ? ' is-compact' : ''}`}
      data-testid="outside-shift"
      // A one-hour block cuts the words short: hovering shows them whole.
      title={compact ? label : undefined}
    >
      <span aria-hidden="true">⚠ </span>
      {label}
    </span>
  );
}
