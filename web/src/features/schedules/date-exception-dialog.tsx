import { DatePicker, Form, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { businessDate, type ShiftRange, type TechnicianSchedule } from '@cincy/contracts';
import { fieldErrorsOf } from '../../api/request';
import { FormDialog } from '../../components/form-dialog';
import { toast } from '../../components/toast';
import { usePreviewDateShifts, useSaveDateShifts } from '../../hooks/use-schedules';
import { showServerErrors, zodRule } from '../../lib/zod-form';
import { RangeList, listRule } from './range-list';
import {
  DEFAULT_RANGE,
  SCHEDULE_MESSAGES,
  buildDateBody,
  dateExceptionDateSchema,
  dateExceptionForm,
  dateExceptionShiftsSchema,
  dateSavedToast,
  formatScheduleDate,
  newDateExceptionForm,
  scheduleFailedToast,
  type DateExceptionForm,
} from './schedule.util';
import { useCheckStranding } from './stranded-jobs';

/** A new exception (any date from today), or the one of `date` being changed. */
export interface DateExceptionTarget {
  schedule: TechnicianSchedule;
  date?: string;
  shifts?: ShiftRange[];
}

const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * 'Date exception': on one date, these shifts instead of the weekly pattern, or a day off. The
 * form holds the date as 'YYYY-MM-DD' (the DatePicker's dayjs is turned into it) so the contract's
 * date rule reads it as the server will.
 */
export function DateExceptionDialog({
  target,
  open,
  onClose,
  afterClose,
}: {
  target: DateExceptionTarget;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}) {
  const [form] = Form.useForm<DateExceptionForm>();
  const save = useSaveDateShifts();
  const preview = usePreviewDateShifts();
  const checkStranding = useCheckStranding();
  const mode = Form.useWatch('mode', form);
  const chosen = Form.useWatch('date', form);
  const { schedule } = target;
  const editing = target.date !== undefined;
  const today = businessDate();
  const replaces =
    !editing && typeof chosen === 'string' && schedule.exceptions.some((e) => e.date === chosen);

  const failed = (error: unknown) => {
    console.warn('Saving the date exception failed', error);
    toast(scheduleFailedToast(error, SCHEDULE_MESSAGES.saveFailed));
    showServerErrors(form, fieldErrorsOf(error));
  };

  // First what the change would leave outside the shifts (the server's answer, with the same
  // checks as saving), then a confirm naming those jobs, or the save at once when there are none.
  const onFinish = () => {
    const values = form.getFieldsValue(true) as DateExceptionForm;
    const body = buildDateBody(values);
    const request = { technicianId: schedule.technicianId, date: values.date, body };
    const commit = () =>
      save.mutate(request, {
        onSuccess: () => {
          toast(dateSavedToast(schedule.name, values.date, body.shifts));
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

  const onModeChange = (next: DateExceptionForm['mode']) => {
    const shifts = (form.getFieldValue('shifts') ?? []) as ShiftRange[];
    if (next === 'work' && shifts.length === 0)
      form.setFieldValue('shifts', [{ ...DEFAULT_RANGE }]);
  };

  return (
    <FormDialog
      open={open}
      title={editing ? 'Change Date Exception' : 'Add Date Exception'}
      okText="Save"
      saving={save.isPending || preview.isPending}
      onClose={onClose}
      afterClose={afterClose}
      form={form}
      name="schedule-date"
      initialValues={
        editing ? dateExceptionForm(target.date!, target.shifts ?? []) : newDateExceptionForm(today)
      }
      onFinish={onFinish}
    >
      <p>
        {schedule.name}
        {editing && `, ${formatScheduleDate(target.date!)}`}: these hours instead of the weekly
        pattern.
      </p>
      <Form.Item
        name="date"
        label="Date"
        required
        rules={[zodRule(dateExceptionDateSchema, 'date')]}
        getValueProps={(value: string) => ({ value: value ? dayjs(value) : null })}
        normalize={(value: Dayjs | null) => (value ? value.format(DATE_FORMAT) : '')}
        extra={replaces ? 'This date already has an exception: saving replaces it.' : undefined}
      >
        <DatePicker
          format={DATE_FORMAT}
          disabled={editing}
          disabledDate={(d) => d.format(DATE_FORMAT) < today}
          // Enter takes the typed date (the picker has done so by now) and never submits: the
          // shifts below are a default the admin may not have looked at yet (issue 32).
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item name="mode" label="That day">
        <Radio.Group
          onChange={(e) => onModeChange(e.target.value as DateExceptionForm['mode'])}
          options={[
            { value: 'work', label: 'Working hours' },
            { value: 'off', label: 'Day off' },
          ]}
        />
      </Form.Item>
      {mode !== 'off' && (
        <RangeList
          name="shifts"
          dayLabel={editing ? formatScheduleDate(target.date!) : 'That day'}
          rules={[listRule(form, zodRule(dateExceptionShiftsSchema, 'shifts'))]}
          emptyText="No shifts: save as a day off, or add one."
        />
      )}
    </FormDialog>
  );
}
