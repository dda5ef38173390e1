import type { DragEvent, ReactNode } from 'react';
import { isAssignable, type DayJob } from '@cincy/contracts';
import { STATUS_LABELS } from '../dispatch/board-lists.util';
import {
  JOB_DRAG_TYPE,
  encodeDraggedJob,
  isMovable,
  jobTimeLabel,
  timingLabel,
  type PlacedJob,
} from './day-view.util';
import { JobAssignMenu, type AssignTarget } from './job-assign-menu';

/** The height of one line of blocks on a row, in px (the CSS reads it too). */
export const LANE_PX = 52;

/** A block's least width (the CSS's min-width): the right edge it must keep inside the track. */
const BLOCK_MIN_WIDTH = '5.5rem';

/**
 * One job on the timeline, placed by its times: dragged onto a technician's row to assign it (its
 * version travels with it), or along the hours to move the visit; or assigned from its menu.
 * Estimated times are drawn dashed.
 */
export function DayJobBlock({
  placed: { job, placement, lane },
  targets,
  onAssign,
  busy,
  locked,
  mark,
}: {
  placed: PlacedJob;
  targets: readonly AssignTarget[];
  onAssign: (job: DayJob, target: AssignTarget) => void;
  busy: boolean;
  locked: boolean;
  /** What the block should say besides its name and times (OutsideShiftMark). */
  mark?: ReactNode;
}) {
  const timing = timingLabel(job);
  const assignable = isAssignable(job.status);
  const times = jobTimeLabel(job);
  const status = STATUS_LABELS[job.status] ?? job.status;
  const movable = isMovable(job);
  const onDragStart = (event: DragEvent<HTMLDivElement>) => {
    // Where in the block it was taken: the drop puts the block's left edge, not the pointer, on the hour.
    const grabX = event.clientX - event.currentTarget.getBoundingClientRect().left;
    event.dataTransfer.setData(JOB_DRAG_TYPE, encodeDraggedJob(job, Math.max(0, grabX)));
    event.dataTransfer.setData('text/plain', `${job.customerName} ${times}`);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <div
      className={`day-job day-job-${timing}${assignable || movable ? ' is-assignable' : ''}${busy ? ' is-busy' : ''}`}
      style={{
        // A block near the day's end keeps its whole width inside the track (never cut).
        left: `min(${placement.left}%, calc(100% - ${BLOCK_MIN_WIDTH}))`,
        width: `${placement.width}%`,
        top: lane * LANE_PX + 4,
      }}
      draggable={(assignable || movable) && !busy && !locked}
      onDragStart={onDragStart}
      aria-busy={busy}
      title={`${job.customerName}, ${times} (${timing}), ${status}${job.kind === 'asap' ? ', ASAP' : ''}`}
    >
      <span className="day-job-text">
        <span className="day-job-name">{job.customerName}</span>
        <span className="day-job-time">
          {times} <span className="day-job-timing">{timing}</span>
        </span>
        {mark}
      </span>
      {assignable && (
        <JobAssignMenu
          job={job}
          targets={targets}
          onAssign={onAssign}
          busy={busy}
          disabled={locked}
          compact
        />
      )}
    </div>
  );
}
