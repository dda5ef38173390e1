import {
  isClosed,
  ARRIVAL_MESSAGES,
  TEST_DECISION_LABELS,
  TRACKING_MESSAGES,
  isLinkToken,
  type PhotoKind,
  type TrackingView,
} from '@cincy/contracts';

/** The photos of a visit as its customer's page names them. */
const VISIT_PHOTO_NAMES: Record<PhotoKind, string> = {
  label: "Your new battery's label",
  old: 'Your old battery',
  signature: 'Your signature',
};
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  payVisit,
  receiptUrl,
  visitPhotoUrl,
  type RescheduledBooking,
} from '../../../api/tracking';
import { serverMessageOf } from '../../../api/request';
import { useMyVisitCache, useTrackingView } from '../../../hooks/use-my-visit';
import {
  FindBookingPage,
  LinkLoadFailed,
  LinkLoading,
  PrivateLinkHead,
} from '../confirmation/booking-link';
import { PhoneLink, PublicCard } from '../public-blocks';
import { CancelDialog } from './cancel-dialog';
import { OptOut } from './opt-out';
import { ReschedulePanel } from './reschedule-panel';
import {
  arrivalLine,
  bookedLine,
  endedEarly,
  endedText,
  headline,
  isNotFound,
  isTrackingView,
  loadFailedMessage,
  offersPayNow,
  offersReceipt,
  paymentLine,
  scheduledLabel,
  showsMap,
  statusAnnouncement,
  stepTimeLabel,
  timelineRows,
  waitLine,
  type TimelineState,
} from './track-view.util';
import { useTrackSocket } from './use-track-socket';

// Leaflet only while the van is on its way: a chunk of its own, never in the page's first bundle.
const TrackMap = lazy(() => import('./track-map').then((m) => ({ default: m.TrackMap })));

const TITLE = 'Track Your Visit';

/** What a screen reader adds to each timeline step. */
const STATE_WORDS: Record<TimelineState, string> = {
  done: ', done',
  current: ', current step',
  upcoming: ', not yet',
  stopped: '',
};

/**
 * /track/<token>: the customer's visit as it happens, phone first. Read once, then kept current
 * by the `/track` socket; a link that opens nothing offers "Find your booking".
 */
export function TrackPage() {
  const { token = '' } = useParams();
  const wellFormed = isLinkToken(token);
  const track = useTrackingView(token);

  if (!wellFormed || isNotFound(track.error))
    return <FindBookingPage notice={TRACKING_MESSAGES.notFound} />;
  // A later read that failed keeps showing the visit as last read.
  if (track.data) return <TrackVisit token={token} view={track.data} />;
  if (track.isError)
    return (
      <LinkLoadFailed
        title={TITLE}
        message={loadFailedMessage(track.error, 'visit')}
        onRetry={() => void track.refetch()}
      />
    );
  return <LinkLoading title={TITLE} label="Loading your visit..." />;
}

