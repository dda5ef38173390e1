import {
  SERVED_STATES,
  SERVICE_HOURS,
  TEXT_LIMITS,
  US_STATES,
  asapClosedMessage,
  isWithinServiceHours,
} from '@cincy/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  FieldError,
  PUBLIC_FIELD_LOOK,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/form-field';
import { dismissToast, toast } from '../../../components/toast';
import { AlternativeSchedulingNotice } from '../../../features/booking/alternative-scheduling-notice';
import { errorId, fieldId } from '../../../features/booking/booking-fields.util';
import {
  buildBookingPayload,
  confirmationPath,
  mapServerFieldErrors,
  submissionErrorToast,
  type BookingFieldName,
} from '../../../features/booking/booking-form.util';
import { firstInvalidField } from '../../../features/booking/booking-field-order';
import { TimingSection } from '../../../features/booking/timing-section';
import { useBookingForm } from '../../../features/booking/use-booking-form';
import { VehicleSection } from '../../../features/booking/vehicle-section';
import { useHydrated, useNow } from '../../../hooks/use-now';
import { BookingSubmitError, useSubmitBooking } from '../../../hooks/use-submit-booking';
import { PhoneLink } from '../public-blocks';

const TIMING_FIELDS: readonly BookingFieldName[] = ['preferredDate', 'scheduledTime'];

/** The states the vans reach: read by name, sent by code ("OH"). */
const STATE_OPTIONS = SERVED_STATES.map((code) => ({ value: code, label: US_STATES[code] }));

