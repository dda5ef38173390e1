import { outsideServiceArea } from '@cincy/contracts';
import { EMPTY_BOOKING_FORM, type BookingFormValues } from './booking-form.util';
import { validateBookingField, validateBookingForm } from './booking-validation.util';

const form = (patch: Partial<BookingFormValues> = {}): BookingFormValues => ({
  ...EMPTY_BOOKING_FORM,
  firstName: 'Jane',
  lastName: 'Doe',
  phone: '(513) 555-0142',
  street: '123 Main St',
  city: 'Columbus',
  state: 'Ohio',
  zip: '45202',
  agreeToTerms: true,
  ...patch,
});

describe('the ZIP field and the service area', () => {
  it('passes a ZIP the vans serve, ZIP+4 too', () => {
    expect(validateBookingForm(form())).toEqual({});
    expect(validateBookingField(form({ zip: '41011-2345' }), 'zip')).toBeUndefined();
  });

  it('says at the ZIP field that a ZIP outside is not served, with the number to call', () => {
    expect(validateBookingForm(form({ zip: '43215' }))).toEqual({
      zip: outsideServiceArea('43215'),
    });
    expect(validateBookingField(form({ zip: '43215-0001' }), 'zip')).toBe(
      outsideServiceArea('43215'),
    );
  });

  it('keeps the format message for a ZIP not yet typed in full', () => {
    expect(validateBookingField(form({ zip: '4321' }), 'zip')).toBe(
      'ZIP code must be at least 5 digits',
    );
    expect(validateBookingField(form({ zip: '43215-' }), 'zip')).toBe(
      'ZIP code must be in format 12345 or 12345-6789',
    );
  });
});

describe('the optional email', () => {
  it('passes a form without an email, or with spaces only', () => {
    expect(validateBookingForm(form({ email: '' }))).toEqual({});
    expect(validateBookingForm(form({ email: '  ' }))).toEqual({});
    expect(validateBookingForm(form({ email: undefined }))).toEqual({});
  });

  it('passes a real address, even with spaces around it', () => {
    expect(validateBookingField(form({ email: ' jane@example.com ' }), 'email')).toBeUndefined();
  });

  it("refuses what is not an email with the customer schema's message", () => {
    expect(validateBookingForm(form({ email: 'jane@' }))).toEqual({ email: 'Invalid email' });
    expect(validateBookingField(form({ email: 'not an email' }), 'email')).toBe('Invalid email');
  });

  it('refuses an address longer than the server keeps', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    expect(validateBookingField(form({ email: long }), 'email')).toBeDefined();
  });
});
