import { Tag } from 'antd';
import { useState, type DragEvent, type ReactNode } from 'react';
import type { DayJob, DayView } from '@cincy/contracts';
import { formatRanges } from '../schedules/schedule.util';
import { OutsideShiftMark } from '../dispatch/outside-shift-mark';
import { DayJobBlock, LANE_PX } from './day-job-block';
import {
  JOB_DRAG_TYPE,
  assignTargets,
  decodeDraggedJob,
  hourTicks,
  laneCount,
  minutesAtDrop,
  placeJobs,
  placeShift,
  timelineLeft,
  timelineWindow,
  type DraggedJob,
  type TimelineWindow,
} from './day-view.util';
import type { AssignTarget } from './job-assign-menu';

type Row = DayView['rows'][number];

export interface DayAssignProps {
  onAssign: (job: DayJob, target: AssignTarget) => void;
  /**
   * A dragged job let go on a row: a technician's (`target`) or Unassigned (null), its block's
   * left edge at `dropMinutes` since midnight.
   */
  onDropJob: (dragged: DraggedJob, target: AssignTarget | null, dropMinutes: number) => void;
  /** The job whose assignment is being sent (the others wait). */
  assigningId: number | null;
}

/** The hour lines: one column per hour of the window, however wide the day is. */
const hourColumns = (window: TimelineWindow) => ({
  backgroundSize: `calc(100% / ${(window.end - window.start) / 60}) 100%`,
});

/**
 * The day on a timeline (wide screens), 7 AM-10 PM or wider when the day's work is: the open jobs
 * nobody has on top, then one row per technician on shift, the shifts as a band and the jobs as
 * blocks. A block dragged onto a technician's row is assigned to them; let go at another hour, the
 * visit moves there (the page asks first).
 */
export function DayTimeline({
  view,
  nowMinutes = null,
  ...assign
}: {
  view: DayView;
  /** Now, in minutes since midnight, when the day shown is today. */
  nowMinutes?: number | null;
} & DayAssignProps) {
  const window = timelineWindow(view);
  const nowLeft = nowMinutes === null ? null : timelineLeft(nowMinutes, window);
  return (
    <div className="day-scroll">
      <div className="day-grid">
        <div className="day-line day-hours" aria-hidden="true">
          <div className="day-name" />
          <div className="day-track day-track-hours" style={hourColumns(window)}>
            {hourTicks(window).map((t) => (
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
          window={window}
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
            window={window}
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
  window,
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
  window: TimelineWindow;
  nowLeft: number | null;
} & DayAssignProps) {
  const [over, setOver] = useState(false);
  const placed = placeJobs(jobs, date, window);
  const height = laneCount(placed) * LANE_PX + 8;

  // Every row takes a dropped job: a technician's assigns it, and any row moves its hour.
  const accepts = (event: DragEvent) => event.dataTransfer.types.includes(JOB_DRAG_TYPE);
  const dropProps = {
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
      if (!dragged) return;
      const track = event.currentTarget.getBoundingClientRect();
      const left = event.clientX - track.left - dragged.grabX;
      const target = row ? { technicianId: row.technicianId, name: row.name } : null;
      onDropJob(dragged, target, minutesAtDrop(left, track.width, window));
    },
  };

  return (
    <section className="day-line" aria-label={label}>
      <div className="day-name">
        <strong>{title}</strong>
        <span className="day-name-note">{note}</span>
      </div>
      <div
        className={`day-track day-track-drop${row ? '' : ' day-track-unassigned'}${over ? ' is-over' : ''}`}
        style={{ height, ...hourColumns(window) }}
        {...dropProps}
      >
        {row?.shifts.map((shift) => {
          const band = placeShift(shift, window);
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
            mark={
              <OutsideShiftMark outside={!!p.job.outsideShift} technicianName={row?.name} compact />
            }
          />
        ))}
        {jobs.length === 0 && <span className="day-track-empty muted">No jobs</span>}
      </div>
    </section>
  );
}
