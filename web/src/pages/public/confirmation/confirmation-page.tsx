import {
  TRACKING_MESSAGES,
  formatLocation,
  formatPhone,
  isLinkToken,
  type BookingDetails,
} from '@cincy/contracts';
import { Link, useParams } from 'react-router-dom';
import { useBookingDetails } from '../../../hooks/use-my-visit';
import {
  endedEarly,
  endedText,
  isNotFound,
  loadFailedMessage,
  preferredTimeLabel,
  waitLine,
} from '../track/track-view.util';
import { FactRow, PhoneLink, PublicCard } from '../public-blocks';
import { FindBookingPage, LinkLoadFailed, LinkLoading, PrivateLinkHead } from './booking-link';

const NEXT_STEPS = [
  {
    title: 'Confirmation call',
    text: 'We call you shortly to confirm the details and your preferred time.',
  },
  {
    title: 'Technician dispatched',
    text: 'A technician heads your way with a new battery matched to your vehicle.',
  },
  {
    title: 'Service complete',
    text: 'Your battery is tested, installed and your old one recycled, usually in 15-25 minutes.',
  },
] as const;

const TITLE = 'Service Request Received';

/**
 * /confirmation/<token>: the booking just made, read by its private link (no personal data in
 * the address). /confirmation alone, or a link that opens nothing: "Find your booking".
 */
export function ConfirmationPage() {
  const { token } = useParams();
  if (!token) return <FindBookingPage />;
  return <BookingConfirmation token={token} />;
}

function BookingConfirmation({ token }: { token: string }) {
  const wellFormed = isLinkToken(token);
  // Read again on each visit: the visit moves on (or was changed on the tracking page).
  const booking = useBookingDetails(token);

  if (!wellFormed || isNotFound(booking.error))
    return <FindBookingPage notice={TRACKING_MESSAGES.notFound} />;
  if (booking.isPending) return <LinkLoading title={TITLE} label="Loading your booking..." />;
  if (booking.isError)
    return (
      <LinkLoadFailed
        title={TITLE}
        message={loadFailedMessage(booking.error, 'booking')}
        onRetry={() => void booking.refetch()}
      />
    );
  return <ConfirmationDetails details={booking.data} token={token} />;
}

function ConfirmationDetails({ details, token }: { details: BookingDetails; token: string }) {
  const { contact, tracking } = details;
  const name = contact.name.trim();
  const wait = waitLine(tracking);
  const ended = endedEarly(tracking.status) ? endedText(tracking.status) : null;

  return (
    <main className="pub-page pub-info">
      <PrivateLinkHead title={TITLE} />
      <div className="pub-success-mark" aria-hidden="true">
        <svg width="56" height="56" viewBox="0 0 56 56">
          <circle cx="28" cy="28" r="26" fill="#dcfce7" />
          <path
            d="M17 29l7 7 15-16"
            stroke="#15803d"
            strokeWidth="4"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h1 className="pub-title">{TITLE}</h1>
      <p className="pub-lead">
        Thank you{name ? `, ${name}` : ''}! Your request has been sent to our team.
      </p>

      <p className="pub-reference">
        Your reference: <strong className="pub-reference-code">{details.reference}</strong>
        <span className="pub-reference-note"> — keep it to find your booking</span>
      </p>
      {ended && <p className="pub-notice">{ended}</p>}
      {wait && <p className="pub-lead">{wait}</p>}

      <div className="pub-actions pub-actions--top">
        <Link
          className="pub-button pub-button--primary pub-button--large"
          to={`/track/${encodeURIComponent(token)}`}
        >
          Track your technician
        </Link>
      </div>

      <PublicCard titleId="pub-details-title" title="Request Details">
        <dl className="pub-details">
          <FactRow term="Contact">
            {name || 'Not specified'}
            {contact.phone && (
              <>
                <br />
                {formatPhone(contact.phone)}
              </>
            )}
          </FactRow>
          <FactRow term="Service Location">
            {details.location ? formatLocation(details.location) : 'Not specified'}
          </FactRow>
          <FactRow term="Vehicle">{details.vehicle || 'Not specified'}</FactRow>
          <FactRow term="Preferred Time">
            {preferredTimeLabel(details.preferredTime, tracking)}
          </FactRow>
          {details.notes?.trim() && (
            <FactRow term="Notes" className="pub-pre-wrap">
              {details.notes.trim()}
            </FactRow>
          )}
        </dl>
      </PublicCard>

      <PublicCard titleId="pub-next-title" title="What Happens Next">
        <ol className="pub-steps">
          {NEXT_STEPS.map((step) => (
            <li key={step.title}>
              <strong>{step.title}</strong>
              <span>{step.text}</span>
            </li>
          ))}
        </ol>
      </PublicCard>

      <p className="pub-lead">
        Questions or changes? Call us at <PhoneLink />.
      </p>
      <div className="pub-actions">
        <Link className="pub-button pub-button--secondary" to="/">
          Return Home
        </Link>
      </div>
    </main>
  );
}
