import type { useBookingForm as UseBookingForm } from './use-booking-form';
import { EMPTY_BOOKING_FORM } from './booking-form.util';

/**
 * The hook's state without a DOM (these tests run in Node): React's useState and useCallback are
 * replaced by a minimal one-component runner, and each `render()` calls the hook again, as React
 * would after a state change.
 */
const slots: unknown[] = [];
let next = 0;
jest.doMock('react', () => ({
  ...jest.requireActual('react'),
  useState: <T>(initial: T | (() => T)) => {
    const i = next++;
    if (!(i in slots)) slots[i] = typeof initial === 'function' ? (initial as () => T)() : initial;
    const set = (value: T | ((prev: T) => T)) => {
      slots[i] = typeof value === 'function' ? (value as (prev: T) => T)(slots[i] as T) : value;
    };
    return [slots[i], set];
  },
  useCallback: <F>(fn: F) => fn,
}));

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the mock above
const { useBookingForm } = require('./use-booking-form') as {
  useBookingForm: typeof UseBookingForm;
};

function render() {
  next = 0;
  // eslint-disable-next-line react-hooks/rules-of-hooks -- the runner above stands in for React
  return useBookingForm();
}

/** Fills the form as a visitor would, one render per change. */
function fill() {
  render().bind('firstName').onChange('Jane');
  render().bind('lastName').onChange('Doe');
  render().bind('phone').onChange('(513) 555-0142');
  render().bind('street').onChange('123 Main St');
  render().setAgreeToTerms(true);
  return render();
}

describe('useBookingForm: one Idempotency-Key per filled form', () => {
  beforeEach(() => {
    slots.length = 0;
  });

  it('makes a key on mount and keeps it while the form is filled and sent again', () => {
    const key = render().idempotencyKey;
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const filled = fill();
    expect(filled.values).toMatchObject({ firstName: 'Jane', agreeToTerms: true });
    expect(filled.idempotencyKey).toBe(key);
    // A failed send shows errors and changes nothing else: the retry carries the same key.
    filled.showErrors({ phone: 'Phone number must be at least 10 digits' });
    expect(render().idempotencyKey).toBe(key);
  });

  it('empties every field and the terms box after a booking, with a new key for the next one', () => {
    const key = render().idempotencyKey;
    const filled = fill();
    filled.chooseTiming('later', new Date('2030-06-14T10:30:00-04:00'));
    render().showErrors({ zip: 'ZIP code is required' });
    render().reset();
    const after = render();
    expect(after.values).toEqual(EMPTY_BOOKING_FORM);
    expect(after.values.agreeToTerms).toBe(false);
    expect(after.errors).toEqual({});
    expect(after.timing).toBe('asap');
    expect(after.idempotencyKey).not.toBe(key);
  });
});

describe('useBookingForm outside ASAP hours', () => {
  beforeEach(() => {
    slots.length = 0;
  });
  // 22:40 in Cincinnati on Friday 14 June 2030.
  const LATE = new Date('2030-06-15T02:40:00Z');

  it('opens "Schedule for Later" with the first free hour, which follows the grid until the visitor picks one', () => {
    render().scheduleFirstFreeHour(LATE);
    const suggested = render();
    expect(suggested.timing).toBe('later');
    expect(suggested.values).toMatchObject({
      preferredDate: '2030-06-15',
      scheduledTime: '2030-06-15T09:00',
    });
    expect(suggested.hourSuggested).toBe(true);

    // The grid's answer closes 9 AM: the suggestion moves on.
    suggested.moveSuggestedHour(10);
    expect(render().values.scheduledTime).toBe('2030-06-15T10:00');

    // Once the visitor picks an hour, nothing moves it.
    render().chooseHour(14);
    const picked = render();
    expect(picked.hourSuggested).toBe(false);
    picked.moveSuggestedHour(11);
    expect(render().values.scheduledTime).toBe('2030-06-15T14:00');
  });
});
