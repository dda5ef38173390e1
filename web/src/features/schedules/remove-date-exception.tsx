import { shiftsOn, type TechnicianSchedule } from '@cincy/contracts';
import { useConfirmDelete } from '../../components/confirm-delete';
import { toast } from '../../components/toast';
import { useClearDateShifts, usePreviewDateShifts } from '../../hooks/use-schedules';
import {
  SCHEDULE_MESSAGES,
  exceptionRemovedToast,
  formatScheduleDate,
  scheduleFailedToast,
} from './schedule.util';
import { useCheckStranding } from './stranded-jobs';

/**
 * "Remove" on a date exception: the weekly pattern applies again that day. First what that would
 * leave outside the technician's shifts (the same question as saving a day off, ADR 0102), then
 * a confirm naming those jobs, or the plain "are you sure" when there are none (or when the
 * question could not be answered: the removal itself still says what went wrong).
 */
export function useRemoveDateException() {
  const clear = useClearDateShifts();
  const preview = usePreviewDateShifts();
  const confirmDelete = useConfirmDelete();
  const checkStranding = useCheckStranding();

  const remove = (schedule: TechnicianSchedule, date: string) =>
    clear.mutateAsync({ technicianId: schedule.technicianId, date }).then(
      () => toast(exceptionRemovedToast(schedule.name, date)),
      (error: unknown) => {
        console.warn('Removing the date exception failed', error);
        toast(scheduleFailedToast(error, SCHEDULE_MESSAGES.removeFailed));
      },
    );

  const confirm = (schedule: TechnicianSchedule, date: string) =>
    confirmDelete({
      title: 'Remove Date Exception',
      content: `${schedule.name} will work the weekly pattern on ${formatScheduleDate(date)}.`,
      onConfirm: () => remove(schedule, date),
    });

  const start = (schedule: TechnicianSchedule, date: string) =>
    void checkStranding({
      name: schedule.name,
      preview: () =>
        preview.mutateAsync({
          technicianId: schedule.technicianId,
          date,
          body: { shifts: shiftsOn({ ...schedule, exceptions: [] }, date) },
        }),
      save: () => void remove(schedule, date),
      noneStranded: () => confirm(schedule, date),
      failed: () => confirm(schedule, date),
    });

  return {
    start,
    /** The exception being asked about or removed, for its row's busy state. */
    busy: clear.isPending ? clear.variables : preview.isPending ? preview.variables : undefined,
  };
}
