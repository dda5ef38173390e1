import { SERVICE_HOURS } from '@cincy/contracts';
import type { DateChoice, HourOption } from './booking-form.util';

interface DateHourGridProps {
  /** Prefixes the ids the labels and hints are tied to ('booking', 'reschedule'). */
  idPrefix: string;
  dateLabel: string;
  hourLabel: string;
  dates: readonly DateChoice[];
  date: string | null;
  onDate: (date: string) => void;
  /** `booked`: the visit's own hour, shown apart (it cannot be chosen again). */
  hours: readonly (HourOption & { booked?: boolean })[];
  hour: number | null | undefined;
  onHour: (hour: number) => void;
}

/**
 * The seven days and the hour grid of the chosen one, as pressed-state buttons (the booking form
 * and the tracking page's "Change time"). An hour that cannot be taken says why, to the eye on
 * hover and to a screen reader.
 */
export function DateHourGrid({
  idPrefix,
  dateLabel,
  hourLabel,
  dates,
  date,
  onDate,
  hours,
  hour,
  onHour,
}: DateHourGridProps) {
  return (
    <>
      <div role="group" aria-labelledby={`${idPrefix}-date-label`}>
        <p className="pub-label" id={`${idPrefix}-date-label`}>
          {dateLabel}
        </p>
        <div className="pub-date-grid">
          {dates.map((choice) => (
            <button
              key={choice.value}
              type="button"
              className="pub-chip"
              aria-pressed={choice.value === date}
              onClick={() => onDate(choice.value)}
            >
              {choice.label}
            </button>
          ))}
        </div>
      </div>

      <div
        role="group"
        aria-labelledby={`${idPrefix}-hour-label`}
        aria-describedby={`${idPrefix}-hour-help`}
      >
        <p className="pub-label" id={`${idPrefix}-hour-label`}>
          {hourLabel}
        </p>
        <p className="pub-hint" id={`${idPrefix}-hour-help`}>
          Available times: {SERVICE_HOURS}
        </p>
        <div className="pub-hour-grid">
          {hours.map((option) => {
            const reasonId = `${idPrefix}-hour-${option.hour}-reason`;
            return (
              <span key={option.hour} className="pub-hour-cell">
                <button
                  type="button"
                  className={`pub-chip pub-chip--hour${option.booked ? ' pub-chip--booked' : ''}`}
                  aria-pressed={option.hour === hour}
                  disabled={option.disabled}
                  title={option.reason}
                  aria-describedby={option.reason ? reasonId : undefined}
                  onClick={() => onHour(option.hour)}
                >
                  {option.label}
                </button>
                {option.reason && (
                  <span id={reasonId} className="pub-visually-hidden">
                    {option.reason}
                  </span>
                )}
              </span>
            );
          })}
        </div>
      </div>
    </>
  );
}
