import { RAPID_RESPONSE_WINDOW } from '@cincy/contracts';
import type { RefObject } from 'react';
import type { TimingMode } from './booking-form.util';
import { SchedulePicker } from './schedule-picker';
import type { BookingFormState } from './use-booking-form';

interface TimingSectionProps {
  form: BookingFormState;
  now: Date;
  /** False outside the ASAP window: ASAP cannot be chosen, and says when it can. */
  asapOpen: boolean;
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
export function TimingSection({ form, now, asapOpen, headingRef }: TimingSectionProps) {
  const { timing, chooseTiming } = form;

  return (
    <section className="pub-fieldset" id={TIMING_SECTION_ID} aria-labelledby="service-timing-title">
      <h2 className="pub-legend" id="service-timing-title" tabIndex={-1} ref={headingRef}>
        Service Timing
      </h2>
      <fieldset className="pub-radio-group">
        <legend className="pub-visually-hidden">When do you need service?</legend>
        {TIMING_CHOICES.map((choice) => {
          const closed = choice.mode === 'asap' && !asapOpen;
          return (
            <label
              key={choice.mode}
              className={`pub-radio-card${timing === choice.mode ? ' is-selected' : ''}${closed ? ' is-disabled' : ''}`}
            >
              <input
                type="radio"
                name="timing"
                value={choice.mode}
                checked={timing === choice.mode}
                disabled={closed}
                onChange={() => chooseTiming(choice.mode, now)}
              />
              <span>
                <span className="pub-radio-title">{choice.title}</span>
                <span className="pub-radio-text">
                  {closed ? `Available ${RAPID_RESPONSE_WINDOW}.` : choice.text}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>

      {timing === 'later' && <SchedulePicker form={form} now={now} />}
    </section>
  );
}
