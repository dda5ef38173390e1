import { ERROR_CODES, TEXT_LIMITS, outsideServiceArea, type TimeSlot } from '@cincy/contracts';
import {
  EMPTY_BOOKING_FORM,
  buildAppointmentPayload,
  buildBookingPayload,
  buildCustomerPayload,
  confirmationPath,
  dateChoices,
  filterPhoneInput,
  firstOpenHour,
  formatZipInput,
  hourOptions,
  suggestedSlot,
  mapServerFieldErrors,
  submissionErrorToast,
  type BookingFormValues,
} from './booking-form.util';

// Friday 14 June 2030, 10:30 in Cincinnati (EDT, UTC-4).
const NOW = new Date('2030-06-14T10:30:00-04:00');
const TODAY = '2030-06-14';
const TOMORROW = '2030-06-15';

const form = (patch: Partial<BookingFormValues> = {}): BookingFormValues => ({
  ...EMPTY_BOOKING_FORM,
  firstName: 'Jane',
  lastName: 'Doe',
  phone: '(513) 555-0142',
  street: '123 Main St',
  city: 'Cincinnati',
  state: 'OH',
  zip: '45202',
  agreeToTerms: true,
  ...patch,
});

describe('buildCustomerPayload', () => {
  it('joins first and last name, trims the phone and sends no email when none was given', () => {
    expect(
      buildCustomerPayload(
        form({ firstName: '  Jane ', lastName: ' van  Doe ', phone: ' 513 555 0142 ' }),
      ),
    ).toEqual({ name: 'Jane van Doe', phone: '513 555 0142', email: null });
    expect(buildCustomerPayload(form({ email: '   ' })).email).toBeNull();
  });

  it('joins the longest first and last name the form takes into a name the server takes', () => {
    const name = buildCustomerPayload(
      form({
        firstName: 'F'.repeat(TEXT_LIMITS.firstName),
        lastName: 'L'.repeat(TEXT_LIMITS.lastName),
      }),
    ).name;
    expect(name).toHaveLength(101);
    expect(name.length).toBeLessThanOrEqual(TEXT_LIMITS.name);
  });

  it('sends the email the visitor typed, trimmed', () => {
    expect(buildCustomerPayload(form({ email: ' jane@example.com ' })).email).toBe(
      'jane@example.com',
    );
  });
});

describe('buildAppointmentPayload', () => {
  it('sends an ASAP request with the address in one string and no schedule', () => {
    expect(buildAppointmentPayload(form())).toEqual({
      location: '123 Main St, Cincinnati, OH 45202',
      vehicle: null,
      preferredTime: 'ASAP',
      scheduledDate: null,
      scheduledTime: null,
      notes: null,
      status: 'pending',
      priority: 'normal',
    });
  });

  it('collapses whitespace in the address and keeps only digits and hyphens of the zip', () => {
    const payload = buildAppointmentPayload(
      form({ street: '  123   Main\tSt ', city: ' West  Chester ', zip: '45 069-12a34' }),
    );
    expect(payload.location).toBe('123 Main St, West Chester, OH 45069-1234');
  });

  it("sends the state's two-letter code, even when the state came as its name", () => {
    expect(
      buildAppointmentPayload(form({ state: 'KY', city: 'Covington', zip: '41011' })).location,
    ).toBe('123 Main St, Covington, KY 41011');
    expect(buildAppointmentPayload(form({ state: 'Indiana', zip: '47025' })).location).toBe(
      '123 Main St, Cincinnati, IN 47025',
    );
  });

  it('sends a chosen hour as the preferred date, the scheduled date and HH:MM:SS', () => {
    const payload = buildAppointmentPayload(
      form({ preferredDate: TOMORROW, scheduledTime: `${TOMORROW}T09:00` }),
    );
    expect(payload).toMatchObject({
      preferredTime: TOMORROW,
      scheduledDate: TOMORROW,
      scheduledTime: '09:00:00',
    });
  });

  it('sends a date without an hour as that date and a null time', () => {
    expect(buildAppointmentPayload(form({ preferredDate: TOMORROW }))).toMatchObject({
      preferredTime: TOMORROW,
      scheduledDate: TOMORROW,
      scheduledTime: null,
    });
  });

  it('joins the vehicle as "year make model (colour)", skipping empty parts', () => {
    const full = form({
      vehicleYear: '2019',
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      vehicleColor: 'Blue',
    });
    expect(buildAppointmentPayload(full).vehicle).toBe('2019 Toyota Camry (Blue)');
    expect(buildAppointmentPayload(form({ vehicleMake: 'Honda' })).vehicle).toBe('Honda');
  });

  it('trims notes and sends empty notes as null', () => {
    expect(buildAppointmentPayload(form({ notes: '  Gate code 42  ' })).notes).toBe('Gate code 42');
    expect(buildAppointmentPayload(form({ notes: '   ' })).notes).toBeNull();
  });
});