export function TrackVisit({ token, view }: { token: string; view: TrackingView }) {
  const cache = useMyVisitCache(token);
  const heading = useRef<HTMLHeadingElement>(null);
  const [cancelling, setCancelling] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const [moved, setMoved] = useState<string | null>(null);
  const announcement = useStatusAnnouncement(view);

  // The confirmation page shows the visit too: both are read again.
  const readAgain = cache.readAgain;

  useTrackSocket(token, !isClosed(view.status), {
    onView: (next) => cache.write(next),
    onConnect: readAgain,
  });

  const onCancelled = (answer: unknown) => {
    if (isTrackingView(answer)) cache.write(answer);
    readAgain();
    setCancelling(false);
    setRescheduling(false);
    setMoved(null);
    // The button that opened the dialog is gone: the focus goes to the news.
    heading.current?.focus();
  };

  const onMoved = (answer: RescheduledBooking) => {
    cache.write((old) =>
      old
        ? { ...old, scheduledDate: answer.scheduledDate, scheduledTime: answer.scheduledTime }
        : old,
    );
    readAgain();
    setRescheduling(false);
    const label = scheduledLabel(answer.scheduledDate, answer.scheduledTime);
    setMoved(label ? `Your visit was moved to ${label}.` : TRACKING_MESSAGES.rescheduled);
  };

  const arrival = arrivalLine(view);
  const wait = waitLine(view);
  const booked = bookedLine(view);
  const ended = endedEarly(view.status) ? endedText(view.status) : null;
  const who = view.technician?.firstName ?? 'your technician';
  const seenAt = view.position ? stepTimeLabel(view.position.at) : null;

  return (
    <main className="pub-page pub-info pub-track">
      <PrivateLinkHead title={TITLE} />
      <p className="pub-track-reference">
        Reference <strong className="pub-reference-code">{view.reference}</strong>
      </p>
      <h1 className="pub-title" ref={heading} tabIndex={-1}>
        {headline(view)}
      </h1>
      <p className="pub-visually-hidden" role="status">
        {announcement}
      </p>

      {arrival && <p className="pub-track-eta">{arrival}</p>}
      {wait && <p className="pub-lead">{wait}</p>}
      {booked && <p className="pub-lead">{booked}</p>}
      {moved && <p className="pub-notice">{moved}</p>}
      {ended && (
        <div className="pub-notice">
          <p>{ended}</p>
          <Link className="pub-button pub-button--primary" to="/customer-form">
            Book another visit
          </Link>
        </div>
      )}

      {view.arrivalCode && (
        <p className="pub-track-code">
          <span>{ARRIVAL_MESSAGES.forCustomer}</span>
          {/* Read out digit by digit ("0 4 8 2"), not as a number. */}
          <strong className="pub-reference-code" aria-hidden="true">
            {view.arrivalCode}
          </strong>
          <span className="pub-visually-hidden">{view.arrivalCode.split('').join(' ')}</span>
        </p>
      )}

      {view.batteryTest && (
        <p className="pub-track-test">
          Your old battery tested at {view.batteryTest.stateOfHealth} % health:{' '}
          <strong>{TEST_DECISION_LABELS[view.batteryTest.decision]}</strong>
        </p>
      )}

      {view.photos.length > 0 && (
        <ul className="pub-track-photos" aria-label="Photos of your visit">
          {view.photos.map((photo) => (
            <li key={photo.id}>
              <a href={visitPhotoUrl(token, photo.id)} target="_blank" rel="noopener noreferrer">
                <img
                  src={visitPhotoUrl(token, photo.id)}
                  alt={VISIT_PHOTO_NAMES[photo.kind]}
                  width={96}
                  height={96}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}

      {view.payment && <VisitPayment token={token} payment={view.payment} />}

      {offersReceipt(view) && (
        <p className="pub-track-receipt">
          <a className="pub-button pub-button--primary" href={receiptUrl(token)} download>
            Download receipt (PDF)
          </a>
        </p>
      )}

      {showsMap(view) && view.position && (
        <Suspense fallback={<div className="pub-track-map" aria-hidden="true" />}>
          <TrackMap lat={view.position.lat} lng={view.position.lng} who={who} />
          {seenAt && <p className="pub-small">Location updated {seenAt}</p>}
        </Suspense>
      )}

      <PublicCard titleId="track-progress-title" title="Progress">
        <ol className="pub-timeline">
          {timelineRows(view).map((row) => (
            <li
              key={row.key}
              className={`pub-timeline-step is-${row.state}`}
              aria-current={row.state === 'current' ? 'step' : undefined}
            >
              <span className="pub-timeline-dot" aria-hidden="true" />
              <span className="pub-timeline-label">
                {row.label}
                <span className="pub-visually-hidden">{STATE_WORDS[row.state]}</span>
              </span>
              {row.time && <span className="pub-timeline-time">{row.time}</span>}
            </li>
          ))}
        </ol>
      </PublicCard>

      {(view.canReschedule || view.canCancel) && (
        <div className="pub-actions pub-track-actions">
          {view.canReschedule && (
            <button
              type="button"
              className="pub-button pub-button--secondary"
              aria-expanded={rescheduling}
              aria-controls="reschedule-panel"
              onClick={() => {
                setRescheduling((open) => !open);
                setMoved(null);
              }}
            >
              Change time
            </button>
          )}
          {view.canCancel && (
            <button
              type="button"
              className="pub-button pub-button--quiet"
              onClick={() => setCancelling(true)}
            >
              Cancel visit
            </button>
          )}
        </div>
      )}
      <div id="reschedule-panel">
        {/* Kept open when the visit moves on meanwhile, so a refusal's reason stays on screen. */}
        {rescheduling && !isClosed(view.status) && (
          <ReschedulePanel
            token={token}
            view={view}
            onMoved={onMoved}
            onClose={() => setRescheduling(false)}
            onRefused={readAgain}
          />
        )}
      </div>
      {(view.canCancel || cancelling) && (
        <CancelDialog
          token={token}
          open={cancelling}
          onClose={() => setCancelling(false)}
          onCancelled={onCancelled}
          onRefused={readAgain}
        />
      )}

      <p className="pub-lead">
        Questions or changes? Call us at <PhoneLink />.
      </p>
      <div className="pub-actions">
        <Link className="pub-button pub-button--secondary" to="/">
          Return Home
        </Link>
      </div>
      <OptOut token={token} />
    </main>
  );
}

/** The live region's text: the new headline each time the status changes (not on first read). */
function useStatusAnnouncement(view: TrackingView): string {
  const [said, setSaid] = useState('');
  const previous = useRef(view);
  useEffect(() => {
    const next = statusAnnouncement(previous.current, view);
    previous.current = view;
    if (next) setSaid(next);
  }, [view]);
  return said;
}

/**
 * What the done visit cost and whether it is paid; "Pay now" goes to the payment provider's card
 * page (the card is typed there, never here) and comes back to this page.
 */
function VisitPayment({ token, payment }: { token: string; payment: TrackingView['payment'] }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const line = paymentLine(payment);
  if (!line) return null;
  return (
    <div className="pub-track-payment">
      <p>
        <strong>{line}</strong>
      </p>
      {offersPayNow(payment) && (
        <button
          type="button"
          className="pub-button pub-button--primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            setProblem(null);
            payVisit(token).then(
              ({ url }) => window.location.assign(url),
              (error: unknown) => {
                setBusy(false);
                setProblem(
                  serverMessageOf(error) ?? 'The payment page did not open. Please try again.',
                );
              },
            );
          }}
        >
          {busy ? 'Opening the payment page…' : 'Pay now'}
        </button>
      )}
      {problem && (
        <p className="pub-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
