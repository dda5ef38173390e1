import { TRACKING_MESSAGES, findBookingSchema } from '@cincy/contracts';
import { ApiRequestError } from '../../../api/request';
import { TOO_MANY_TRIES, UNREACHABLE } from '../../../lib/public-form';
import {
  checkFindBooking as checkWith,
  findBookingRefusal,
  type FindBookingValues,
} from './find-booking.util';

const checkFindBooking = (values: FindBookingValues) => checkWith(values, findBookingSchema);

describe('checkFindBooking', () => {
  it('sends the reference tidied (case, spaces, prefix optional) and the phone trimmed', () => {
    expect(checkFindBooking({ reference: ' cb 7k3q9 ', phone: ' (513) 555-0142 ' })).toEqual({
      ok: true,
      body: { reference: 'CB-7K3Q9', phone: '(513) 555-0142' },
    });
    expect(checkFindBooking({ reference: '7K3Q9', phone: '5135550142' })).toEqual({
      ok: true,
      body: { reference: 'CB-7K3Q9', phone: '5135550142' },
    });
  });

  it('requires both fields', () => {
    expect(checkFindBooking({ reference: '  ', phone: '' })).toEqual({
      ok: false,
      errors: {
        reference: 'Reference is required',
        phone: 'Phone number is required',
      },
    });
  });

  it.each(['CB-7K3Q', 'CB-7K3Q90', 'CB-0K3Q9', 'CB-IL3Q9', 'XX-7K3Q9'])(
    'refuses %s as a reference',
    (reference) => {
      expect(checkFindBooking({ reference, phone: '5135550142' })).toEqual({
        ok: false,
        errors: { reference: 'Enter the reference as it reads, like CB-7K3Q9' },
      });
    },
  );

  it('refuses a phone of fewer than 10 digits, letters, or one too long', () => {
    const phoneError = (phone: string) => {
      const check = checkFindBooking({ reference: 'CB-7K3Q9', phone });
      return check.ok ? undefined : check.errors.phone;
    };
    expect(phoneError('513-555-014')).toBe('Phone number must be at least 10 digits');
    expect(phoneError('513 555 O142')).toBe(
      'Phone number may contain only digits, spaces, parentheses and hyphens',
    );
    expect(phoneError('5'.repeat(21))).toBe('Phone number must be at most 20 characters');
  });
});

describe('findBookingRefusal', () => {
  const refused = (status: number, body?: unknown) => new ApiRequestError(status, '', body);

  it("shows the server's words for no match, else the friendly default", () => {
    expect(findBookingRefusal(refused(404, { code: 'NOT_FOUND', message: 'No match.' }))).toEqual({
      message: 'No match.',
      errors: {},
    });
    expect(findBookingRefusal(refused(404)).message).toBe(TRACKING_MESSAGES.findNotFound);
  });

  it("tells the visitor to wait after too many tries, in the server's words when it sent some", () => {
    const wait = 'Too many attempts. Try again in 9 minutes.';
    expect(findBookingRefusal(refused(429, { code: 'RATE_LIMITED', message: wait })).message).toBe(
      wait,
    );
    expect(findBookingRefusal(refused(429)).message).toBe(TOO_MANY_TRIES);
  });

  it('puts refused fields beside their fields', () => {
    const body = {
      code: 'VALIDATION_ERROR',
      message: 'Phone number must be at least 10 digits',
      fieldErrors: { phone: 'Phone number must be at least 10 digits', other: 'x' },
    };
    expect(findBookingRefusal(refused(400, body))).toEqual({
      message: 'Phone number must be at least 10 digits',
      errors: { phone: 'Phone number must be at least 10 digits' },
    });
  });

  it('says the server could not be reached when the request never got an answer', () => {
    expect(findBookingRefusal(new TypeError('Failed to fetch')).message).toBe(UNREACHABLE);
  });
});
