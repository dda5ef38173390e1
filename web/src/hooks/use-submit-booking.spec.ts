import { BOOKING_MESSAGES, type BookingInput } from '@cincy/contracts';
import { BookingSubmitError, submitBooking, type BookingRequest } from './use-submit-booking';

const realFetch = globalThis.fetch;
let calls: { url: string; body: unknown }[];
/** The Idempotency-Key header of each call, in order (null when it sent none). */
let keys: (string | null)[];

/** Answers the calls in order: a Response, or an Error for a network failure. */
function answers(...queue: (Response | Error)[]) {
  calls = [];
  keys = [];
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    calls.push({ url: String(input), body: JSON.parse(String(init?.body)) });
    keys.push(new Headers(init?.headers).get('Idempotency-Key'));
    const next = queue.shift();
    if (!next) throw new Error(`unexpected call to ${String(input)}`);
    if (next instanceof Error) throw next;
    return next;
  }) as typeof fetch;
}

afterEach(() => {
  globalThis.fetch = realFetch;
});

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });

/** POST /api/bookings' answer: the appointment as POST /api/appointments gives it. */
const created = {
  id: 34,
  customerId: 12,
  status: 'pending',
  priority: 'normal',
  location: '123 Main St, Cincinnati, OH 45202',
  scheduledDate: null,
  scheduledTime: null,
  requestedAt: '2030-06-14T14:30:00.000Z',
  reference: 'CB-7K3Q9',
  token: 'abcdefghijkl_-0123456789ABCDEFGHIJ',
};

const booking: BookingInput = {
  name: 'Jane Doe',
  phone: '(513) 555-0142',
  email: null,
  location: '123 Main St, Cincinnati, Ohio 45202',
  vehicle: null,
  preferredTime: 'ASAP',
  scheduledDate: null,
  scheduledTime: null,
  notes: null,
  status: 'pending',
  priority: 'normal',
};

const request: BookingRequest = {
  booking,
  idempotencyKey: '6f1c2a9e-0d3b-4c55-9a1e-2b7f3c4d5e6f',
};

async function failure(): Promise<BookingSubmitError> {
  const error = await submitBooking(request).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof BookingSubmitError))
    throw new Error(`expected BookingSubmitError, got ${error}`);
  return error;
}

describe('submitBooking', () => {
  it('books the customer and the appointment in one call, and resolves the booking made', async () => {
    answers(json(201, created));
    await expect(submitBooking(request)).resolves.toEqual({
      id: 34,
      reference: 'CB-7K3Q9',
      token: 'abcdefghijkl_-0123456789ABCDEFGHIJ',
    });
    expect(calls).toEqual([{ url: '/api/bookings', body: booking }]);
  });

  describe('the Idempotency-Key', () => {
    it("sends the form's key with the booking", async () => {
      answers(json(201, created));
      await submitBooking(request);
      expect(keys).toEqual([request.idempotencyKey]);
    });

    it('sends the same key again when the same form is sent again after a lost answer', async () => {
      answers(new TypeError('Failed to fetch'));
      expect((await failure()).message).toBe(BOOKING_MESSAGES.submitFallback);
      answers(json(201, created));
      await expect(submitBooking(request)).resolves.toMatchObject({ id: 34 });
      expect(keys).toEqual([request.idempotencyKey]);
    });

    it("shows the server's words when the key was used with other details", async () => {
      const message =
        'This request was already sent with different details. Please refresh the page and try again.';
      answers(json(422, { code: 'IDEMPOTENCY_KEY_REUSED', message }));
      expect((await failure()).message).toBe(message);
    });
  });

  describe('a refusal', () => {
    it("shows the server's message and field errors (a customer's field or the appointment's)", async () => {
      const fieldErrors = { phone: 'Phone number must be at least 10 digits' };
      answers(
        json(
          400,
          { code: 'VALIDATION_FAILED', message: fieldErrors.phone, fieldErrors },
          'Bad Request',
        ),
      );
      const error = await failure();
      expect(error.message).toBe(fieldErrors.phone);
      expect(error.fieldErrors).toEqual(fieldErrors);
      expect(error.code).toBe('VALIDATION_FAILED');
    });

    it("shows the server's message for a full hour", async () => {
      answers(json(409, { code: 'TIME_SLOT_FULL', message: 'That hour is taken.' }, 'Conflict'));
      expect((await failure()).message).toBe('That hour is taken.');
    });

    it('falls back to the spec text for a full hour without a server message', async () => {
      answers(json(409, { code: 'TIME_SLOT_FULL' }, 'Conflict'));
      expect((await failure()).message).toBe(
        'That time slot is fully booked. Please choose a different time or call us at (513) 555-0142 for alternative availability.',
      );
    });

    it('falls back to the spec text for any other refusal without a server message', async () => {
      answers(new Response('', { status: 502, statusText: 'Bad Gateway' }));
      expect((await failure()).message).toBe(
        'Failed to create appointment. Please try again or call (513) 555-0142 for assistance.',
      );
    });
  });

  describe('the answer, read with the contract (createdAppointmentSchema)', () => {
    it.each([
      ['has no id', { ...created, id: undefined }],
      ['has an id that is not a number', { ...created, id: '34' }],
      ['lacks the private link', { ...created, token: undefined }],
      ['is empty', {}],
    ])("answers 'Failed to create appointment - invalid response' when it %s", async (_, body) => {
      answers(json(201, body));
      expect((await failure()).message).toBe('Failed to create appointment - invalid response');
    });

    it("answers 'Failed to create appointment - invalid response' when it is not JSON", async () => {
      answers(new Response('OK', { status: 200 }));
      expect((await failure()).message).toBe('Failed to create appointment - invalid response');
    });
  });

  it("shows 'Please check your information and try again.' for a network failure", async () => {
    answers(new TypeError('Failed to fetch'));
    expect((await failure()).message).toBe('Please check your information and try again.');
  });
});
