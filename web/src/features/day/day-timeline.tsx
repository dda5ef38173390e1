import { Tag } from 'antd';
import { useState, type DragEvent, type ReactNode } from 'react';
import type { DayJob, DayView } from '@cincy/contracts';
import { formatRanges } from '../schedules/schedule.util';
import { DayJobBlock, LANE_PX } from './day-job-block';
import {
  JOB_DRAG_TYPE,
  assignTargets,
  decodeDraggedJob,
  hourTicks,
  laneCount,
  placeJobs,
  placeShift,
  type DraggedJob,
} from './day-view.util';
import type { AssignTarget } from './job-assign-menu';

type Row = DayView['rows'][number];

export interface DayAssignProps {
  onAssign: (job: DayJob, target: AssignTarget) => void;
  /** A dragged job dropped on a technician's row. */
  onDropJob: (dragged: DraggedJob, target: AssignTarget) => void;
  /** The job whose assignment is being sent (the others wait). */
  assigningId: number | null;
}

const TICKS = hourTicks();

/**
 * The day on a 7 AM-10 PM timeline (wide screens): the open jobs nobody has on top, then one row
 * per technician on shift, the shifts as a band and the jobs as blocks. A block dragged onto a
 * technician's row is assigned to them.
 */
export function DayTimeline({
  view,
  nowLeft = null,
  ...assign
}: {
  view: DayView;
  /** Where now is on the timeline (the day shown is today), in percent. */
  nowLeft?: number | null;
} & DayAssignProps) {
  return (
    <div className="day-scroll">
      <div className="day-grid">
        <div className="day-line day-hours" aria-hidden="true">
          <div className="day-name" />
          <div className="day-track day-track-hours">
            {TICKS.map((t) => (
              <span key={t.hour} className="day-tick" style={{ left: `${t.left}%` }}>
                {t.label}
              </span>
            ))}
          </div>
        </div>
        <DayLine
          title="Unassigned"
          label="Unassigned jobs"
          note={view.unassigned.length ? `${view.unassigned.length} open` : 'None open'}
          jobs={view.unassigned}
          date={view.date}
          rows={view.rows}
          nowLeft={nowLeft}
          {...assign}
        />
        {view.rows.map((row) => (
          <DayLine
            key={row.technicianId}
            title={row.name}
            label={`${row.name}'s day`}
            note={
              <>
                {row.onShiftNow && <Tag color="green">On shift now</Tag>}
                <span className="muted">
                  {row.shifts.length ? formatRanges(row.shifts) : 'No shifts'}
                </span>
              </>
            }
            jobs={row.jobs}
            date={view.date}
            rows={view.rows}
            row={row}
            nowLeft={nowLeft}
            {...assign}
          />
        ))}
      </div>
    </div>
  );
}

function DayLine({
  title,
  label,
  note,
  jobs,
  date,
  rows,
  row,
  nowLeft,
  onAssign,
  onDropJob,
  assigningId,
}: {
  title: string;
  label: string;
  note: ReactNode;
  jobs: DayJob[];
  date: string;
  rows: DayView['rows'];
  /** A technician's row (a drop target); none for Unassigned. */
  row?: Row;
  nowLeft: number | null;
} & DayAssignProps) {
  const [over, setOver] = useState(false);
  const placed = placeJobs(jobs, date);
  const outside = jobs.length - placed.length;
  const height = laneCount(placed) * LANE_PX + 8;

  const accepts = (event: DragEvent) =>
    row !== undefined && event.dataTransfer.types.includes(JOB_DRAG_TYPE);
  const dropProps = row
    ? {
        onDragOver: (event: DragEvent<HTMLDivElement>) => {
          if (!accepts(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          if (!over) setOver(true);
        },
        onDragLeave: (event: DragEvent<HTMLDivElement>) => {
          // Moving over a block inside the row is still over the row.
          const to = event.relatedTarget;
          if (to instanceof Node && event.currentTarget.contains(to)) return;
          setOver(false);
        },
        onDrop: (event: DragEvent<HTMLDivElement>) => {
          setOver(false);
          if (!accepts(event)) return;
          event.preventDefault();
          const dragged = decodeDraggedJob(event.dataTransfer.getData(JOB_DRAG_TYPE));
          if (dragged) onDropJob(dragged, { technicianId: row.technicianId, name: row.name });
        },
      }
    : {};

  return (
    <section className="day-line" aria-label={label}>
      <div className="day-name">
        <strong>{title}</strong>
        <span className="day-name-note">{note}</span>
        {outside > 0 && (
          <span className="muted day-name-note">{`${outside} outside 7 AM-10 PM`}</span>
        )}
      </div>
      <div
        className={`day-track${row ? ' day-track-drop' : ' day-track-unassigned'}${over ? ' is-over' : ''}`}
        style={{ height }}
        {...dropProps}
      >
        {row?.shifts.map((shift) => {
          const band = placeShift(shift);
          return (
            band && (
              <div
                key={`${shift.start}-${shift.end}`}
                className="day-shift"
                style={{ left: `${band.left}%`, width: `${band.width}%` }}
                aria-hidden="true"
              />
            )
          );
        })}
        {nowLeft !== null && (
          <div className="day-now" style={{ left: `${nowLeft}%` }} aria-hidden="true" />
        )}
        {placed.map((p) => (
          <DayJobBlock
            key={p.job.id}
            placed={p}
            targets={assignTargets(rows, p.job)}
            onAssign={onAssign}
            busy={assigningId === p.job.id}
            locked={assigningId !== null && assigningId !== p.job.id}
          />
        ))}
        {jobs.length === 0 && <span className="day-track-empty muted">No jobs</span>}
      </div>
    </section>
  );
}
