import { businessDate, businessInstant, businessParts } from '@cincy/contracts';
import {
  DEMO_INSTALL_MINUTES,
  DEMO_SHIFT,
  DEMO_TRAVEL_MINUTES,
  DEMO_YEARLY_MILES,
  PlannedVisit,
  demoCustomers,
  demoMorning,
  mileageOf,
  openStateAt,
  planCompletedVisits,
  planOpenSteps,
  vehicleParts,
  VISITS_END_BEFORE_MINUTES,
} from './demo-day-plan';

const minutes = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 60_000;
const hourOf = (at: Date) => businessParts(at).hour + businessParts(at).minute / 60;

// The demo books its open jobs at these instants: mid-afternoon, early morning, late evening.
const UNTILS = [
  businessInstant('2030-06-14', 15, 10),
  businessInstant('2030-06-14', 9, 5),
  businessInstant('2030-11-28', 20, 30),
  businessInstant('2031-03-09', 8, 1), // the morning clocks go forward
];

describe.each(UNTILS)('the day so far, booked until %s', (until) => {
  const visits = planCompletedVisits({ count: 24, returning: 4, lanes: 3, until });

  it('is the same every run, one visit per booking index', () => {
    expect(planCompletedVisits({ count: 24, returning: 4, lanes: 3, until })).toEqual(visits);
    expect(visits.map((v) => v.index)).toEqual(Array.from({ length: 28 }, (_, i) => i));
  });

  it('gives every visit real durations: travel, then 15-25 min from arrival to completion', () => {
    for (const v of visits) {
      expect(v.installMinutes).toBe(minutes(v.onLocationAt, v.completedAt));
      expect(v.travelMinutes).toBe(minutes(v.enRouteAt, v.onLocationAt));
      expect(v.installMinutes).toBeGreaterThanOrEqual(DEMO_INSTALL_MINUTES.min);
      expect(v.installMinutes).toBeLessThanOrEqual(DEMO_INSTALL_MINUTES.max);
      expect(v.travelMinutes).toBeGreaterThanOrEqual(DEMO_TRAVEL_MINUTES.min);
      expect(v.travelMinutes).toBeLessThanOrEqual(DEMO_TRAVEL_MINUTES.max);
      expect(minutes(v.requestedAt, v.acceptedAt)).toBeGreaterThan(0);
      expect(minutes(v.acceptedAt, v.enRouteAt)).toBeGreaterThan(0);
    }
  });

  it('lies inside the shift in Cincinnati time, all done before the open jobs are booked', () => {
    for (const v of visits) {
      expect(businessDate(v.requestedAt)).toBe(businessDate(v.completedAt));
      expect(hourOf(v.requestedAt)).toBeGreaterThanOrEqual(DEMO_SHIFT.startHour);
      expect(hourOf(v.completedAt)).toBeLessThanOrEqual(DEMO_SHIFT.endHour);
      expect(v.completedAt < until).toBe(true);
    }
  });

  it("never has a technician in two places: each one's visits follow one another", () => {
    for (let lane = 0; lane < 3; lane++) {
      const mine = visits.filter((v) => v.lane === lane);
      expect(mine.length).toBeGreaterThanOrEqual(9);
      for (const [previous, next] of mine.slice(1).map((v, i) => [mine[i], v] as const))
        expect(minutes(previous.completedAt, next.enRouteAt)).toBeGreaterThan(0);
    }
    // A real day's pace: at most two visits finished in any hour by one technician.
    const perHour = new Map<string, number>();
    for (const v of visits) {
      const key = `${v.lane} ${businessDate(v.completedAt)} ${businessParts(v.completedAt).hour}`;
      perHour.set(key, (perHour.get(key) ?? 0) + 1);
    }
    expect(Math.max(...perHour.values())).toBeLessThanOrEqual(2);
  });

  it('puts at most one battery in each car, with the miles its age makes plausible', () => {
    const customers = demoCustomers(24);
    const cars = visits.map((v) => `${v.customer} ${v.vehicle}`);
    expect(new Set(cars).size).toBe(visits.length);
    for (const v of visits.filter((x) => x.index < 24))
      expect(v.vehicle).toBe(customers[v.customer].vehicle);
    for (const v of visits) {
      const years = businessParts(v.completedAt).year - Number(v.vehicle.slice(0, 4)) + 0.5;
      expect(v.mileage / years).toBeGreaterThanOrEqual(DEMO_YEARLY_MILES.min * 0.8);
      expect(v.mileage / years).toBeLessThanOrEqual(DEMO_YEARLY_MILES.max * 1.2);
    }
    const returning: PlannedVisit[] = visits.filter((v) => v.index >= 24);
    expect(returning).toHaveLength(4);
    for (const v of returning) {
      const first = visits.find((x) => x.index === v.customer)!;
      expect(v.vehicle).not.toBe(first.vehicle);
      expect(v.completedAt > first.completedAt).toBe(true);
    }
  });
});

