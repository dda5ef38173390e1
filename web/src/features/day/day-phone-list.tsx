import { Card, Empty, Tag } from 'antd';
import type { DayJob, DayView } from '@cincy/contracts';
import { STATUS_LABELS } from '../dispatch/board-lists.util';
import { OutsideShiftMark } from '../dispatch/outside-shift-mark';
import { formatRanges } from '../schedules/schedule.util';
import type { DayAssignProps } from './day-timeline';
import { isAssignable } from '@cincy/contracts';
import { assignTargets, byStart, jobTimeLabel, timingLabel } from './day-view.util';
import { JobAssignMenu } from './job-assign-menu';

/** The day on a phone: Unassigned, then each technician on shift, stacked, their jobs as a list. */
export function DayPhoneList({
  view,
  onAssign,
  assigningId,
}: { view: DayView } & Omit<DayAssignProps, 'onDropJob'>) {
  const list = (jobs: DayJob[], technicianName?: string) =>
    jobs.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No jobs" />
    ) : (
      <ul className="day-list">
        {byStart(jobs).map((job) => {
          const timing = timingLabel(job);
          return (
            <li key={job.id} className="day-list-item" aria-busy={assigningId === job.id}>
              <div className="day-list-text">
                <strong>{job.customerName}</strong>
                <span>
                  {jobTimeLabel(job)} <Tag color={job.measured ? 'green' : undefined}>{timing}</Tag>
                  <Tag>{STATUS_LABELS[job.status] ?? job.status}</Tag>
                  {job.kind === 'asap' && <Tag color="red">ASAP</Tag>}
                </span>
                <OutsideShiftMark outside={!!job.outsideShift} technicianName={technicianName} />
              </div>
              {isAssignable(job.status) && (
                <JobAssignMenu
                  job={job}
                  targets={assignTargets(view.rows, job)}
                  onAssign={onAssign}
                  busy={assigningId === job.id}
                  disabled={assigningId !== null && assigningId !== job.id}
                />
              )}
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className="day-phone">
      <Card
        size="small"
        title={
          <span role="heading" aria-level={2}>
            Unassigned
          </span>
        }
      >
        {list(view.unassigned)}
      </Card>
      {view.rows.map((row) => (
        <Card
          key={row.technicianId}
          size="small"
          title={
            <span role="heading" aria-level={2}>
              {row.name}
            </span>
          }
          extra={row.onShiftNow ? <Tag color="green">On shift now</Tag> : undefined}
        >
          <p className="muted day-phone-shifts">
            Shifts: {row.shifts.length ? formatRanges(row.shifts) : 'none'}
          </p>
          {list(row.jobs, row.name)}
        </Card>
      ))}
    </div>
  );
}
