import { TEXT_LIMITS } from '@cincy/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useFindBooking } from '../../../hooks/use-my-visit';
import { PUBLIC_FIELD_LOOK, TextField } from '../../../components/form-field';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { PhoneLink, PublicCard } from '../public-blocks';
import {
  checkFindBooking,
  findBookingRefusal,
  type FindBookingErrors,
  type FindBookingField,
  type FindBookingValues,
} from './find-booking.util';

// What the private-link pages (/confirmation/<token>, /track/<token>) share: their head, their
// waiting and failing states, and "Find your booking" for a link that opens nothing.

/**
 * The page's title, and no Referer from it: the address holds the private link, and a page it
 * opens (a map tile, a link out) must not be told it. React 19 puts both in the document's head.
 */
export function PrivateLinkHead({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} | Cincy Battery`}</title>
      <meta name="referrer" content="no-referrer" />
    </>
  );
}

export function LinkLoading({ title, label }: { title: string; label: string }) {
  return (
    <main className="pub-page pub-info">
      <PrivateLinkHead title={title} />
      <LoadingIndicator label={label} />
    </main>
  );
}

interface LinkLoadFailedProps {
  title: string;
  message: string;
  onRetry: () => void;
}

/** The visit could not be read (no connection, too many tries, the server failed). */
export function LinkLoadFailed({ title, message, onRetry }: LinkLoadFailedProps) {
  return (
    <main className="pub-page pub-info">
      <PrivateLinkHead title={title} />
      <h1 className="pub-title">{title}</h1>
      <p className="pub-lead" role="alert">
        {message}
      </p>
      <p className="pub-lead">
        You can also call us at <PhoneLink />.
      </p>
      <div className="pub-actions">
        <button type="button" className="pub-button pub-button--primary" onClick={onRetry}>
          Try Again
        </button>
        <Link className="pub-button pub-button--secondary" to="/">
          Return Home
        </Link>
      </div>
    </main>
  );
}

const FIELD_IDS: Record<FindBookingField, string> = {
  reference: 'find-reference',
  phone: 'find-phone',
};

/**
 * "Find your booking": a reference and the phone number it was booked with open a new private
 * link (the tracking page). `notice` says why the visitor is here (a link that opened nothing).
 */
export function FindBookingPage({ notice }: { notice?: string }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<FindBookingValues>({ reference: '', phone: '' });
  const [errors, setErrors] = useState<FindBookingErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalRef = useRef<HTMLParagraphElement>(null);
  const find = useFindBooking();

  const change = (field: FindBookingField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const showErrors = (found: FindBookingErrors) => {
    setErrors(found);
    const first = (['reference', 'phone'] as const).find((f) => found[f]);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (find.isPending) return;
    setRefusal(null);
    const { findBookingSchema } = await import('./find-booking.schema');
    const check = checkFindBooking(values, findBookingSchema);
    if (!check.ok) return showErrors(check.errors);
    setErrors({});
    try {
      const { token } = await find.mutateAsync(check.body);
      navigate(`/track/${encodeURIComponent(token)}`);
    } catch (error) {
      const refused = findBookingRefusal(error);
      setRefusal(refused.message);
      if (Object.keys(refused.errors).length) showErrors(refused.errors);
      else refusalRef.current?.focus();
    }
  };

  return (
    <main className="pub-page pub-info">
      <PrivateLinkHead title="Find Your Booking" />
      <h1 className="pub-title">Find your booking</h1>
      {notice && (
        <p className="pub-notice" role="status">
          {notice}
        </p>
      )}
      <p className="pub-lead">
        Enter the reference from your confirmation and the phone number you booked with.
      </p>
      <PublicCard titleId="find-booking-title" title="Your booking">
        <form className="pub-form" noValidate onSubmit={onSubmit}>
          {refusal && (
            <p className="pub-form-alert" role="alert" tabIndex={-1} ref={refusalRef}>
              {refusal}
            </p>
          )}
          <TextField
            id={FIELD_IDS.reference}
            name="reference"
            label="Reference"
            look={PUBLIC_FIELD_LOOK}
            required
            value={values.reference}
            onChange={change('reference')}
            error={errors.reference}
            placeholder="CB-7K3Q9"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
          />
          <TextField
            id={FIELD_IDS.phone}
            name="phone"
            label="Phone number"
            look={PUBLIC_FIELD_LOOK}
            required
            type="tel"
            inputMode="tel"
            value={values.phone}
            onChange={change('phone')}
            error={errors.phone}
            placeholder="(513) 555-0123"
            autoComplete="tel-national"
            maxLength={TEXT_LIMITS.phone}
          />
          <button
            type="submit"
            className="pub-button pub-button--primary pub-button--block"
            // Not disabled: the button keeps the focus; a second press while looking does nothing.
            aria-disabled={find.isPending || undefined}
          >
            {find.isPending ? 'Looking...' : 'Find My Booking'}
          </button>
        </form>
      </PublicCard>
      <p className="pub-lead">
        Lost your reference? Call us at <PhoneLink />.
      </p>
    </main>
  );
}