describe('vehicleParts', () => {
  it("splits every demo car into a service record's fields", () => {
    expect(vehicleParts('2016 Ford F-150 (White)')).toEqual({
      vehicleYear: '2016',
      vehicleMake: 'Ford',
      vehicleModel: 'F-150',
      vehicleColor: 'White',
    });
    for (const c of demoCustomers(40)) expect(vehicleParts(c.vehicle).vehicleModel).toBeTruthy();
  });
});

describe('mileageOf', () => {
  it('only grows with time on the same car', () => {
    const earlier = mileageOf('2018 Honda Civic (Blue)', new Date('2026-01-15T12:00:00Z'), 12_000);
    const later = mileageOf('2018 Honda Civic (Blue)', new Date('2026-11-15T12:00:00Z'), 12_000);
    expect(later).toBeGreaterThan(earlier);
    expect(later - earlier).toBeLessThan(12_000);
  });
});

describe('planOpenSteps', () => {
  const now = businessInstant('2030-06-14', 9, 10);

  it('puts the steps of a job under way in order within the last hour, after the visits end', () => {
    const visits = planCompletedVisits({
      count: 24,
      returning: 4,
      lanes: 3,
      until: new Date(now.getTime() - VISITS_END_BEFORE_MINUTES * 60_000),
    });
    const lastEnd = Math.max(...visits.map((v) => v.completedAt.getTime()));
    for (const state of ['accepted', 'en_route', 'on_location'] as const) {
      const steps = planOpenSteps(state, now);
      const known = [steps.requestedAt, steps.acceptedAt, steps.enRouteAt, steps.onLocationAt]
        .filter((at): at is Date => at !== null)
        .map((at) => at.getTime());
      expect(known).toEqual([...known].sort((a, b) => a - b));
      expect(minutes(steps.requestedAt, now)).toBeLessThanOrEqual(60);
      // Setting out to the open job comes after finishing the last visit.
      if (steps.enRouteAt) expect(steps.enRouteAt.getTime()).toBeGreaterThan(lastEnd);
    }
    expect(planOpenSteps('accepted', now).enRouteAt).toBeNull();
    expect(planOpenSteps('on_location', now).onLocationAt).not.toBeNull();
  });

  it('leaves nobody on the road outside the shift (and in its first hour)', () => {
    for (const [hour, minute] of [
      [3, 33],
      [8, 30],
      [21, 5],
    ]) {
      const night = businessInstant('2030-06-14', hour, minute);
      expect(openStateAt('on_location', night)).toBe('accepted');
      expect(openStateAt('en_route', night)).toBe('accepted');
      // Accepted soon after its request, at booking's clock: the last evening's ASAP window.
      const steps = planOpenSteps('accepted', night);
      expect(steps.requestedAt).toEqual(demoMorning(night));
      expect(minutes(steps.requestedAt, steps.acceptedAt)).toBeGreaterThan(0);
      expect(minutes(steps.requestedAt, steps.acceptedAt)).toBeLessThanOrEqual(20);
      expect(steps.acceptedAt.getTime()).toBeLessThan(night.getTime());
      expect(businessParts(steps.acceptedAt).hour).toBeLessThan(DEMO_SHIFT.endHour);
      expect([steps.enRouteAt, steps.onLocationAt]).toEqual([null, null]);
    }
    expect(openStateAt('on_location', now)).toBe('on_location');
  });
});
