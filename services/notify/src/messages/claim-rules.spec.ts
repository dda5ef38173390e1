import { QUIET_HOURS, businessInstant } from '@cincy/contracts';
import {
  ClaimDecision,
  DROP_REASONS,
  ESTIMATE_HOLDS_MS,
  STILL_NEWS_MS,
  VisitFacts,
  VisitMessage,
  decideClaims,
} from './claim-rules';

// Saturday June 15, 2030 in Cincinnati: 11 PM the night, 8 AM the next morning.
const NIGHT = businessInstant('2030-06-15', 23);
const MORNING = businessInstant('2030-06-16', 8);
const minutes = (n: number) => new Date(NIGHT.getTime() - 60 * 60_000 + n * 60_000);

let nextId = 0;
/** A message of one step; `at` is the step's minute (of the hour before NIGHT). */
function message(
  kind: VisitMessage['kind'],
  at: number,
  overrides: Partial<VisitMessage> = {},
): VisitMessage {
  return {
    id: (nextId += 1),
    eventId: `${kind}-${at}`,
    kind,
    channel: 'sms',
    state: 'queued',
    occurredAt: minutes(at),
    nextAttemptAt: minutes(at),
    leaseUntil: null,
    ...overrides,
  };
}
const heldTill8 = { nextAttemptAt: MORNING };
const open: VisitFacts = { status: 'pending', scheduledDate: null };

const decide = (visit: VisitFacts, messages: VisitMessage[], now = NIGHT) =>
  decideClaims(visit, messages, { now, quietHours: QUIET_HOURS });
const byKind = (messages: VisitMessage[], decisions: Map<number, ClaimDecision>) =>
  Object.fromEntries(messages.map((m) => [`${m.kind}/${m.channel}`, decisions.get(m.id) ?? null]));
const send = { action: 'send' };
const drop = (reason: string) => ({ action: 'drop', reason });

