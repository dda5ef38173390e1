import { ApiRequestError } from '../../../api/request';
import {
  TRACKING_MESSAGES,
  businessInstant,
  TRACKING_STEPS,
  TRACKING_STEP_LABELS,
  type AppointmentStatus,
} from '@cincy/contracts';
import {
  arrivalLine,
  bookedLine,
  endedText,
  headline,
  hourOf,
  isNotFound,
  isTrackingView,
  loadFailedMessage,
  offersPayNow,
  offersReceipt,
  paymentLine,
  preferredTimeLabel,
  refusalMessage,
  scheduledLabel,
  showsMap,
  slotTime,
  statusAnnouncement,
  stepTimeLabel,
  timelineRows,
  waitLine,
  type ViewFacts,
} from './track-view.util';
import { UNREACHABLE } from '../../../lib/public-form';

/** 2:05 PM in Cincinnati (EST, UTC-5) on Tue, Nov 24 2026. */
const NOW = new Date('2026-11-24T19:05:00Z');

/** The steps reached by each status, as `trackingState` marks them. */
const REACHED: Record<AppointmentStatus, number> = {
  pending: 1,
  assigned: 2,
  accepted: 2,
  en_route: 3,
  on_location: 4,
  completed: 5,
  declined: 1,
  cancelled: 1,
};

function view(status: AppointmentStatus, over: Partial<ViewFacts> = {}): ViewFacts {
  return {
    status,
    timeline: TRACKING_STEPS.map((step, i) => ({
      step,
      label: TRACKING_STEP_LABELS[step],
      reached: i < REACHED[status],
      at: i < REACHED[status] ? NOW.toISOString() : null,
    })),
    technician: null,
    position: null,
    etaMinutes: null,
    queuePosition: null,
    scheduledDate: null,
    scheduledTime: null,
    ...over,
  };
}

const states = (v: ViewFacts) => timelineRows(v, NOW).map((r) => `${r.key}:${r.state}`);

describe('timelineRows', () => {
  it('marks the reached steps done, the last reached current and the rest upcoming', () => {
    expect(states(view('en_route'))).toEqual([
      'received:done',
      'assigned:done',
      'on_the_way:current',
      'arrived:upcoming',
      'done:upcoming',
    ]);
  });

  it('shows a waiting request at its first step', () => {
    expect(states(view('pending'))).toEqual([
      'received:current',
      'assigned:upcoming',
      'on_the_way:upcoming',
      'arrived:upcoming',
      'done:upcoming',
    ]);
  });

  it('marks every step done once the service is complete', () => {
    expect(states(view('completed')).every((s) => s.endsWith(':done'))).toBe(true);
  });

  it.each([
    ['declined', 'We could not take this visit'],
    ['cancelled', 'Cancelled'],
  ] as const)('stops a %s visit where it was, with no step after', (status, label) => {
    const rows = timelineRows(view(status), NOW);
    expect(rows.map((r) => `${r.key}:${r.state}`)).toEqual(['received:done', `${status}:stopped`]);
    expect(rows[1].label).toBe(label);
  });

  it('labels each reached step with its time and leaves the others without one', () => {
    const rows = timelineRows(view('assigned'), NOW);
    expect(rows.map((r) => r.time)).toEqual(['2:05 PM', '2:05 PM', null, null, null]);
    expect(rows.map((r) => r.label)).toEqual(TRACKING_STEPS.map((s) => TRACKING_STEP_LABELS[s]));
  });
});

describe('stepTimeLabel', () => {
  it('reads the business clock, with the date when it was not today', () => {
    expect(stepTimeLabel('2026-11-24T05:00:00Z', NOW)).toBe('12:00 AM');
    expect(stepTimeLabel('2026-11-24T04:59:00Z', NOW)).toBe('Mon, Nov 23, 11:59 PM');
    expect(stepTimeLabel('2026-11-24T17:00:00Z', NOW)).toBe('12:00 PM');
    expect(stepTimeLabel('2026-11-23T23:30:00Z', NOW)).toBe('Mon, Nov 23, 6:30 PM');
  });

  it('is null for an unknown or broken time', () => {
    expect(stepTimeLabel(null, NOW)).toBeNull();
    expect(stepTimeLabel('not a date', NOW)).toBeNull();
  });
});

describe('headline', () => {
  const dana = { technician: { firstName: 'Dana' } };
  it('names the technician by first name as the visit moves on', () => {
    expect(headline(view('assigned', dana))).toBe('Dana will be your technician');
    expect(headline(view('en_route', dana))).toBe('Dana is on the way');
    expect(headline(view('on_location', dana))).toBe('Dana has arrived');
  });

  it('reads without a name when none is known', () => {
    expect(headline(view('en_route'))).toBe('Your technician is on the way');
    expect(headline(view('pending'))).toBe('We have your request');
    expect(headline(view('pending', { scheduledDate: '2026-11-25' }))).toBe('Your visit is booked');
  });

  it('says how a visit ended', () => {
    expect(headline(view('completed'))).toBe('Your battery service is complete');
    expect(headline(view('declined'))).toBe('We could not take this visit');
    expect(headline(view('cancelled'))).toBe('Cancelled');
  });
});

