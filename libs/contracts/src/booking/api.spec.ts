import { toValidationError } from '../errors';
import { appointmentInputSchema, bookingFormSchema, customerInputSchema } from './api';

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

describe('booking form contract (spec section 5)', () => {
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
    const bad = customerInputSchema.safeParse({ name: 'x'.repeat(101), phone: '5135550100' });
    expect(toValidationError(bad.error!).fieldErrors?.name).toBe(
      'Name must be at most 100 characters',
    );
  });
});

describe('appointment contract (spec section 3 payload)', () => {
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