describe('decideClaims: a held message is checked again when it goes', () => {
  it('drops "received" and "assigned" held overnight once "on the way" goes (a visit worked before 8 AM)', () => {
    const messages = [
      message('received', 1, { ...heldTill8 }),
      message('received', 1, { channel: 'email', eventId: 'received-1', state: 'sent' }),
      message('assigned', 5, { ...heldTill8 }),
      message('on_the_way', 50),
    ];
    expect(byKind(messages, decide({ ...open, status: 'en_route' }, messages))).toEqual({
      'received/sms': drop('overtaken by a later step: On the way'),
      'received/email': null,
      'assigned/sms': drop('overtaken by a later step: On the way'),
      'on_the_way/sms': send,
    });
  });

  it('drops everything about a cancelled visit but the cancellation (moved, then cancelled)', () => {
    const visit: VisitFacts = { status: 'cancelled', scheduledDate: '2030-06-16' };
    const messages = [
      message('received', 1, { ...heldTill8 }),
      message('moved', 10, { ...heldTill8 }),
      message('cancelled', 20, { ...heldTill8 }),
    ];
    // At night the cancellation waits for 8 AM; the rest is dropped as soon as anything is due.
    expect(byKind(messages, decide(visit, messages))).toEqual({
      'received/sms': drop('visit cancelled'),
      'moved/sms': drop('visit cancelled'),
      'cancelled/sms': null,
    });
    expect(byKind(messages, decide(visit, messages, MORNING))['cancelled/sms']).toEqual(send);
    const declined = [message('assigned', 1), message('declined', 2)];
    expect(byKind(declined, decide({ ...visit, status: 'declined' }, declined, MORNING))).toEqual({
      'assigned/sms': drop(DROP_REASONS.ended('declined')),
      'declined/sms': send,
    });
  });

  it('drops a message about an hour the visit was moved from', () => {
    const messages = [message('received', 1, { ...heldTill8 }), message('moved', 10, heldTill8)];
    expect(byKind(messages, decide(open, messages, MORNING))).toEqual({
      'received/sms': drop('overtaken by a later step: Visit moved'),
      'moved/sms': send,
    });
  });

  it('never drops the receipt', () => {
    const messages = [
      // A retry of the receipt, due after the (staff) cancellation was sent.
      message('completed', 40, { nextAttemptAt: minutes(55) }),
      message('cancelled', 50, { state: 'sent' }),
    ];
    expect(byKind(messages, decide({ ...open, status: 'cancelled' }, messages))).toEqual({
      'completed/sms': send,
      'cancelled/sms': null,
    });
  });

  it("never drops a payment's receipt, retried after later steps went", () => {
    const messages = [
      message('payment_received', 10, { nextAttemptAt: minutes(55) }),
      message('payment_link', 30, { state: 'sent' }),
    ];
    // At night its text waits for the morning (a phone may sync a payment at 3 AM), then goes.
    expect(byKind(messages, decide({ ...open, status: 'completed' }, messages))).toEqual({
      'payment_received/sms': { action: 'hold', until: MORNING },
      'payment_link/sms': null,
    });
    expect(byKind(messages, decide({ ...open, status: 'completed' }, messages, MORNING))).toEqual({
      'payment_received/sms': send,
      'payment_link/sms': null,
    });
  });

  it('orders by the step, not by when notify stored it', () => {
    // The receipt's consumer ran before the arrival's: the arrival is older all the same.
    const completed = message('completed', 40);
    const arrived = message('arrived', 35, { id: completed.id + 1 });
    expect(byKind([completed, arrived], decide(open, [completed, arrived]))).toEqual({
      'completed/sms': send,
      'arrived/sms': drop('overtaken by a later step: Completed (receipt)'),
    });
  });

  it('lets a dropped later step overtake nothing', () => {
    const messages = [
      message('received', 1, { nextAttemptAt: MORNING }),
      message('assigned', 5, { state: 'dropped' }),
    ];
    expect(byKind(messages, decide(open, messages, MORNING))).toEqual({
      'received/sms': send,
      'assigned/sms': null,
    });
  });

  it('names the next step that stands, and a step never overtakes its own other channel', () => {
    const messages = [
      message('received', 1, { ...heldTill8 }),
      message('received', 1, { channel: 'email', eventId: 'received-1' }),
      message('assigned', 5, { ...heldTill8, state: 'dropped' }),
      message('on_the_way', 30, { state: 'sent' }),
      message('arrived', 40),
    ];
    expect(byKind(messages, decide({ ...open, status: 'on_location' }, messages))).toEqual({
      'received/sms': drop('overtaken by a later step: On the way'),
      'received/email': drop('overtaken by a later step: On the way'),
      'assigned/sms': null,
      'on_the_way/sms': null,
      'arrived/sms': send,
    });
  });

  it('drops "assigned" once the technician gave the visit back, not while they have it', () => {
    const messages = [message('received', 1, { state: 'sent' }), message('assigned', 5)];
    const at = (status: VisitFacts['status']) =>
      byKind(messages, decide({ status, scheduledDate: null }, messages, MORNING))['assigned/sms'];
    expect(at('pending')).toEqual(drop(DROP_REASONS.handedBack));
    expect(at('assigned')).toEqual(drop(DROP_REASONS.handedBack));
    expect(at('accepted')).toEqual(send);
  });
});