describe('buildBookingPayload', () => {
  it("sends the customer's fields and the appointment's in one body (POST /api/bookings)", () => {
    const values = form({ email: 'jane@example.com', notes: 'Gate code 42' });
    expect(buildBookingPayload(values)).toEqual({
      ...buildCustomerPayload(values),
      ...buildAppointmentPayload(values),
    });
    expect(buildBookingPayload(values)).toMatchObject({
      email: 'jane@example.com',
      location: '123 Main St, Cincinnati, OH 45202',
      notes: 'Gate code 42',
    });
    expect(buildBookingPayload(values)).not.toHaveProperty('customerId');
  });
});

describe('confirmationPath', () => {
  it("opens the confirmation by the booking's private link, with nothing personal in it", () => {
    expect(confirmationPath('abcdefghijkl_-0123456789ABCDEFGHIJ')).toBe(
      '/confirmation/abcdefghijkl_-0123456789ABCDEFGHIJ',
    );
  });

  it('goes to "Find your booking" when the answer had no link', () => {
    expect(confirmationPath(null)).toBe('/confirmation');
  });
});

describe('filterPhoneInput', () => {
  it('keeps only digits, parentheses, spaces and hyphens', () => {
    expect(filterPhoneInput('(513) 555-01a4b2.+x')).toBe('(513) 555-0142');
  });
});

describe('formatZipInput', () => {
  it('drops everything but digits and hyphens', () => {
    expect(formatZipInput('4a5b202')).toBe('45202');
  });

  it('inserts a hyphen after five digits', () => {
    expect(formatZipInput('452021234')).toBe('45202-1234');
  });

  it('allows at most 10 characters', () => {
    expect(formatZipInput('1 2 3 4 5 6 7 8 9 0')).toBe('12345-6789');
  });

  it('keeps a hyphen typed right after the fifth digit, so typing can go on', () => {
    expect(formatZipInput('12345-')).toBe('12345-');
  });
});

describe('hourOptions', () => {
  it('offers the 13 hours 9 AM to 9 PM', () => {
    const options = hourOptions(TOMORROW, undefined, NOW);
    expect(options.map((o) => o.hour)).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    expect(options[0].label).toBe('9 AM');
    expect(options[3].label).toBe('12 PM');
    expect(options[12].label).toBe('9 PM');
    expect(options.every((o) => !o.disabled)).toBe(true);
  });

  it('disables the hours of today that have begun, with the reason "Time has passed"', () => {
    const options = hourOptions(TODAY, undefined, NOW);
    const byHour = (hour: number) => options.find((o) => o.hour === hour);
    expect(byHour(9)).toMatchObject({ disabled: true, reason: 'Time has passed' });
    expect(byHour(10)).toMatchObject({ disabled: true, reason: 'Time has passed' });
    expect(byHour(11)).toMatchObject({ disabled: false });
    expect(byHour(11)?.reason).toBeUndefined();
  });

  it("disables an hour the server reports unavailable, with the server's reason", () => {
    const slots: TimeSlot[] = [
      { hour: 17, available: false, reason: 'Fully booked' },
      { hour: 18, available: false },
      { hour: 19, available: true },
    ];
    const options = hourOptions(TOMORROW, slots, NOW);
    const byHour = (hour: number) => options.find((o) => o.hour === hour);
    expect(byHour(17)).toMatchObject({ disabled: true, reason: 'Fully booked' });
    expect(byHour(18)).toMatchObject({ disabled: true, reason: 'Not available' });
    expect(byHour(19)).toMatchObject({ disabled: false });
  });

  it('reports a passed hour as passed even when the server calls it full', () => {
    const slots: TimeSlot[] = [{ hour: 10, available: false, reason: 'Fully booked' }];
    expect(hourOptions(TODAY, slots, NOW)[1]).toMatchObject({ reason: 'Time has passed' });
  });
});

