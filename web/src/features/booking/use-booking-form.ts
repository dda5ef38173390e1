import { useCallback, useState } from 'react';
import { isPastHour } from '@cincy/contracts';
import { PUBLIC_FIELD_LOOK } from '../../components/form-field';
import { fieldId } from './booking-fields.util';
import { newIdempotencyKey } from './idempotency-key.util';
import {
  EMPTY_BOOKING_FORM,
  filterPhoneInput,
  firstBookableDate,
  formatZipInput,
  parseScheduledTime,
  suggestedSlot,
  toScheduledTime,
  type BookingFieldErrors,
  type BookingFieldName,
  type BookingFormValues,
  type TimingMode,
} from './booking-form.util';

type TextFieldName = Exclude<BookingFieldName, 'agreeToTerms'>;

/** Input filters applied as the visitor types or pastes. */
const INPUT_FILTERS: Partial<Record<TextFieldName, (raw: string) => string>> = {
  phone: filterPhoneInput,
  zip: formatZipInput,
};

/** The free-text fields, which a visitor can type into before the page is hydrated. */
const TYPED_BEFORE_HYDRATION = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'street',
  'city',
  'zip',
  'notes',
] as const satisfies readonly TextFieldName[];

/**
 * What a visitor typed into the prerendered form before its code arrived (a slow phone): theirs,
 * and kept. Read from the page only while the form there is the prerendered one, not yet React's
 * (`data-hydrated`): a form drawn later starts empty.
 */
function typedBeforeHydration(): BookingFormValues {
  if (typeof document === 'undefined') return EMPTY_BOOKING_FORM;
  const form = document.getElementById(fieldId('firstName'))?.closest('form');
  if (!form || form.hasAttribute('data-hydrated')) return EMPTY_BOOKING_FORM;
  const typed = { ...EMPTY_BOOKING_FORM };
  for (const field of TYPED_BEFORE_HYDRATION) {
    const input = document.getElementById(fieldId(field)) as HTMLInputElement | null;
    if (input?.value) typed[field] = INPUT_FILTERS[field]?.(input.value) ?? input.value;
  }
  return typed;
}

type BookingValidation = typeof import('./booking-validation.util');
let validation: BookingValidation | undefined;
let loading: Promise<BookingValidation> | undefined;

/**
 * The validation (zod and the booking schema) is fetched at the visitor's first interaction, not
 * with the page: the form is drawn and usable on a phone before that code arrives.
 */
function loadValidation(): Promise<BookingValidation> {
  loading ??= import('./booking-validation.util').then((module) => (validation = module));
  return loading;
}

