import { businessInstant } from '../time';
import { ESTIMATE, Point, estimateDrive } from './estimate';
import {
  RankingFacts,
  RankingJob,
  holdsTechnicianNow,
  jobHour,
  rankStandings,
  technicianRanker,
} from './ranking';
import { ScheduleFacts } from './shifts';

/** 11 AM on Wednesday, Nov 25, 2026 in Cincinnati. */
const TODAY = '2026-11-25';
const NOW = businessInstant(TODAY, 11);
const CUSTOMER: Point = { lat: 39.1, lng: -84.51 };
const NEAR: Point = { lat: 39.11, lng: -84.51 };
const MID: Point = { lat: 39.15, lng: -84.51 };
const FAR: Point = { lat: 39.2, lng: -84.51 };

const asap = (id: number, extra: Partial<RankingJob> = {}): RankingJob => ({
  id,
  status: 'pending',
  technicianId: null,
  customerLocation: CUSTOMER,
  preferredTime: 'ASAP',
  scheduledDate: null,
  scheduledTime: null,
  onLocationAt: null,
  ...extra,
});
const booked = (id: number, date: string, time: string, extra: Partial<RankingJob> = {}) =>
  asap(id, { preferredTime: date, scheduledDate: date, scheduledTime: time, ...extra });

const person = (id: number, name: string, position: Point | null) => ({ id, name, position });
const allDay = (technicianId: number): ScheduleFacts => ({
  technicianId,
  weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
  exceptions: [],
});
const shift = (technicianId: number, date: string, start: string, end: string): ScheduleFacts => ({
  technicianId,
  weekly: [],
  exceptions: [{ date, shifts: [{ start, end }] }],
});

const facts = (extra: Partial<RankingFacts>): RankingFacts => ({
  technicians: [],
  schedules: [],
  jobs: [],
  now: NOW,
  ...extra,
});

describe('the hour a job is for', () => {
  it('is its booked start while that is ahead, else now', () => {
    expect(jobHour(asap(1), NOW)).toBe(NOW);
    expect(jobHour(booked(1, TODAY, '15:00:00'), NOW)).toEqual(businessInstant(TODAY, 15));
    // Overdue: its hour has passed and it still waits; it is wanted now.
    expect(jobHour(booked(1, TODAY, '09:00:00'), NOW)).toBe(NOW);
  });

  it('holds a technician now on the way, on location, or accepted once due; not accepted ahead', () => {
    expect(holdsTechnicianNow(asap(1, { status: 'en_route' }), NOW)).toBe(true);
    expect(holdsTechnicianNow(asap(1, { status: 'accepted' }), NOW)).toBe(true);
    expect(holdsTechnicianNow(booked(1, TODAY, '10:00:00', { status: 'accepted' }), NOW)).toBe(
      true,
    );
    expect(
      holdsTechnicianNow(booked(1, '2026-11-26', '10:00:00', { status: 'accepted' }), NOW),
    ).toBe(false);
    expect(holdsTechnicianNow(asap(1, { status: 'assigned' }), NOW)).toBe(false);
  });
});

