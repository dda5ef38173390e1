import { Button, Form, Typography } from 'antd';
import { WEEKDAY_NAMES, type TechnicianSchedule } from '@cincy/contracts';
import { FormDialog } from '../../components/form-dialog';
import { toast } from '../../components/toast';
import { usePreviewWeeklyShifts, useSaveWeeklyShifts } from '../../hooks/use-schedules';
import { zodRule } from '../../lib/zod-form';
import { RangeList, listRule } from './range-list';
import {
  SCHEDULE_MESSAGES,
  WEEK_ORDER,
  buildWeeklyBody,
  scheduleFailedToast,
  weeklyDaySchema,
  weeklyForm,
  weeklySavedToast,
  type WeeklyForm,
} from './schedule.util';
import { useCheckStranding } from './stranded-jobs';

const WORKDAYS = [2, 3, 4, 5];

/**
 * 'Weekly pattern' of one technician: each weekday's ranges, Monday first, each day checked with
 * the contract's weekly schema (its message under the day); the server's refusal as a toast.
 */
export function WeeklyDialog({
  schedule,
  open,
  onClose,
  afterClose,
}: {
  schedule: TechnicianSchedule;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}) {
  const [form] = Form.useForm<WeeklyForm>();
  const save = useSaveWeeklyShifts();
  const preview = usePreviewWeeklyShifts();
  const checkStranding = useCheckStranding();

  const failed = (error: unknown) => {
    console.warn('Saving the weekly pattern failed', error);
    toast(scheduleFailedToast(error, SCHEDULE_MESSAGES.saveFailed));
  };

  // What the pattern would leave outside the shifts first: a confirm naming those jobs, or the
  // save at once when there are none (ADR 0102).
  const onFinish = () => {
    // Every value, with the weekdays the inputs do not show.
    const values = form.getFieldsValue(true) as WeeklyForm;
    const request = { technicianId: schedule.technicianId, body: buildWeeklyBody(values) };
    const commit = () =>
      save.mutate(request, {
        onSuccess: () => {
          toast(weeklySavedToast(schedule.name));
          onClose();
        },
        onError: failed,
      });
    void checkStranding({
      name: schedule.name,
      preview: () => preview.mutateAsync(request),
      save: commit,
      failed,
    });
  };

  const copyMonday = () => {
    const monday = (form.getFieldValue(['days', 1]) ?? []) as WeeklyForm['days'][number];
    for (const day of WORKDAYS) {
      form.setFieldValue(
        ['days', day],
        monday.map((r) => ({ ...r })),
      );
    }
    void form.validateFields(WORKDAYS.map((day) => ['days', day]));
  };

  return (
    <FormDialog
      open={open}
      title="Weekly Pattern"
      okText="Save Pattern"
      saving={save.isPending || preview.isPending}
      onClose={onClose}
      afterClose={afterClose}
      form={form}
      name="schedule-weekly"
      initialValues={weeklyForm(schedule.weekly)}
      onFinish={onFinish}
    >
      <p>
        {schedule.name}: the hours worked every week. A day without shifts is a day off; a single
        date can differ (date exceptions).
      </p>
      <Button size="small" onClick={copyMonday} className="weekly-copy">
        Copy Monday to Tuesday-Friday
      </Button>
      {WEEK_ORDER.map((weekday) => {
        const dayName = WEEKDAY_NAMES[weekday];
        return (
          <section key={weekday} className="weekly-day" aria-labelledby={`weekly-day-${weekday}`}>
            <Typography.Text strong id={`weekly-day-${weekday}`}>
              {dayName}
            </Typography.Text>
            <RangeList
              name={['days', weekday]}
              dayLabel={dayName}
              rules={[listRule(form, zodRule(weeklyDaySchema(weekday), 'shifts'))]}
            />
          </section>
        );
      })}
    </FormDialog>
  );
}