describe('the hour suggested outside ASAP hours', () => {
  it('is the first hour of the grid that can still be chosen', () => {
    const slots: TimeSlot[] = [{ hour: 11, available: false, reason: 'Outside working hours' }];
    expect(firstOpenHour(hourOptions(TODAY, slots, NOW))).toBe(12);
    expect(firstOpenHour(hourOptions('2030-06-13', undefined, NOW))).toBeNull();
  });

  it('is tomorrow at 9 AM late in the evening, and today at 9 AM early in the morning', () => {
    // 22:40 in Cincinnati (02:40 UTC the next day).
    expect(suggestedSlot(new Date('2030-06-15T02:40:00Z'))).toEqual({ date: TOMORROW, hour: 9 });
    // 21:00: the 9 PM hour has begun, so today has nothing left.
    expect(suggestedSlot(new Date('2030-06-14T21:00:00-04:00'))).toEqual({
      date: TOMORROW,
      hour: 9,
    });
    expect(suggestedSlot(new Date('2030-06-14T07:15:00-04:00'))).toEqual({ date: TODAY, hour: 9 });
  });
});

describe('dateChoices', () => {
  it('offers today and the next 6 days: Today, Tomorrow, then weekday, month and day', () => {
    const choices = dateChoices(NOW);
    expect(choices).toHaveLength(7);
    expect(choices.slice(0, 3)).toEqual([
      { value: TODAY, label: 'Today' },
      { value: TOMORROW, label: 'Tomorrow' },
      { value: '2030-06-16', label: 'Sun, Jun 16' },
    ]);
    expect(choices[6].value).toBe('2030-06-20');
  });
});

describe('submissionErrorToast', () => {
  it("titles a message about the rapid-response window 'Alternative Scheduling Available'", () => {
    const message =
      'ASAP requests are handled in our rapid-response window, 9 AM - 9 PM. Please schedule a time for later.';
    expect(submissionErrorToast(message)).toEqual({
      title: 'Alternative Scheduling Available',
      description: message,
      rapidResponse: true,
    });
  });

  it('titles an OUTSIDE_SERVICE_HOURS refusal so by its code, whatever its words', () => {
    expect(submissionErrorToast('We are closed now.', 'OUTSIDE_SERVICE_HOURS')).toMatchObject({
      title: 'Alternative Scheduling Available',
      rapidResponse: true,
    });
    expect(submissionErrorToast('We are closed now.', 'TIME_SLOT_FULL').rapidResponse).toBe(false);
  });

  it('shows any other message as it is', () => {
    expect(submissionErrorToast('That hour is taken.')).toMatchObject({
      description: 'That hour is taken.',
      rapidResponse: false,
    });
  });

  it("falls back to 'Please check your information and try again.' for an empty message", () => {
    expect(submissionErrorToast('  ').description).toBe(
      'Please check your information and try again.',
    );
    expect(submissionErrorToast(undefined).description).toBe(
      'Please check your information and try again.',
    );
  });
});

describe('mapServerFieldErrors', () => {
  it('puts the server fields on the form fields: the location on the street, the name on the first name', () => {
    expect(
      mapServerFieldErrors({
        location: 'Location is required',
        name: 'Name is required',
        scheduledTime: 'That time has already passed.',
      }),
    ).toEqual({
      street: 'Location is required',
      firstName: 'Name is required',
      scheduledTime: 'That time has already passed.',
    });
    expect(
      mapServerFieldErrors({ location: 'Location is required' }, ERROR_CODES.validation),
    ).toEqual({ street: 'Location is required' });
  });

  it("puts the server's refusal of the email on the email field", () => {
    expect(mapServerFieldErrors({ email: 'Invalid email' }, ERROR_CODES.validation)).toEqual({
      email: 'Invalid email',
    });
  });

  it('puts an OUTSIDE_SERVICE_AREA refusal of the location on the ZIP field', () => {
    const message = outsideServiceArea('43215');
    expect(mapServerFieldErrors({ location: message }, ERROR_CODES.outsideServiceArea)).toEqual({
      zip: message,
    });
  });

  it('drops fields the form does not have, and keeps the first message of a field', () => {
    expect(
      mapServerFieldErrors({ customerId: 'Customer is required', phone: 'a', name: 'b' }),
    ).toEqual({ phone: 'a', firstName: 'b' });
    expect(mapServerFieldErrors(undefined, ERROR_CODES.outsideServiceArea)).toEqual({});
  });
});