describe('suggestions for a job now (ASAP)', () => {
  it('ranks technicians on shift nearest first, with ETA and road distance by the estimate', () => {
    const ranked = technicianRanker(
      facts({
        technicians: [person(1, 'Far', FAR), person(2, 'Near', NEAR), person(3, 'Mid', MID)],
      }),
    ).suggestions(asap(10));
    expect(ranked.map((s) => s.technicianId)).toEqual([2, 3, 1]);
    const near = estimateDrive(NEAR, CUSTOMER);
    expect(ranked[0]).toEqual({
      technicianId: 2,
      name: 'Near',
      etaMinutes: Math.round(near.minutes),
      distanceKm: Math.round(near.km * 10) / 10,
      activeJob: null,
      source: 'estimate',
      batteryInVan: null,
    });
  });

  it('puts unknown positions, the technician’s or the customer’s, after the known ones with no ETA', () => {
    const ranker = technicianRanker(
      facts({ technicians: [person(1, 'Nowhere', null), person(2, 'Far', FAR)] }),
    );
    expect(
      ranker.suggestions(asap(10)).map((s) => [s.technicianId, s.etaMinutes, s.distanceKm]),
    ).toEqual([
      [2, expect.any(Number), expect.any(Number)],
      [1, null, null],
    ]);
    const noCustomer = technicianRanker(
      facts({ technicians: [person(2, 'Far', FAR), person(1, 'Aaron', NEAR)] }),
    ).suggestions(asap(10, { customerLocation: null }));
    expect(noCustomer.map((s) => [s.name, s.etaMinutes])).toEqual([
      ['Aaron', null],
      ['Far', null],
    ]);
  });

  it('adds what is left of a busy technician’s job, and drives from that job’s customer', () => {
    const ranked = technicianRanker(
      facts({
        // A stale fix: the job's customer is where Busy will leave from.
        technicians: [person(1, 'Busy', FAR), person(2, 'Mid', MID)],
        jobs: [
          asap(40, {
            status: 'on_location',
            technicianId: 1,
            customerLocation: NEAR,
            onLocationAt: new Date(NOW.getTime() - 5 * 60_000),
          }),
        ],
      }),
    ).suggestions(asap(10));
    expect(ranked[0].technicianId).toBe(2);
    expect(ranked[1]).toMatchObject({
      technicianId: 1,
      activeJob: { id: 40, status: 'on_location' },
      etaMinutes: Math.round(ESTIMATE.installMinutes - 5 + estimateDrive(NEAR, CUSTOMER).minutes),
    });
  });

  it('leaves out who is off shift now, and counts everyone until shifts are in use', () => {
    const technicians = [person(1, 'Dana', NEAR), person(2, 'Lee', FAR)];
    const offNow = [shift(1, TODAY, '14:00', '18:00'), allDay(2)];
    expect(
      technicianRanker(facts({ technicians, schedules: offNow }))
        .suggestions(asap(10))
        .map((s) => s.name),
    ).toEqual(['Lee']);
    expect(
      technicianRanker(facts({ technicians }))
        .suggestions(asap(10))
        .map((s) => s.name),
    ).toEqual(['Dana', 'Lee']);
  });

  it('does not count a visit accepted ahead as keeping its technician now', () => {
    const ranked = technicianRanker(
      facts({
        technicians: [person(1, 'Dana', NEAR)],
        jobs: [booked(40, '2026-11-26', '10:00:00', { status: 'accepted', technicianId: 1 })],
      }),
    ).suggestions(asap(10));
    expect(ranked[0]).toMatchObject({
      activeJob: null,
      etaMinutes: Math.round(estimateDrive(NEAR, CUSTOMER).minutes),
    });
  });
});

describe('suggestions for a job at a later hour', () => {
  const at3 = booked(10, TODAY, '15:00:00');
  /** A visit of Dana's (technician 1). */
  const hers = (
    id: number,
    date: string,
    time: string,
    status: 'assigned' | 'accepted',
    customerLocation: Point,
  ) => booked(id, date, time, { status, technicianId: 1, customerLocation });

  it('ranks who is on shift at the job’s hour, not now (and the reverse)', () => {
    const technicians = [person(1, 'Dana', NEAR), person(2, 'Lee', FAR)];
    // Dana works 2-6 PM only; Lee works until 1 PM.
    const schedules = [shift(1, TODAY, '14:00', '18:00'), shift(2, TODAY, '08:00', '13:00')];
    const ranker = technicianRanker(facts({ technicians, schedules }));
    expect(ranker.suggestions(at3).map((s) => s.name)).toEqual(['Dana']);
    expect(ranker.suggestions(asap(11)).map((s) => s.name)).toEqual(['Lee']);
    expect(ranker.standings(at3).map((s) => [s.name, s.onShift])).toEqual([
      ['Dana', true],
      ['Lee', false],
    ]);
  });

  it('leaves from the customer of their job booked just before it that day, free by then', () => {
    const ranked = technicianRanker(
      facts({
        technicians: [person(1, 'Dana', FAR)],
        jobs: [
          hers(20, TODAY, '12:00:00', 'assigned', MID),
          hers(21, TODAY, '13:00:00', 'accepted', NEAR),
          // After the hour, or on another day: not where she comes from.
          hers(22, TODAY, '16:00:00', 'assigned', FAR),
          hers(23, '2026-11-24', '14:00:00', 'assigned', FAR),
        ],
      }),
    ).suggestions(at3);
    expect(ranked).toEqual([
      expect.objectContaining({
        activeJob: null,
        etaMinutes: Math.round(estimateDrive(NEAR, CUSTOMER).minutes),
      }),
    ]);
  });

  it('counts a job booked at the same hour as keeping them for an install', () => {
    const ranked = technicianRanker(
      facts({
        technicians: [person(1, 'Dana', FAR)],
        jobs: [hers(20, TODAY, '15:00:00', 'assigned', NEAR)],
      }),
    ).suggestions(at3);
    expect(ranked[0]).toMatchObject({
      activeJob: { id: 20, status: 'assigned' },
      etaMinutes: Math.round(ESTIMATE.installMinutes + estimateDrive(NEAR, CUSTOMER).minutes),
    });
  });

  it('leaves from the job they do now when nothing is booked before the hour, else from where last seen', () => {
    const ranked = technicianRanker(
      facts({
        technicians: [person(1, 'Dana', NEAR)],
        // On the way now to a job nearby: done long before 3 PM, and she leaves from there.
        jobs: [asap(30, { status: 'en_route', technicianId: 1, customerLocation: MID })],
      }),
    ).suggestions(at3);
    expect(ranked[0]).toMatchObject({
      activeJob: null,
      etaMinutes: Math.round(estimateDrive(MID, CUSTOMER).minutes),
    });
    const free = technicianRanker(facts({ technicians: [person(1, 'Dana', NEAR)] })).suggestions(
      at3,
    );
    expect(free[0].etaMinutes).toBe(Math.round(estimateDrive(NEAR, CUSTOMER).minutes));
  });
});

