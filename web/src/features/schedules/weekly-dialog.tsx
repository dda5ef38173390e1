import { Button, Form, Typography } from 'antd';
import { WEEKDAY_NAMES, type TechnicianSchedule } from '@cincy/contracts';
import { FormDialog } from '../../components/form-dialog';
import { toast } from '../../components/toast';
import { useSaveWeeklyShifts } from '../../hooks/use-schedules';
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

  const onFinish = () => {
    // Every value, with the weekdays the inputs do not show.
    const values = form.getFieldsValue(true) as WeeklyForm;
    save.mutate(
      { technicianId: schedule.technicianId, body: buildWeeklyBody(values) },
      {
        onSuccess: () => {
          toast(weeklySavedToast(schedule.name));
          onClose();
        },
        onError: (error) => {
          console.warn('Saving the weekly pattern failed', error);
          toast(scheduleFailedToast(error, SCHEDULE_MESSAGES.saveFailed));
        },
      },
    );
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
      saving={save.isPending}
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