describe('decideClaims: a quick run of steps', () => {
  // Noon: steps seconds apart, nothing held.
  const NOON = businessInstant('2030-06-15', 12);
  const secondsAgo = (n: number) => new Date(NOON.getTime() - n * 1000);
  const step = (kind: VisitMessage['kind'], ago: number, overrides: Partial<VisitMessage> = {}) =>
    message(kind, 0, { occurredAt: secondsAgo(ago), nextAttemptAt: secondsAgo(ago), ...overrides });
  const taken: VisitFacts = { status: 'on_location', scheduledDate: null };

  it('sends each step, oldest first, while each is still news', () => {
    const messages = [step('assigned', 20), step('on_the_way', 10), step('arrived', 1)];
    expect(byKind(messages, decide(taken, messages, NOON))).toEqual({
      'assigned/sms': send,
      'on_the_way/sms': null,
      'arrived/sms': null,
    });
  });

  it('waits for an older message retried within its two minutes, and drops it after', () => {
    const retried = (secondsAfterStep: number) =>
      step('received', 60, {
        nextAttemptAt: new Date(secondsAgo(60).getTime() + secondsAfterStep * 1000),
      });
    const soon = [retried(STILL_NEWS_MS / 1000), step('assigned', 5)];
    expect(byKind(soon, decide(taken, soon, NOON))).toEqual({
      'received/sms': null,
      'assigned/sms': null,
    });
    const late = [retried(STILL_NEWS_MS / 1000 + 1), step('assigned', 5)];
    expect(byKind(late, decide(taken, late, NOON))).toEqual({
      'received/sms': drop('overtaken by a later step: Technician assigned'),
      'assigned/sms': send,
    });
  });
});

describe('decideClaims: "on the way" carries its estimate', () => {
  const NOON = businessInstant('2030-06-15', 12);
  const driving: VisitFacts = { status: 'en_route', scheduledDate: null };
  /** "On the way" told at noon, its send failed, retried `afterMs` later. */
  const retried = (afterMs: number) => {
    const at = new Date(NOON.getTime() + afterMs);
    const messages = [message('on_the_way', 0, { occurredAt: NOON, nextAttemptAt: at })];
    return byKind(messages, decide(driving, messages, at))['on_the_way/sms'];
  };

  it('goes on a retry while its estimate may still hold, not after (the provider down for half an hour)', () => {
    expect(retried(10.5 * 60_000)).toEqual(send);
    expect(retried(ESTIMATE_HOLDS_MS)).toEqual(send);
    expect(retried(42.5 * 60_000)).toEqual(drop(DROP_REASONS.estimatePassed));
  });

  it('is the only step dropped as late on its own: "arrived" gives no estimate', () => {
    const at = new Date(NOON.getTime() + 42.5 * 60_000);
    const arrived = [message('arrived', 0, { occurredAt: NOON, nextAttemptAt: at })];
    const onSite: VisitFacts = { status: 'on_location', scheduledDate: null };
    expect(byKind(arrived, decide(onSite, arrived, at))['arrived/sms']).toEqual(send);
  });
});

describe('decideClaims: a visit never texts out of order', () => {
  it('sends nothing on a channel while an older message of it is in flight', () => {
    const messages = [
      message('received', 1, { state: 'sending', leaseUntil: new Date(MORNING.getTime() + 1) }),
      message('received', 1, { channel: 'email', eventId: 'received-1', state: 'sending' }),
      message('cancelled', 20, { nextAttemptAt: minutes(20) }),
      message('cancelled', 20, { channel: 'email', eventId: 'cancelled-20' }),
    ];
    messages[1].leaseUntil = minutes(50); // that sender's lease ended: it died mid-send
    expect(byKind(messages, decide({ ...open, status: 'cancelled' }, messages, MORNING))).toEqual({
      'received/sms': null,
      'received/email': drop('visit cancelled'),
      'cancelled/sms': null,
      'cancelled/email': send,
    });
  });

  it('sends the oldest of two due messages of a channel that both stand, then the other', () => {
    // Only the receipt stands behind a later step; nothing may pass it.
    const completed = message('completed', 40);
    const cancelled = message('cancelled', 50);
    expect(byKind([completed, cancelled], decide(open, [completed, cancelled]))).toEqual({
      'completed/sms': send,
      'cancelled/sms': null,
    });
  });

  it('leaves alone what is sent, failed or not due', () => {
    const messages = [
      message('received', 1, { state: 'sent' }),
      message('received', 1, { channel: 'email', eventId: 'received-1', state: 'failed' }),
      message('moved', 10, { ...heldTill8 }),
    ];
    expect(decide(open, messages).size).toBe(0);
  });
});

