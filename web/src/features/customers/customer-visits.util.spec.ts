import type { CustomerVisit } from '@cincy/contracts';
import { movedText, visitHour, visitsSummary } from './customer-visits.util';

const counts = { total: 0, completed: 0, cancelled: 0, declined: 0, moved: 0 };

describe('visitsSummary', () => {
  it('counts each kind of visit and leaves out the kinds with none', () => {
    expect(visitsSummary({ ...counts, total: 5, completed: 3, cancelled: 1, moved: 1 })).toBe(
      '5 visits: 3 completed, 1 cancelled, 1 moved',
    );
    expect(visitsSummary({ ...counts, total: 2, declined: 1 })).toBe('2 visits: 1 declined');
  });

  it('reads one visit in the singular and open visits by their total alone', () => {
    expect(visitsSummary({ ...counts, total: 1 })).toBe('1 visit');
  });

  it('says so when the customer has no visits', () => {
    expect(visitsSummary(counts)).toBe('No visits yet');
  });
});

describe('visit row texts', () => {
  const visit: CustomerVisit = {
    id: 1,
    reference: 'CB-7K3Q9',
    status: 'cancelled',
    preferredTime: '2026-11-29',
    scheduledDate: '2026-11-29',
    scheduledTime: '10:00',
    moveCount: 2,
    paymentStatus: null,
    requestedAt: '2026-11-28T14:00:00.000Z',
  };

  it('reads the booked hour as people do, and an ASAP request with its day', () => {
    expect(visitHour(visit)).toBe('Sun, Nov 29 at 10 AM');
    expect(visitHour({ ...visit, scheduledDate: null, scheduledTime: null })).toBe(
      'ASAP, Sat, Nov 28',
    );
    // 11 PM in Cincinnati is the next day in UTC: the day is Cincinnati's.
    expect(
      visitHour({
        ...visit,
        scheduledDate: null,
        scheduledTime: null,
        requestedAt: '2026-11-29T04:00:00.000Z',
      }),
    ).toBe('ASAP, Sat, Nov 28');
  });

  it('says how often a visit moved, nothing when it never did', () => {
    expect(movedText(0)).toBeNull();
    expect(movedText(1)).toBe('moved once');
    expect(movedText(2)).toBe('moved 2 times');
  });
});