describe('endedText', () => {
  it('explains a cancelled or declined visit, nothing otherwise', () => {
    expect(endedText('cancelled')).toBe(TRACKING_MESSAGES.cancelled);
    expect(endedText('declined')).toMatch(/could not take this visit/);
    expect(endedText('en_route')).toBeNull();
  });
});

describe('waitLine', () => {
  // 2 PM and 6 AM in Cincinnati: inside and outside the ASAP hours.
  const afternoon = businessInstant('2026-11-25', 14);
  const night = businessInstant('2026-11-25', 6);

  it('gives the place in line and the estimate of a waiting ASAP request', () => {
    expect(waitLine(view('pending', { queuePosition: 2, etaMinutes: 25 }), afternoon)).toBe(
      'You are number 2 in line; a technician should reach you in about 25 min.',
    );
  });

  it('gives either half alone when only it is known', () => {
    expect(waitLine(view('pending', { queuePosition: 3 }), afternoon)).toBe(
      'You are number 3 in line.',
    );
    expect(waitLine(view('assigned', { etaMinutes: 70 }), afternoon)).toBe(
      'A technician should reach you in about 1 h 10 min.',
    );
    expect(waitLine(view('pending'), afternoon)).toBeNull();
  });

  it('says when the wait begins at night, when nobody is on shift to estimate it', () => {
    expect(waitLine(view('pending', { queuePosition: 1 }), night)).toBe(
      'You are number 1 in line. ASAP service runs 9 AM - 9 PM: a technician will set out once it opens.',
    );
    // A technician who took it already has an estimate (from their shift's start).
    expect(waitLine(view('accepted', { queuePosition: 1, etaMinutes: 170 }), night)).toBe(
      'You are number 1 in line; a technician should reach you in about 2 h 50 min.',
    );
  });

  it('gives the time when the estimate runs into another day (a shift that begins tomorrow)', () => {
    // 11 PM; the technician who took it starts at 8 AM: 9 h 32 min.
    const late = businessInstant('2026-11-25', 23);
    expect(waitLine(view('accepted', { queuePosition: 1, etaMinutes: 572 }), late)).toBe(
      'You are number 1 in line; a technician should reach you around 8:30 AM tomorrow.',
    );
    expect(waitLine(view('assigned', { etaMinutes: 2 * 24 * 60 }), late)).toBe(
      'A technician should reach you around 11:00 PM on Fri, Nov 27.',
    );
    expect(waitLine(view('assigned', { etaMinutes: 50 }), late)).toBe(
      'A technician should reach you in about 50 min.',
    );
  });

  it('is not shown for a scheduled visit or once the technician has left', () => {
    expect(
      waitLine(view('pending', { queuePosition: 1, etaMinutes: 5, scheduledDate: '2026-11-25' })),
    ).toBeNull();
    expect(waitLine(view('en_route', { etaMinutes: 5 }))).toBeNull();
  });
});

describe('arrivalLine', () => {
  it('gives the drive estimate while on the way only', () => {
    expect(arrivalLine(view('en_route', { etaMinutes: 12 }))).toBe('Arriving in about 12 min');
    expect(arrivalLine(view('en_route'))).toBeNull();
    expect(arrivalLine(view('pending', { etaMinutes: 12 }))).toBeNull();
  });
});

describe('bookedLine', () => {
  it('gives the booked hour of a scheduled visit until the technician leaves', () => {
    const booked = { scheduledDate: '2026-11-25', scheduledTime: '14:00:00' };
    expect(bookedLine(view('accepted', booked))).toBe('Booked for Wed, Nov 25 at 2 PM');
    expect(bookedLine(view('en_route', booked))).toBeNull();
    expect(bookedLine(view('pending'))).toBeNull();
  });
});

describe('showsMap', () => {
  const position = { lat: 39.1, lng: -84.5, at: NOW.toISOString() };
  it('shows the map only while the van is on its way with a known position', () => {
    expect(showsMap(view('en_route', { position }))).toBe(true);
    expect(showsMap(view('en_route'))).toBe(false);
    expect(showsMap(view('on_location', { position }))).toBe(false);
  });
});

describe('offersReceipt', () => {
  it('offers the receipt of a completed visit only', () => {
    expect(offersReceipt(view('completed'))).toBe(true);
    for (const status of ['pending', 'accepted', 'en_route', 'on_location', 'cancelled'] as const)
      expect(offersReceipt(view(status))).toBe(false);
  });
});

describe('statusAnnouncement', () => {
  it('announces a change of status with the new headline', () => {
    expect(
      statusAnnouncement(view('accepted'), view('en_route', { technician: { firstName: 'Dana' } })),
    ).toBe('Dana is on the way.');
  });

  it('says nothing for the first view or the same status again (a moved van)', () => {
    expect(statusAnnouncement(undefined, view('en_route'))).toBeNull();
    expect(statusAnnouncement(view('en_route'), view('en_route'))).toBeNull();
  });
});