export function CustomerFormPage() {
  const form = useBookingForm();
  const { values, errors, bind } = form;
  // Re-read every minute, so an hour that begins while the form is open stops being offered.
  const now = new Date(useNow(60_000));
  // The prerendered page offers ASAP; the visitor's clock decides once the page is theirs.
  const hydrated = useHydrated();
  const asapOpen = !hydrated || isWithinServiceHours(now);
  const navigate = useNavigate();
  const submit = useSubmitBooking();
  const [notice, setNotice] = useState<string | null>(null);
  const timingHeading = useRef<HTMLHeadingElement>(null);
  const checking = useRef(false);

  // Outside ASAP hours the form opens on "Schedule for Later" with the first free hour (also when
  // the window closes while it is open, or after a booking empties it).
  const { timing, scheduleFirstFreeHour } = form;
  const nowMs = now.getTime();
  useEffect(() => {
    if (!asapOpen && timing === 'asap') scheduleFirstFreeHour(new Date(nowMs));
  }, [asapOpen, timing, scheduleFirstFreeHour, nowMs]);

  const focusTiming = () => {
    timingHeading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    timingHeading.current?.focus({ preventScroll: true });
  };

  const focusField = (field: BookingFieldName) => {
    if (TIMING_FIELDS.includes(field)) return focusTiming();
    document.getElementById(fieldId(field))?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A second tap while the validation is still loading must not book twice.
    if (submit.isPending || checking.current) return;
    checking.current = true;
    let found;
    try {
      found = await form.validateAll();
    } finally {
      checking.current = false;
    }
    const first = firstInvalidField(found);
    if (first) {
      focusField(first);
      return;
    }
    try {
      const booked = await submit.mutateAsync({
        booking: buildBookingPayload(values),
        idempotencyKey: form.idempotencyKey,
      });
      dismissToast(); // an earlier failure's toast must not follow the visitor to the thank-you page
      // Emptied before leaving, so Back finds a blank form (and a new key), not one tap from
      // booking the same visit again.
      form.reset();
      navigate(confirmationPath(booked.token));
    } catch (error) {
      const refused = error instanceof BookingSubmitError ? error : undefined;
      const shown = submissionErrorToast(refused?.message, refused?.code);
      toast({ title: shown.title, description: shown.description, variant: 'info' });
      if (shown.rapidResponse) setNotice(shown.description);
      if (error instanceof BookingSubmitError && error.fieldErrors) {
        const serverErrors = mapServerFieldErrors(error.fieldErrors, error.code);
        form.showErrors(serverErrors);
        const field = firstInvalidField(serverErrors);
        if (field) focusField(field);
      }
    }
  };

  const sending = submit.isPending;

  return (
    <main className="pub-page pub-page--form">
      <header className="pub-form-header">
        <h1 className="pub-title">Request Mobile Battery Service</h1>
        <p className="pub-lead">
          Fill in the form and a technician will come to you. Service hours: {SERVICE_HOURS}, 7 days
          a week.
        </p>
        {!asapOpen && <p className="pub-notice">{asapClosedMessage(now)}</p>}
        <p className="pub-small">
          Prefer to talk? Call <PhoneLink />.
        </p>
      </header>

      {notice && <AlternativeSchedulingNotice message={notice} onTryDifferent={focusTiming} />}

      <form
        className="pub-form"
        noValidate
        onSubmit={onSubmit}
        aria-describedby="booking-required-note"
        // Set once React has the form (the text typed before is adopted: useBookingForm).
        data-hydrated={hydrated || undefined}
      >
        <p className="pub-small" id="booking-required-note">
          Fields marked <span aria-hidden="true">*</span>
          <span className="pub-visually-hidden">with an asterisk</span> are required.
        </p>

        <fieldset className="pub-fieldset">
          <legend className="pub-legend">Contact Information</legend>
          <div className="pub-grid pub-grid--2">
            <TextField
              {...bind('firstName')}
              label="First Name"
              required
              autoComplete="given-name"
              maxLength={TEXT_LIMITS.firstName}
            />
            <TextField
              {...bind('lastName')}
              label="Last Name"
              required
              autoComplete="family-name"
              maxLength={TEXT_LIMITS.lastName}
            />
          </div>
          <TextField
            {...bind('phone')}
            label="Phone Number"
            type="tel"
            inputMode="tel"
            required
            autoComplete="tel-national"
            placeholder="(513) 555-0123"
            maxLength={TEXT_LIMITS.phone}
          />
          <TextField
            {...bind('email')}
            label="Email (optional)"
            type="email"
            inputMode="email"
            autoComplete="email"
            hint="For your confirmation and receipt"
            maxLength={TEXT_LIMITS.email}
          />
        </fieldset>

        <fieldset className="pub-fieldset">
          <legend className="pub-legend">Service Location</legend>
          <TextField
            {...bind('street')}
            label="Street Address"
            required
            autoComplete="address-line1"
            placeholder="123 Main St"
            maxLength={TEXT_LIMITS.street}
          />
          <div className="pub-grid pub-grid--3">
            <TextField
              {...bind('city')}
              label="City"
              required
              autoComplete="address-level2"
              maxLength={TEXT_LIMITS.city}
            />
            <SelectField
              {...bind('state')}
              label="State"
              required
              placeholder="Select state"
              options={STATE_OPTIONS}
            />
            <TextField
              {...bind('zip')}
              label="ZIP Code"
              required
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="45202"
              maxLength={10}
            />
          </div>
        </fieldset>

        <VehicleSection form={form} />

        <TimingSection form={form} now={now} asapOpen={asapOpen} headingRef={timingHeading} />

        <fieldset className="pub-fieldset">
          <legend className="pub-legend">
            Additional Notes <span className="pub-legend-note">(optional)</span>
          </legend>
          <TextAreaField
            {...bind('notes')}
            label="Notes"
            hint="Gate codes, parking spot, or anything the technician should know."
            rows={3}
            maxLength={TEXT_LIMITS.notes}
          />
        </fieldset>

        <div className="pub-agreement">
          <p className="pub-small">
            Please read our{' '}
            <Link to="/terms-of-service" target="_blank" rel="noopener">
              terms of service<span className="pub-visually-hidden"> (opens in a new tab)</span>
            </Link>{' '}
            before you submit.
          </p>
          <div className="pub-checkbox">
            <input
              type="checkbox"
              id={fieldId('agreeToTerms')}
              name="agreeToTerms"
              checked={values.agreeToTerms}
              onChange={(e) => form.setAgreeToTerms(e.target.checked)}
              aria-invalid={errors.agreeToTerms ? true : undefined}
              aria-describedby={errors.agreeToTerms ? errorId('agreeToTerms') : undefined}
            />
            <label htmlFor={fieldId('agreeToTerms')}>I agree to the terms of service</label>
          </div>
          <FieldError
            id={fieldId('agreeToTerms')}
            error={errors.agreeToTerms}
            look={PUBLIC_FIELD_LOOK}
          />
        </div>

        <button
          type="submit"
          className="pub-button pub-button--primary pub-button--block"
          disabled={!values.agreeToTerms || sending}
        >
          {sending ? 'Submitting...' : 'Submit Service Request'}
        </button>
      </form>
    </main>
  );
}
