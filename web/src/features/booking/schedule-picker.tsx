import { useEffect, useMemo } from 'react';
import { FieldError, PUBLIC_FIELD_LOOK } from '../../components/form-field';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useTimeSlots } from '../../hooks/use-time-slots';
import { fieldId } from './booking-fields.util';
import {
  buildLocation,
  canLookUpTimeSlots,
  dateChoices,
  firstOpenHour,
  hourOptions,
  parseScheduledTime,
} from './booking-form.util';
import { DateHourGrid } from './date-hour-grid';
import type { BookingFormState } from './use-booking-form';

interface SchedulePickerProps {
  form: BookingFormState;
  now: Date;
}

/**
 * "Schedule for Later": the seven days and the hour grid, with the server's answer for the
 * address once it looks real. A suggested hour the answer closes moves to the first one it offers.
 */
export function SchedulePicker({ form, now }: SchedulePickerProps) {
  const { values, errors, chooseDate, chooseHour, hourSuggested, moveSuggestedHour } = form;
  const address = useMemo(() => buildLocation(values), [values]);
  const settledAddress = useDebouncedValue(address, 500);
  const date = values.preferredDate ?? '';
  const slots = useTimeSlots(
    { date, address: settledAddress },
    canLookUpTimeSlots(values, settledAddress),
  );
  const dates = useMemo(() => dateChoices(now), [now]);
  const hours = useMemo(
    () => (date ? hourOptions(date, slots.data, now) : []),
    [date, slots.data, now],
  );
  const chosenHour = parseScheduledTime(values.scheduledTime)?.hour;
  const timeError = errors.scheduledTime ?? errors.preferredDate;

  useEffect(() => {
    if (!hourSuggested) return;
    const chosen = hours.find((option) => option.hour === chosenHour);
    if (!chosen || chosen.disabled) moveSuggestedHour(firstOpenHour(hours));
  }, [hourSuggested, hours, chosenHour, moveSuggestedHour]);

  return (
    <div className="pub-schedule">
      <DateHourGrid
        idPrefix="booking"
        dateLabel="Preferred Date"
        hourLabel="Preferred Time"
        dates={dates}
        date={date}
        onDate={(value) => chooseDate(value, now)}
        hours={hours}
        hour={chosenHour}
        onHour={chooseHour}
      />
      <FieldError id={fieldId('scheduledTime')} error={timeError} look={PUBLIC_FIELD_LOOK} />
    </div>
  );
}
