import { Alert, App, Button, Card, DatePicker, Empty, Skeleton, Space, Typography } from 'antd';
import { usePhoneLayout } from '../../../hooks/use-phone-layout';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  addDays,
  businessDate,
  businessMinutes,
  type DayJob,
  type DayView,
  isAssignable,
} from '@cincy/contracts';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import { DayPhoneList } from '../../../features/day/day-phone-list';
import { DayTimeline } from '../../../features/day/day-timeline';
import {
  DAY_MESSAGES,
  assignFailedToast,
  droppedHour,
  isMovable,
  jobAssignedToast,
  jobMovedToast,
  moveFailedToast,
  moveQuestion,
  type DraggedJob,
} from '../../../features/day/day-view.util';
import type { AssignTarget } from '../../../features/day/job-assign-menu';
import { formatScheduleDate } from '../../../features/schedules/schedule.util';
import { useCurrentUser } from '../../../hooks/use-auth';
import { useAssignJob, useDayView, useMoveJob } from '../../../hooks/use-day-view';
import { useLiveUpdates } from '../../../hooks/use-live-updates';
import { useNow } from '../../../hooks/use-now';
import { NotAllowedScreen } from '../not-allowed-screen';
import '../staff.css';
import '../../../features/day/day-view.css';

const TITLE = 'Day View';
const DATE_FORMAT = 'YYYY-MM-DD';

/** Admins only: anyone else gets the not-allowed screen (and the server's 403). */
export function DayPage() {
  const user = useCurrentUser();
  if (!user) return null;
  if (user.role !== 'admin') return <NotAllowedScreen title={TITLE} who="admins" />;
  return <Day />;
}

const allJobs = (view: DayView | undefined): DayJob[] =>
  view ? [...view.unassigned, ...view.rows.flatMap((r) => r.jobs)] : [];

function Day() {
  const now = useNow(60_000);
  const today = businessDate(new Date(now));
  const [date, setDate] = useState(today);
  const day = useDayView(date);
  // `board.changed` and `schedule.changed` read the day again (lib/live-cache.ts).
  useLiveUpdates(true);
  const assign = useAssignJob();
  const move = useMoveJob();
  const { modal } = App.useApp();
  // Before antd has measured, a desktop; md is 768 px.
  const phone = usePhoneLayout();
  const assigningId = assign.isPending ? (assign.variables?.id ?? null) : null;
  const view = day.data;
  // While another date loads, the last one stays (keepPreviousData), marked as updating.
  const showing = view;

  const send = (job: Pick<DayJob, 'id' | 'version' | 'customerName'>, target: AssignTarget) => {
    if (assign.isPending) return;
    // The promise, not mutate()'s callbacks: a push can re-render the day before the answer.
    assign
      .mutateAsync({
        id: job.id,
        body: { technicianId: target.technicianId, version: job.version },
      })
      .then(
        () => toast(jobAssignedToast(job.customerName, target.name)),
        (error: unknown) => {
          console.warn('Assigning the job failed', error);
          toast(assignFailedToast(error));
        },
      );
  };
  const onAssign = (job: DayJob, target: AssignTarget) => send(job, target);
  const onDropJob = (dragged: DraggedJob, target: AssignTarget | null, dropMinutes: number) => {
    const job = allJobs(view).find((j) => j.id === dragged.id);
    if (!job || !view) return;
    const reassign =
      target !== null && isAssignable(job.status) && job.technicianId !== target.technicianId
        ? target
        : null;
    const hour = isMovable(job) ? droppedHour(job, view.date, dropMinutes) : null;
    // The version the dispatcher saw when they picked it up.
    if (hour === null) {
      if (reassign) send({ ...job, version: dragged.version }, reassign);
      return;
    }
    // A new hour is the customer's news: asked first, the assignment (if any) then the move, so
    // the move's own version bump cannot make the assignment stale.
    modal.confirm({
      title: moveQuestion(job.customerName, hour),
      content: DAY_MESSAGES.moveNotice,
      okText: 'Move',
      cancelText: 'Cancel',
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        if (reassign) {
          try {
            await assign.mutateAsync({
              id: job.id,
              body: { technicianId: reassign.technicianId, version: dragged.version },
            });
          } catch (error) {
            toast(assignFailedToast(error));
            return;
          }
        }
        const scheduledTime = `${String(hour).padStart(2, '0')}:00:00`;
        await move
          .mutateAsync({ id: job.id, body: { scheduledDate: view.date, scheduledTime } })
          .then(
            () => toast(jobMovedToast(job.customerName, hour)),
            (error: unknown) => {
              console.warn('Moving the visit failed', error);
              toast(moveFailedToast(error));
            },
          );
      },
    });
  };

  const pick = (value: Dayjs | null) => setDate(value ? value.format(DATE_FORMAT) : today);
  const assigningJob =
    assigningId === null ? undefined : allJobs(view).find((j) => j.id === assigningId);

  return (
    <main className="page">
      <title>{`${TITLE} | Cincy Battery`}</title>
      <PageHeader
        title={TITLE}
        subtitle="Who works the day, and their jobs: drag a job onto a technician to assign it, or to another hour to move the visit"
      />
      <div className="day-toolbar">
        <label htmlFor="day-date" className="visually-hidden">
          Day
        </label>
        <Space.Compact>
          <Button onClick={() => setDate(addDays(date, -1))} aria-label="Previous day">
            <span aria-hidden="true">‹</span>
          </Button>
          <DatePicker
            id="day-date"
            aria-label="Day"
            value={dayjs(date)}
            onChange={pick}
            format={DATE_FORMAT}
            allowClear={false}
          />
          <Button onClick={() => setDate(addDays(date, 1))} aria-label="Next day">
            <span aria-hidden="true">›</span>
          </Button>
        </Space.Compact>
        <Button onClick={() => setDate(today)} disabled={date === today}>
          Today
        </Button>
        <Typography.Text strong>{formatScheduleDate(date)}</Typography.Text>
        <span role="status" className="muted">
          {assigningJob
            ? `Assigning ${assigningJob.customerName}...`
            : move.isPending
              ? 'Moving the visit...'
              : day.isFetching && showing
                ? 'Updating...'
                : ''}
        </span>
      </div>

      <Card aria-busy={day.isFetching || assign.isPending || move.isPending}>
        {day.isPending && !day.isError ? (
          <div role="status">
            <Typography.Paragraph type="secondary">Loading the day...</Typography.Paragraph>
            <Skeleton active title={false} paragraph={{ rows: 6 }} />
          </div>
        ) : day.isError && !showing ? (
          <Alert
            type="error"
            title={`Could not load the day. ${day.error.message}`}
            action={<Button onClick={() => void day.refetch()}>Retry</Button>}
          />
        ) : !showing || (showing.rows.length === 0 && showing.unassigned.length === 0) ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="Nobody is on shift and no job is open this day."
          />
        ) : phone ? (
          <DayPhoneList view={showing} onAssign={onAssign} assigningId={assigningId} />
        ) : (
          <DayTimeline
            view={showing}
            onAssign={onAssign}
            onDropJob={onDropJob}
            assigningId={assigningId}
            nowMinutes={showing.date === today ? businessMinutes(new Date(now)) : null}
          />
        )}
      </Card>
    </main>
  );
}
