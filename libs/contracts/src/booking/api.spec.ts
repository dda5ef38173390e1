import { toValidationError } from '../errors';
import {
  appointmentInputSchema,
  appointmentRequestSchema,
  bookingFormSchema,
  customerInputSchema,
  customerListQuerySchema,
  idempotencyKeySchema,
  timeSlotsQuerySchema,
} from './api';
import { outsideServiceArea } from './service-area';

const validForm = {
  firstName: 'Jane',
  lastName: 'Doe',
  phone: '(513) 555-0100',
  street: '123 Main St',
  city: 'Cincinnati',
  state: 'Ohio',
  zip: '45202',
  agreeToTerms: true,
};

function messagesFor(schema: typeof bookingFormSchema, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? {} : toValidationError(result.error).fieldErrors;
}

describe('booking form contract', () => {
  it('accepts a complete form', () => {
    expect(bookingFormSchema.safeParse(validForm).success).toBe(true);
  });

  it.each([
    ['firstName', '', 'First name is required'],
    ['lastName', '', 'Last name is required'],
    ['phone', '513555', 'Phone number must be at least 10 digits'],
    ['street', '', 'Street address is required'],
    ['street', 'Main Street', 'Street address should include a house number'],
    ['city', '', 'City is required'],
    ['state', '', 'State is required'],
    ['zip', '452', 'ZIP code must be at least 5 digits'],
    ['zip', '45202-12', 'ZIP code must be in format 12345 or 12345-6789'],
    ['agreeToTerms', false, 'You must agree to the terms of service'],
  ])('%s = %j answers "%s"', (field, value, message) => {
    expect(messagesFor(bookingFormSchema, { ...validForm, [field]: value })?.[field]).toBe(message);
  });

  it('accepts a ZIP+4', () => {
    expect(bookingFormSchema.safeParse({ ...validForm, zip: '45202-1234' }).success).toBe(true);
  });

  it('accepts the served ZIPs of Ohio, Northern Kentucky and Southeast Indiana', () => {
    for (const zip of ['45202', '45069', '41011', '47025'])
      expect(bookingFormSchema.safeParse({ ...validForm, zip }).success).toBe(true);
  });

  it.each([['43215'], ['43215-0001'], ['10001']])(
    'says at the ZIP that %s is outside the service area, with the number to call',
    (zip) => {
      const issues = bookingFormSchema.safeParse({ ...validForm, zip }).error?.issues ?? [];
      expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['zip', outsideServiceArea(zip.slice(0, 5))],
      ]);
    },
  );

  it('gives a malformed ZIP only its format message, not the service area one', () => {
    const issues = bookingFormSchema.safeParse({ ...validForm, zip: '43215-' }).error?.issues ?? [];
    expect(issues.map((i) => i.message)).toEqual([
      'ZIP code must be in format 12345 or 12345-6789',
    ]);
  });
});

describe('customer contract', () => {
  it('joins the spec messages for name and phone and turns an empty email into null', () => {
    const bad = customerInputSchema.safeParse({ name: ' ', phone: '' });
    expect(bad.success).toBe(false);
    expect(toValidationError(bad.error!).fieldErrors).toEqual({
      name: 'Name is required',
      phone: 'Phone number is required',
    });
    const ok = customerInputSchema.parse({ name: 'Jane Doe', phone: '513-555-0100', email: '' });
    expect(ok.email).toBeNull();
  });

  it('rejects an invalid email with "Invalid email"', () => {
    const bad = customerInputSchema.safeParse({ name: 'Jane', phone: '5135550100', email: 'nope' });
    expect(toValidationError(bad.error!).fieldErrors?.email).toBe('Invalid email');
  });

  it('counts digits, not characters, for the phone minimum', () => {
    expect(customerInputSchema.safeParse({ name: 'J', phone: '(513) 555-01' }).success).toBe(false);
  });

  it('refuses text longer than the limits', () => {
    const bad = customerInputSchema.safeParse({ name: 'x'.repeat(102), phone: '5135550100' });
    expect(toValidationError(bad.error!).fieldErrors?.name).toBe(
      'Name must be at most 101 characters',
    );
  });

  it('takes the name the booking form sends for the longest first and last name it accepts', () => {
    const form = bookingFormSchema.shape;
    const firstName = 'F'.repeat(50);
    const lastName = 'L'.repeat(50);
    expect(form.firstName.safeParse(firstName).success).toBe(true);
    expect(form.lastName.safeParse(lastName).success).toBe(true);
    const joined = customerInputSchema.safeParse({
      name: `${firstName} ${lastName}`,
      phone: '5135550100',
    });
    expect(joined.success).toBe(true);
  });
});

describe('appointment contract', () => {
  it('requires customerId and location, everything else optional and nullable', () => {
    const bad = appointmentInputSchema.safeParse({});
    expect(Object.keys(toValidationError(bad.error!).fieldErrors ?? {}).sort()).toEqual([
      'customerId',
      'location',
    ]);
    const ok = appointmentInputSchema.parse({
      customerId: 3,
      location: '1 Main St, Cincinnati, Ohio 45202',
      vehicle: null,
      preferredTime: 'ASAP',
      scheduledDate: null,
      scheduledTime: null,
      notes: '',
      status: 'pending',
      priority: 'normal',
    });
    expect(ok).toMatchObject({ customerId: 3, notes: null, vehicle: null, scheduledDate: null });
  });

  it('only lets a new appointment start as pending with normal priority', () => {
    expect(
      appointmentInputSchema.safeParse({ customerId: 1, location: 'x', status: 'completed' })
        .success,
    ).toBe(false);
    expect(
      appointmentInputSchema.safeParse({ customerId: 1, location: 'x', priority: 'urgent' })
        .success,
    ).toBe(false);
  });

  it('checks the date and time formats', () => {
    const bad = appointmentInputSchema.safeParse({
      customerId: 1,
      location: 'x',
      scheduledDate: '11/21/2026',
      scheduledTime: '2pm',
    });
    expect(toValidationError(bad.error!).fieldErrors).toMatchObject({
      scheduledDate: 'Scheduled date must be in format YYYY-MM-DD',
      scheduledTime: 'Scheduled time must be in format HH:MM:SS',
    });
  });
});

