import type { TimeSlot } from '@cincy/contracts';
import { useMemo, type RefObject } from 'react';
import { FieldError, PUBLIC_FIELD_LOOK } from '../../components/form-field';
import { fieldId } from './booking-fields.util';
import { dateChoices, hourOptions, parseScheduledTime, type TimingMode } from './booking-form.util';
import { DateHourGrid } from './date-hour-grid';
import type { BookingFormState } from './use-booking-form';

interface TimingSectionProps {
  form: BookingFormState;
  now: Date;
  slots: readonly TimeSlot[] | undefined;
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

export const TIMING_SECTION_ID = 'service-timing';

const TIMING_CHOICES: readonly { mode: TimingMode; title: string; text: string }[] = [
  {
    mode: 'asap',
    title: 'ASAP Service (Recommended)',
    text: 'We aim to arrive within about an hour.',
  },
  {
    mode: 'later',
    title: 'Schedule for Later',
    text: 'Pick a day and hour that suits you.',
  },
];

/** ASAP or a later date and hour. The heading takes focus when "Try Different Time or Location" is used. */
export function TimingSection({ form, now, slots, headingRef }: TimingSectionProps) {
  const { values, errors, timing, chooseTiming, chooseDate, chooseHour } = form;
  const dates = useMemo(() => dateChoices(now), [now]);
  const date = values.preferredDate ?? '';
  const hours = useMemo(() => (date ? hourOptions(date, slots, now) : []), [date, slots, now]);
  const chosenHour = parseScheduledTime(values.scheduledTime)?.hour;
  const timeError = errors.scheduledTime ?? errors.preferredDate;

  return (
    <section className="pub-fieldset" id={TIMING_SECTION_ID} aria-labelledby="service-timing-title">
      <h2 className="pub-legend" id="service-timing-title" tabIndex={-1} ref={headingRef}>
        Service Timing
      </h2>
      <fieldset className="pub-radio-group">
        <legend className="pub-visually-hidden">When do you need service?</legend>
        {TIMING_CHOICES.map((choice) => (
          <label
            key={choice.mode}
            className={`pub-radio-card${timing === choice.mode ? ' is-selected' : ''}`}
          >
            <input
              type="radio"
              name="timing"
              value={choice.mode}
              checked={timing === choice.mode}
              onChange={() => chooseTiming(choice.mode, now)}
            />
            <span>
              <span className="pub-radio-title">{choice.title}</span>
              <span className="pub-radio-text">{choice.text}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {timing === 'later' && (
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
      )}
    </section>
  );
}