/** The booking form's values, errors and the rules that tie fields together (make/model, timing). */
export function useBookingForm() {
  const [values, setValues] = useState<BookingFormValues>(typedBeforeHydration);
  const [errors, setErrors] = useState<BookingFieldErrors>({});
  const [timing, setTiming] = useState<TimingMode>('asap');
  // The hour was suggested (outside ASAP hours), not picked: it follows the grid's answer until
  // the visitor picks one.
  const [hourSuggested, setHourSuggested] = useState(false);
  // One key per filled form, from mount until it has booked: a second tap, a retry after a lost
  // answer, or Back to a form still filled sends the same key, and the server books once.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const update = useCallback(
    (patch: Partial<BookingFormValues>) => {
      const next = { ...values, ...patch };
      setValues(next);
      // A field already showing an error is re-checked as it changes, so the message clears when fixed.
      // (An error is shown only after a validation, so the module is here by then.)
      setErrors((prev) => {
        const shown = (Object.keys(patch) as BookingFieldName[]).filter((field) => prev[field]);
        if (shown.length === 0 || !validation) return prev;
        const copy = { ...prev };
        for (const field of shown) copy[field] = validation.validateBookingField(next, field);
        return copy;
      });
    },
    [values],
  );

  const setText = useCallback(
    (field: TextFieldName, raw: string) => {
      void loadValidation();
      const value = INPUT_FILTERS[field]?.(raw) ?? raw;
      if (field === 'vehicleMake') update({ vehicleMake: value, vehicleModel: '' });
      else update({ [field]: value });
    },
    [update],
  );

  /** The year and make a VIN told; a new make clears the model, as choosing one does. */
  const fillVehicle = useCallback(
    (fill: Partial<Pick<BookingFormValues, 'vehicleYear' | 'vehicleMake'>>) =>
      update({
        ...fill,
        ...(fill.vehicleMake && fill.vehicleMake !== values.vehicleMake
          ? { vehicleModel: '' }
          : {}),
      }),
    [update, values.vehicleMake],
  );

  const setAgreeToTerms = useCallback(
    (agree: boolean) => update({ agreeToTerms: agree }),
    [update],
  );

  const blurField = useCallback(
    (field: BookingFieldName) => {
      // Blur of an untouched empty field stays quiet; the submit reports it.
      const value = values[field];
      if (value === '' || value === undefined) return;
      void loadValidation().then(({ validateBookingField }) =>
        setErrors((prev) => ({ ...prev, [field]: validateBookingField(values, field) })),
      );
    },
    [values],
  );

  const chooseTiming = useCallback(
    (mode: TimingMode, now: Date = new Date()) => {
      setTiming(mode);
      setHourSuggested(false);
      if (mode === 'asap') update({ preferredDate: '', scheduledTime: '' });
      else update({ preferredDate: values.preferredDate || firstBookableDate(now) });
    },
    [update, values.preferredDate],
  );

  const chooseDate = useCallback(
    (date: string, now: Date = new Date()) => {
      const slot = parseScheduledTime(values.scheduledTime);
      // Keep the chosen hour on the new date when it is still open there.
      const scheduledTime =
        slot && !isPastHour(date, slot.hour, now) ? toScheduledTime(date, slot.hour) : '';
      update({ preferredDate: date, scheduledTime });
    },
    [update, values.scheduledTime],
  );

  const chooseHour = useCallback(
    (hour: number) => {
      if (!values.preferredDate) return;
      setHourSuggested(false);
      update({ scheduledTime: toScheduledTime(values.preferredDate, hour) });
    },
    [update, values.preferredDate],
  );

  /** Outside ASAP hours: "Schedule for Later" with the first free hour chosen. */
  const scheduleFirstFreeHour = useCallback(
    (now: Date = new Date()) => {
      const { date, hour } = suggestedSlot(now);
      setTiming('later');
      setHourSuggested(hour !== null);
      update({
        preferredDate: date,
        scheduledTime: hour === null ? '' : toScheduledTime(date, hour),
      });
    },
    [update],
  );

  /** Moves a suggested hour the grid has closed to the one it offers first (none: no hour). */
  const moveSuggestedHour = useCallback(
    (hour: number | null) => {
      if (!hourSuggested || !values.preferredDate) return;
      setHourSuggested(hour !== null);
      update({ scheduledTime: hour === null ? '' : toScheduledTime(values.preferredDate, hour) });
    },
    [hourSuggested, update, values.preferredDate],
  );

  const validateAll = useCallback(async (): Promise<BookingFieldErrors> => {
    const found = (await loadValidation()).validateBookingForm(values);
    setErrors(found);
    return found;
  }, [values]);

  /**
   * The props that tie a shared field to one of the form's fields: id, name and the public look,
   * value, change, error, and the check on blur. The vehicle selects skip it: their only errors
   * come from the server and stay until the visitor changes the choice.
   */
  const bind = (field: TextFieldName, { checkOnBlur = true } = {}) => ({
    id: fieldId(field),
    name: field,
    look: PUBLIC_FIELD_LOOK,
    value: values[field] ?? '',
    onChange: (value: string) => setText(field, value),
    onBlur: checkOnBlur ? () => blurField(field) : undefined,
    error: errors[field],
  });

  const showErrors = useCallback(
    (found: BookingFieldErrors) => setErrors((prev) => ({ ...prev, ...found })),
    [],
  );

  /** After a booking: an empty form (terms unticked) with a new key, for the next booking. */
  const reset = useCallback(() => {
    setValues(EMPTY_BOOKING_FORM);
    setErrors({});
    setTiming('asap');
    setHourSuggested(false);
    setIdempotencyKey(newIdempotencyKey());
  }, []);

  return {
    values,
    errors,
    timing,
    hourSuggested,
    idempotencyKey,
    bind,
    fillVehicle,
    setAgreeToTerms,
    chooseTiming,
    chooseDate,
    chooseHour,
    scheduleFirstFreeHour,
    moveSuggestedHour,
    validateAll,
    showErrors,
    reset,
  };
}

export type BookingFormState = ReturnType<typeof useBookingForm>;