describe('the best technician (what a card asks)', () => {
  it('is the first of the suggestions, ties and unknown positions included', () => {
    const ranker = technicianRanker(
      facts({
        // Two at the same spot tie on arrival and distance: the name decides, as in the list.
        technicians: [person(1, 'Zed', NEAR), person(2, 'Amy', NEAR), person(3, 'Nowhere', null)],
      }),
    );
    for (const job of [
      asap(10),
      asap(11, { customerLocation: null }),
      booked(12, TODAY, '15:00:00'),
    ])
      expect(ranker.best(job)).toEqual(ranker.suggestions(job)[0]);
    expect(ranker.best(asap(10))?.name).toBe('Amy');
    expect(technicianRanker(facts({})).best(asap(10))).toBeUndefined();
  });
});

describe('rankStandings', () => {
  it("takes a measured drive (the routing server's) where there is one, and says so", () => {
    const standing = (technicianId: number, from: Point) => ({
      technicianId,
      name: `T${technicianId}`,
      onShift: true,
      from,
      waitMinutes: 0,
      busyWith: null,
      carriesBattery: null,
    });
    const ranked = rankStandings(
      [standing(1, FAR), standing(2, MID)],
      CUSTOMER,
      new Map([[1, { minutes: 20 + ESTIMATE.departureMinutes, km: 15 }]]),
    );
    expect(ranked.find((s) => s.technicianId === 1)).toMatchObject({
      etaMinutes: 20 + ESTIMATE.departureMinutes,
      distanceKm: 15,
      source: 'routing',
    });
    expect(ranked.find((s) => s.technicianId === 2)?.source).toBe('estimate');
  });
});

describe('the van carrying the battery (issue 37)', () => {
  const team = [person(1, 'Near', NEAR), person(2, 'Far', FAR)];
  const schedules = [allDay(1), allDay(2)];
  const h6 = { groupSize: '48', technology: 'AGM' as const };

  it('ranks a van holding a battery the job takes first, and says so', () => {
    const ranker = technicianRanker(
      facts({
        technicians: team,
        schedules,
        vanBatteries: new Map([
          [1, [{ groupSize: '35', technology: 'AGM' as const }]],
          [2, [{ groupSize: 'H6', technology: 'AGM' as const }]],
        ]),
      }),
    );
    const ranked = ranker.suggestions(asap(1, { battery: h6 }));
    expect(ranked.map((s) => [s.name, s.batteryInVan])).toEqual([
      ['Far', true],
      ['Near', false],
    ]);
    expect(ranker.best(asap(1, { battery: h6 }))?.name).toBe('Far');
  });

  it('ranks by arrival alone when the job needs no known battery or no van has it', () => {
    const ranker = technicianRanker(
      facts({ technicians: team, schedules, vanBatteries: new Map([[2, [h6]]]) }),
    );
    expect(ranker.suggestions(asap(1)).map((s) => [s.name, s.batteryInVan])).toEqual([
      ['Near', null],
      ['Far', null],
    ]);
    const h7 = { groupSize: '94R', technology: 'AGM' as const };
    expect(ranker.suggestions(asap(1, { battery: h7 })).map((s) => s.name)).toEqual([
      'Near',
      'Far',
    ]);
  });
});
