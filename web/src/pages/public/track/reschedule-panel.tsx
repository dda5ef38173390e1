import { BOOKING_MESSAGES, ERROR_CODES, type TrackingView } from '@cincy/contracts';
import { useMemo, useState } from 'react';
import { errorCodeOf } from '../../../api/request';
import type { RescheduledBooking } from '../../../api/tracking';
import { useMoveMyVisit } from '../../../hooks/use-my-visit';
import { dateChoices, hourOptions } from '../../../features/booking/booking-form.util';
import { DateHourGrid } from '../../../features/booking/date-hour-grid';
import { useNow } from '../../../hooks/use-now';
import { useTimeSlots } from '../../../hooks/use-time-slots';
import { hourOf, refusalMessage, scheduledLabel, slotTime } from './track-view.util';

interface ReschedulePanelProps {
  token: string;
  view: Pick<TrackingView, 'scheduledDate' | 'scheduledTime'>;
  onMoved: (moved: RescheduledBooking) => void;
  onClose: () => void;
  /** A refusal may mean the visit moved on meanwhile: the page reads it again. */
  onRefused: () => void;
}

/**
 * "Change time": the next seven days and the hour grid of the chosen one (the booking form's
 * rules and the server's availability), then "Move my visit". The visit's own hour is shown and
 * cannot be chosen again.
 */
export function ReschedulePanel({
  token,
  view,
  onMoved,
  onClose,
  onRefused,
}: ReschedulePanelProps) {
  // Re-read every minute, so an hour that begins while the grid is open stops being offered.
  const nowMs = useNow(60_000);
  const now = useMemo(() => new Date(nowMs), [nowMs]);
  const dates = useMemo(() => dateChoices(now), [now]);
  const [date, setDate] = useState(() =>
    dates.some((d) => d.value === view.scheduledDate) ? view.scheduledDate! : dates[0].value,
  );
  const [hour, setHour] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const slots = useTimeSlots({ date, address: '' }, true);
  const bookedHour = date === view.scheduledDate ? hourOf(view.scheduledTime) : null;
  const hours = hourOptions(date, slots.data, now).map((option) =>
    option.hour === bookedHour
      ? { ...option, disabled: true, reason: 'Your visit is booked for this hour', booked: true }
      : { ...option, booked: false },
  );

  const move = useMoveMyVisit(token);

  const chooseDate = (value: string) => {
    setDate(value);
    setHour(null);
    setError(null);
  };

  const submit = async () => {
    if (hour === null || move.isPending) return;
    setError(null);
    try {
      onMoved(await move.mutateAsync({ scheduledDate: date, scheduledTime: slotTime(hour) }));
    } catch (refused) {
      const fallback =
        errorCodeOf(refused) === ERROR_CODES.timeSlotFull
          ? BOOKING_MESSAGES.timeSlotFull
          : 'We could not move your visit. Please try again.';
      setError(refusalMessage(refused, fallback));
      onRefused();
    }
  };

  const chosenLabel = hour === null ? null : scheduledLabel(date, slotTime(hour));

  return (
    <section className="pub-card" aria-labelledby="reschedule-title">
      <h2 className="pub-card-title" id="reschedule-title">
        Change time
      </h2>
      <div className="pub-schedule">
        <DateHourGrid
          idPrefix="reschedule"
          dateLabel="Day"
          hourLabel="Hour"
          dates={dates}
          date={date}
          onDate={chooseDate}
          hours={hours}
          hour={hour}
          onHour={(chosen) => {
            setHour(chosen);
            setError(null);
          }}
        />

        {error && (
          <p className="pub-form-alert" role="alert">
            {error}
          </p>
        )}

        <div className="pub-actions pub-dialog-actions">
          <button type="button" className="pub-button pub-button--secondary" onClick={onClose}>
            Keep my time
          </button>
          <button
            type="button"
            className="pub-button pub-button--primary"
            disabled={hour === null}
            aria-disabled={move.isPending || undefined}
            onClick={() => void submit()}
          >
            {move.isPending
              ? 'Moving...'
              : chosenLabel
                ? `Move my visit to ${chosenLabel}`
                : 'Choose a new hour'}
          </button>
        </div>
      </div>
    </section>
  );
}
