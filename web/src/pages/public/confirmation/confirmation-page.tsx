import { Link, useSearchParams } from 'react-router-dom';
import { FactRow, PhoneLink, PublicCard } from '../public-blocks';

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

export function ConfirmationPage() {
  const [params] = useSearchParams();
  const read = (key: string) => params.get(key)?.trim() ?? '';
  const name = read('name');
  const phone = read('phone');
  const location = read('location');
  const vehicle = read('vehicle');
  const time = read('time');
  const notes = read('notes');

  return (
    <main className="pub-page pub-info">
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
      <h1 className="pub-title">Service Request Received</h1>
      <p className="pub-lead">
        Thank you{name ? `, ${name}` : ''}! Your request has been sent to our team.
      </p>

      <PublicCard titleId="pub-details-title" title="Request Details">
        <dl className="pub-details">
          <FactRow term="Contact">
            {name || 'Not specified'}
            {phone && (
              <>
                <br />
                {phone}
              </>
            )}
          </FactRow>
          <FactRow term="Service Location">{location || 'Not specified'}</FactRow>
          <FactRow term="Vehicle">{vehicle || 'Not specified'}</FactRow>
          <FactRow term="Preferred Time">{time || 'ASAP'}</FactRow>
          {notes && (
            <FactRow term="Notes" className="pub-pre-wrap">
              {notes}
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
        <Link className="pub-button pub-button--primary" to="/">
          Return Home
        </Link>
      </div>
    </main>
  );
}