describe('times', () => {
  it('reads and writes the hour of a slot', () => {
    expect(hourOf('09:00:00')).toBe(9);
    expect(hourOf(null)).toBeNull();
    expect(slotTime(9)).toBe('09:00:00');
    expect(slotTime(14)).toBe('14:00:00');
  });

  it('labels a booked date and hour', () => {
    expect(scheduledLabel('2026-11-25', '14:00:00')).toBe('Wed, Nov 25 at 2 PM');
    expect(scheduledLabel('2026-11-25', null)).toBe('Wed, Nov 25');
    expect(scheduledLabel(null, '14:00:00')).toBeNull();
  });

  it("labels the confirmation's Preferred Time: the booked hour, the day, else what was asked", () => {
    const none = { scheduledDate: null, scheduledTime: null };
    expect(
      preferredTimeLabel('2026-11-25', { scheduledDate: '2026-11-25', scheduledTime: '14:00:00' }),
    ).toBe('Wed, Nov 25 at 2 PM');
    expect(preferredTimeLabel('2026-11-25', none)).toBe('Wed, Nov 25');
    expect(preferredTimeLabel('ASAP', none)).toBe('ASAP');
    expect(preferredTimeLabel(null, none)).toBe('ASAP');
  });
});

describe('isTrackingView', () => {
  it('takes a whole view and nothing else', () => {
    expect(isTrackingView({ ...view('en_route'), reference: 'CB-7K3Q9' })).toBe(true);
    expect(isTrackingView(view('en_route'))).toBe(false);
    expect(isTrackingView({ scheduledDate: '2026-11-25', scheduledTime: '14:00:00' })).toBe(false);
    expect(isTrackingView(null)).toBe(false);
  });
});

describe('refusalMessage', () => {
  it("shows the server's sentence of a refusal, else the fallback", () => {
    const conflict = new ApiRequestError(409, 'Conflict', {
      code: 'CONFLICT',
      message: TRACKING_MESSAGES.onTheWay,
    });
    expect(refusalMessage(conflict, 'fallback')).toBe(TRACKING_MESSAGES.onTheWay);
    expect(refusalMessage(new ApiRequestError(500, '', undefined), 'fallback')).toBe('fallback');
  });

  it('says the server could not be reached when there was no answer', () => {
    expect(refusalMessage(new TypeError('Failed to fetch'), 'fallback')).toBe(UNREACHABLE);
  });
});

describe('loading failures', () => {
  const refused = (status: number, message?: string) =>
    new ApiRequestError(status, '', message ? { code: 'X', message } : undefined);

  it('tells a link that opens nothing (404) from other failures', () => {
    expect(isNotFound(refused(404))).toBe(true);
    expect(isNotFound(refused(429))).toBe(false);
    expect(isNotFound(new TypeError('Failed to fetch'))).toBe(false);
  });

  it("says to wait after too many tries, in the server's words when it sent some", () => {
    expect(loadFailedMessage(refused(429, 'Try again in 2 minutes.'), 'visit')).toBe(
      'Try again in 2 minutes.',
    );
    expect(loadFailedMessage(refused(429), 'visit')).toMatch(/wait a minute/);
  });

  it("does not show a server failure's own words", () => {
    expect(loadFailedMessage(refused(500, 'Internal error'), 'booking')).toBe(
      'We could not load your booking. Please try again.',
    );
    expect(loadFailedMessage(new TypeError('Failed to fetch'), 'booking')).toBe(UNREACHABLE);
  });
});

describe('paymentLine and offersPayNow', () => {
  const NOW = new Date('2030-06-14T20:00:00.000Z');
  const payment = (over: Partial<NonNullable<Parameters<typeof paymentLine>[0]>>) => ({
    status: 'open' as const,
    totalCents: 16_500,
    paidCents: 0,
    method: null,
    paidAt: null,
    ...over,
  });

  it('says what is owed, and offers Pay now, until it is paid', () => {
    expect(paymentLine(payment({}), NOW)).toBe('To pay: $165.00');
    expect(paymentLine(payment({ status: 'partially_paid', paidCents: 10_000 }), NOW)).toBe(
      '$65.00 still to pay ($100.00 paid)',
    );
    expect(offersPayNow(payment({}))).toBe(true);
    expect(offersPayNow(payment({ status: 'paid' }))).toBe(false);
    expect(offersPayNow(null)).toBe(false);
  });

  it('says how and when it was paid, a refund, or nothing before the invoice', () => {
    const paid = payment({
      status: 'paid',
      paidCents: 16_500,
      method: 'card',
      paidAt: '2030-06-14T18:14:00.000Z',
    });
    expect(paymentLine(paid, NOW)).toBe('Paid by card, 2:14 PM');
    expect(paymentLine({ ...paid, method: 'cash' }, NOW)).toBe('Paid in cash, 2:14 PM');
    expect(paymentLine(payment({ status: 'paid', totalCents: 0 }), NOW)).toBe('No charge');
    expect(paymentLine(payment({ status: 'refunded' }), NOW)).toBe('Refunded');
    expect(paymentLine(null, NOW)).toBeNull();
  });
});
