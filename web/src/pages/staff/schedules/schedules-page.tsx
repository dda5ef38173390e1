import { Alert, Button, Card, Empty, Skeleton, Tag, Typography } from 'antd';
import { businessDate, type ShiftRange, type TechnicianSchedule } from '@cincy/contracts';
import { PageHeader } from '../../../components/page-header';
import {
  DateExceptionDialog,
  type DateExceptionTarget,
} from '../../../features/schedules/date-exception-dialog';
import { ScheduleCard } from '../../../features/schedules/schedule-card';
import { useRemoveDateException } from '../../../features/schedules/remove-date-exception';
import { WeeklyDialog } from '../../../features/schedules/weekly-dialog';
import { useCurrentUser } from '../../../hooks/use-auth';
import { useLiveUpdates } from '../../../hooks/use-live-updates';
import { useModalTarget } from '../../../hooks/use-modal-target';
import { useSchedules } from '../../../hooks/use-schedules';
import { NotAllowedScreen } from '../not-allowed-screen';
import '../staff.css';
import '../../../features/schedules/schedules.css';

const TITLE = 'Schedules';

type ScheduleDialogTarget =
  { kind: 'weekly'; schedule: TechnicianSchedule } | ({ kind: 'date' } & DateExceptionTarget);

/** Admins only: anyone else gets the not-allowed screen (and the server's 403). */
export function SchedulesPage() {
  const user = useCurrentUser();
  if (!user) return null;
  if (user.role !== 'admin') return <NotAllowedScreen title={TITLE} who="admins" />;
  return <Schedules />;
}

function Schedules() {
  const schedules = useSchedules();
  // `schedule.changed` reads the list again when another admin (or a technician going off
  // shift) changes a schedule.
  useLiveUpdates(true);
  const dialog = useModalTarget<ScheduleDialogTarget>();
  const removal = useRemoveDateException();
  const today = businessDate();

  const list = schedules.data ?? [];
  const onShift = list.filter((s) => s.onShiftNow).length;

  return (
    <main className="page">
      <title>{`${TITLE} | Cincy Battery`}</title>
      <PageHeader
        title={TITLE}
        subtitle="Who works when: each technician's weekly pattern and single-date changes"
        actions={
          schedules.data && (
            <>
              <span role="status" className="muted">
                {schedules.isFetching ? 'Updating...' : ''}
              </span>
              <Tag color={onShift ? 'green' : undefined}>{`${onShift} on shift now`}</Tag>
            </>
          )
        }
      />
      {schedules.isPending && !schedules.isError ? (
        <Card>
          <div role="status">
            <Typography.Paragraph type="secondary">Loading schedules...</Typography.Paragraph>
            <Skeleton active title={false} paragraph={{ rows: 5 }} />
          </div>
        </Card>
      ) : schedules.isError && !schedules.data ? (
        <Alert
          type="error"
          title={`Could not load the schedules. ${schedules.error.message}`}
          action={<Button onClick={() => void schedules.refetch()}>Retry</Button>}
        />
      ) : list.length === 0 ? (
        <Card>
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="No technicians yet. Add one in User Management."
          />
        </Card>
      ) : (
        <div className="schedule-grid" aria-busy={schedules.isFetching}>
          {list.map((schedule) => (
            <ScheduleCard
              key={schedule.technicianId}
              schedule={schedule}
              today={today}
              onEditWeekly={() => dialog.show({ kind: 'weekly', schedule })}
              onEditDate={(date?: string, shifts?: ShiftRange[]) =>
                dialog.show({ kind: 'date', schedule, date, shifts })
              }
              onRemoveDate={(date) => removal.start(schedule, date)}
              removingDate={
                removal.busy?.technicianId === schedule.technicianId ? removal.busy.date : undefined
              }
            />
          ))}
        </div>
      )}

      {dialog.target?.kind === 'weekly' && (
        <WeeklyDialog
          key={`weekly-${dialog.target.schedule.technicianId}`}
          schedule={dialog.target.schedule}
          open={dialog.open}
          onClose={dialog.hide}
          afterClose={dialog.afterClose}
        />
      )}
      {dialog.target?.kind === 'date' && (
        <DateExceptionDialog
          key={`date-${dialog.target.schedule.technicianId}-${dialog.target.date ?? 'new'}`}
          target={dialog.target}
          open={dialog.open}
          onClose={dialog.hide}
          afterClose={dialog.afterClose}
        />
      )}
    </main>
  );
}
