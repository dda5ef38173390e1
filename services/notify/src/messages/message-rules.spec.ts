import {
  RECIPIENT_PROBLEMS,
  businessDayRange,
  isStale,
  maskLinks,
  recipientProblem,
  recipientsOf,
  scheduledLabel,
} from './message-rules';

describe('recipients', () => {
  it('refuses what cannot be an email address or a phone number', () => {
    expect(recipientProblem('email', 'robin@example.com')).toBeNull();
    for (const bad of [
      'robin',
      'robin@',
      '@example.com',
      'robin@example',
      'a b@example.com',
      'x@y.com>',
    ])
      expect(recipientProblem('email', bad)).toBe(RECIPIENT_PROBLEMS.email);
    expect(recipientProblem('sms', '(513) 555-0188')).toBeNull();
    expect(recipientProblem('sms', '555-0188')).toBe(RECIPIENT_PROBLEMS.sms);
  });

  it('tells a customer by email and text, the number in E.164, and nothing once opted out', () => {
    const customer = { phone: '(513) 555-0188', email: ' robin@example.com ', optedOut: false };
    expect(recipientsOf(customer)).toEqual([
      { channel: 'email', to: 'robin@example.com', problem: null },
      { channel: 'sms', to: '+15135550188', problem: null },
    ]);
    expect(recipientsOf({ ...customer, email: null })).toEqual([
      { channel: 'sms', to: '+15135550188', problem: null },
    ]);
    expect(recipientsOf({ ...customer, email: 'nope', phone: '12' })).toEqual([
      { channel: 'email', to: 'nope', problem: RECIPIENT_PROBLEMS.email },
      { channel: 'sms', to: '12', problem: RECIPIENT_PROBLEMS.sms },
    ]);
    expect(recipientsOf({ ...customer, optedOut: true })).toEqual([]);
  });
});

describe('what staff see', () => {
  it('masks every private link in a message', () => {
    const token = 'abcDEF123_-abcDEF123_-abcDEF123_-a';
    expect(
      maskLinks(`Track: https://cincybattery.com/track/${token}\nAgain /track/${token}.`),
    ).toBe('Track: https://cincybattery.com/track/…\nAgain /track/….');
  });
});

describe('scheduledLabel', () => {
  it('says a booked hour, and nothing for ASAP', () => {
    expect(scheduledLabel('2030-06-15', '14:00:00')).toBe('Sat, Jun 15 at 2 PM');
    expect(scheduledLabel('2030-06-17', '9:00')).toBe('Mon, Jun 17 at 9 AM');
    expect(scheduledLabel(null, null)).toBeNull();
  });
});

describe('isStale', () => {
  const now = new Date('2030-06-15T12:00:00Z');
  it('announces a recent step, not one replayed from long ago', () => {
    expect(isStale('on_the_way', '2030-06-15T11:30:00Z', now)).toBe(false);
    expect(isStale('on_the_way', '2030-06-15T10:30:00Z', now)).toBe(true);
    expect(isStale('completed', '2030-06-15T00:00:00Z', now)).toBe(false);
    expect(isStale('received', '2030-06-13T12:00:00Z', now)).toBe(true);
  });
});

describe('businessDayRange', () => {
  it("is Cincinnati's day, not UTC's", () => {
    expect(businessDayRange('2030-06-15')).toEqual({
      from: new Date('2030-06-15T04:00:00Z'),
      until: new Date('2030-06-16T04:00:00Z'),
    });
  });
});