/** The field errors of any schema, as the API answers them. */
function fieldErrorsOf(schema: { safeParse(value: unknown): { error?: unknown } }, value: unknown) {
  const { error } = schema.safeParse(value);
  return error ? toValidationError(error as never).fieldErrors : undefined;
}

describe("written messages, never zod's default English", () => {
  it("says 'Date is required' for the hour grid without a date, and the format for a bad one", () => {
    expect(fieldErrorsOf(timeSlotsQuerySchema, {})).toEqual({ date: 'Date is required' });
    expect(fieldErrorsOf(timeSlotsQuerySchema, { date: '14/06/2030' })).toEqual({
      date: 'Date must be in format YYYY-MM-DD',
    });
    expect(fieldErrorsOf(timeSlotsQuerySchema, { date: ['2030-06-14', '2030-06-15'] })).toEqual({
      date: 'Date must be in format YYYY-MM-DD',
    });
    expect(fieldErrorsOf(timeSlotsQuerySchema, { date: '2030-06-14', address: 5 })).toEqual({
      address: 'Address must be text',
    });
    expect(
      fieldErrorsOf(timeSlotsQuerySchema, { date: '2030-06-14', address: 'x'.repeat(251) }),
    ).toEqual({ address: 'Address must be at most 250 characters' });
  });

  it('names each customer field of the wrong type', () => {
    expect(fieldErrorsOf(customerInputSchema, { name: 7, phone: 5135550100, email: 3 })).toEqual({
      name: 'Name must be text',
      phone: 'Phone number must be text',
      email: 'Invalid email',
    });
    expect(fieldErrorsOf(customerListQuerySchema, { search: ['a', 'b'] })).toEqual({
      search: 'Search must be text',
    });
  });

  it('names each appointment field missing or of the wrong type', () => {
    expect(fieldErrorsOf(appointmentInputSchema, {})).toEqual({
      customerId: 'Customer is required',
      location: 'Location is required',
    });
    expect(
      fieldErrorsOf(appointmentInputSchema, {
        customerId: 1,
        location: 42,
        vehicle: 2019,
        preferredTime: 5,
        scheduledDate: 20300614,
        scheduledTime: 14,
        notes: ['gate'],
      }),
    ).toEqual({
      location: 'Location must be text',
      vehicle: 'Vehicle must be text',
      preferredTime: 'Preferred time must be ASAP or a date',
      scheduledDate: 'Scheduled date must be in format YYYY-MM-DD',
      scheduledTime: 'Scheduled time must be in format HH:MM:SS',
      notes: 'Notes must be text',
    });
    expect(
      fieldErrorsOf(appointmentInputSchema, {
        customerId: 1,
        location: 'x',
        preferredTime: 'soon',
      }),
    ).toEqual({ preferredTime: 'Preferred time must be ASAP or a date' });
  });

  it('names each booking form field missing or of the wrong type', () => {
    expect(fieldErrorsOf(bookingFormSchema, {})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phone: 'Phone number is required',
      street: 'Street address is required',
      city: 'City is required',
      state: 'State is required',
      zip: 'ZIP code is required',
      agreeToTerms: 'You must agree to the terms of service',
    });
    expect(
      fieldErrorsOf(bookingFormSchema, {
        ...validForm,
        vehicleYear: 2019,
        notes: 5,
        agreeToTerms: 'yes',
      }),
    ).toEqual({
      vehicleYear: 'Vehicle year must be text',
      notes: 'Notes must be text',
      agreeToTerms: 'You must agree to the terms of service',
    });
  });
});

describe('Idempotency-Key', () => {
  it.each([['a'], ['6f1c2a9e-0d3b-4c55-9a1e-2b7f3c4d5e6f'], ['~!#$%&*+'], ['k'.repeat(255)]])(
    'accepts %j',
    (key) => {
      expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
    },
  );

  it.each([[''], ['two words'], ['caf\u00e9'], ['tab\there'], ['k'.repeat(256)], [42]])(
    'refuses %j with a clear message',
    (key) => {
      const bad = idempotencyKeySchema.safeParse(key);
      expect(bad.error?.issues[0].message).toMatch(/^Idempotency-Key must be (text|1 to 255)/);
    },
  );

  it('rides along the appointment to booking, optional', () => {
    const appointment = { customerId: 3, location: '1 Main St' };
    expect(appointmentRequestSchema.parse(appointment).idempotencyKey).toBeUndefined();
    expect(
      appointmentRequestSchema.parse({ ...appointment, idempotencyKey: 'abc-123' }).idempotencyKey,
    ).toBe('abc-123');
  });
});

describe('customer phone storage', () => {
  it('keeps the phone as digits, however it was typed', () => {
    for (const typed of ['(513) 555-0188', '513-555-0188', '+1 513 555 0188', '5135550188'])
      expect(customerInputSchema.parse({ name: 'Jane', phone: typed }).phone).toBe('5135550188');
  });

  it('still refuses with the same messages', () => {
    const bad = customerInputSchema.safeParse({ name: 'Jane', phone: '513-555' });
    expect(toValidationError(bad.error!).fieldErrors?.phone).toBe(
      'Phone number must be at least 10 digits',
    );
  });
});