describe('decideClaims: the quiet hours, checked as a text goes', () => {
  it('holds a due text about a visit not under way until 8 AM (a resend at night)', () => {
    const messages = [message('received', 1, { nextAttemptAt: NIGHT })];
    expect(byKind(messages, decide(open, messages))).toEqual({
      'received/sms': { action: 'hold', until: MORNING },
    });
  });

  it('sends "on the way" at night only for a visit of that day', () => {
    const messages = [message('on_the_way', 50)];
    const today: VisitFacts = { status: 'en_route', scheduledDate: '2030-06-15' };
    expect(byKind(messages, decide(today, messages))['on_the_way/sms']).toEqual(send);
    expect(byKind(messages, decide({ ...today, scheduledDate: null }, messages))).toEqual({
      'on_the_way/sms': send,
    });
    expect(byKind(messages, decide({ ...today, scheduledDate: '2030-06-16' }, messages))).toEqual({
      'on_the_way/sms': { action: 'hold', until: MORNING },
    });
  });

  it('lets a receipt heard before the arrival wait for it while still news, then go anyway', () => {
    // Notify heard inventory's completion first: its copy of the visit is still on the way.
    const receipt = [message('completed', 59)];
    const onTheWay = { ...open, status: 'en_route' as const };
    expect(byKind(receipt, decide(onTheWay, receipt))).toEqual({ 'completed/sms': null });
    // Arrival heard: the arrival's text (older) first, the receipt after it.
    const both = [message('arrived', 58), message('completed', 59)];
    expect(byKind(both, decide({ ...open, status: 'on_location' }, both))).toEqual({
      'arrived/sms': send,
      'completed/sms': null,
    });
    // Never heard of within two minutes: the receipt is not held back for good.
    const later = new Date(NIGHT.getTime() + STILL_NEWS_MS);
    expect(byKind(receipt, decide(onTheWay, receipt, later))).toEqual({ 'completed/sms': send });
  });

  it('orders steps of the same millisecond as a visit goes through them', () => {
    // Stored receipt first (another stream), both stamped in one millisecond.
    const messages = [message('completed', 58), message('arrived', 58)];
    expect(byKind(messages, decide({ ...open, status: 'on_location' }, messages))).toEqual({
      'completed/sms': null,
      'arrived/sms': send,
    });
  });
});

describe('decideClaims: the payment reminder', () => {
  const done: VisitFacts = { status: 'completed', scheduledDate: null, paymentStatus: 'open' };
  // Due three days after the invoice, long after the minute of NIGHT the others are about.
  const inThreeDays = new Date(NIGHT.getTime() + 3 * 86_400_000);
  const reminder = () =>
    message('payment_reminder', 0, {
      channel: 'email',
      occurredAt: inThreeDays,
      nextAttemptAt: inThreeDays,
    });

  it('goes when due while the invoice still owes, and is dropped once it is settled', () => {
    const messages = [reminder()];
    const later = new Date(inThreeDays.getTime() + 60_000);
    expect(byKind(messages, decide(done, messages, later))).toEqual({
      'payment_reminder/email': send,
    });
    for (const paymentStatus of ['paid', 'refunded'] as const)
      expect(byKind(messages, decide({ ...done, paymentStatus }, messages, later))).toEqual({
        'payment_reminder/email': drop(DROP_REASONS.settled(paymentStatus)),
      });
    expect(DROP_REASONS.settled('paid')).toBe('invoice paid');
  });

  it('is a step still to come: a payment link retried meanwhile is not overtaken by it', () => {
    const link = message('payment_link', 1, { channel: 'email', state: 'queued' });
    const messages = [link, reminder()];
    // An hour after the link's step (well past STILL_NEWS_MS), the reminder two days away.
    const retry = new Date(NIGHT.getTime() + 3_600_000);
    expect(decide(done, messages, retry).get(link.id)).toEqual(send);
  });
});
