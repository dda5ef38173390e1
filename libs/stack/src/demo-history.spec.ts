import { PRICES, businessDate, businessParts } from '@cincy/contracts';
import { demoCustomers, historyCustomer } from './demo-day-plan';
import {
  DEMO_HISTORY_FIRST_ID,
  planDemoHistory,
  planHistoryDay,
  seededRandom,
} from './demo-history';

const team = [
  { id: 11, name: 'Marcus Reed', username: 'marcus' },
  { id: 12, name: 'Dana Whitfield', username: 'dana' },
];
const minutes = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 60_000;

describe('demo history', () => {
  const jobs = planDemoHistory({
    days: 90,
    endDate: '2030-06-14',
    jobsPerDay: 20,
    technicians: team,
  });

  it('is the same every run, and a day is the same whatever range it is planned in', () => {
    expect(
      planDemoHistory({ days: 90, endDate: '2030-06-14', jobsPerDay: 20, technicians: team }),
    ).toEqual(jobs);
    expect(planHistoryDay('2030-06-14', 20, team)).toEqual(
      jobs.filter((j) => businessDate(j.closedAt) === '2030-06-14'),
    );
    expect(seededRandom(1)()).toBe(seededRandom(1)());
    expect(seededRandom(1)()).not.toBe(seededRandom(2)());
  });

  it('covers every day of the range with jobs closed on that business day, ids in their own range', () => {
    const days = new Set(jobs.map((j) => businessDate(j.closedAt)));
    expect(days.size).toBe(90);
    expect([...days].sort()[0]).toBe('2030-03-17');
    expect(jobs.every((j) => j.id >= DEMO_HISTORY_FIRST_ID && j.id <= 2_147_483_647)).toBe(true);
    expect(new Set(jobs.map((j) => j.id)).size).toBe(jobs.length);
    // About 20 a day: weekends quieter.
    expect(jobs.length).toBeGreaterThan(90 * 12);
    expect(jobs.length).toBeLessThan(90 * 25);
  });

  it('times completed jobs as a real day does: travel 10-25 min, install 15-25, inside the shift', () => {
    const completed = jobs.filter((j) => j.status === 'completed');
    for (const job of completed) {
      expect(job.technician).not.toBeNull();
      expect(job.travelMinutes).toBe(minutes(job.enRouteAt!, job.onLocationAt!));
      expect(job.installMinutes).toBe(minutes(job.onLocationAt!, job.completedAt!));
      expect(job.travelMinutes).toBeGreaterThanOrEqual(10);
      expect(job.travelMinutes).toBeLessThanOrEqual(25);
      expect(job.installMinutes).toBeGreaterThanOrEqual(15);
      expect(job.installMinutes).toBeLessThanOrEqual(25);
      const done = businessParts(job.completedAt!);
      expect(done.hour * 60 + done.minute).toBeLessThanOrEqual(21 * 60);
      expect(businessParts(job.acceptedAt!).hour).toBeGreaterThanOrEqual(8);
      expect(job.acceptedAt! >= job.requestedAt).toBe(true);
      expect(job.closedAt).toEqual(job.completedAt);
    }
  });

  it('never has a technician in two places: visits do not overlap, at most two an hour', () => {
    const byTechnician = new Map<number, typeof jobs>();
    for (const job of jobs.filter((j) => j.status === 'completed'))
      byTechnician.set(job.technician!.id, [...(byTechnician.get(job.technician!.id) ?? []), job]);
    expect(byTechnician.size).toBe(team.length);
    for (const visits of byTechnician.values()) {
      visits.sort((a, b) => a.acceptedAt!.getTime() - b.acceptedAt!.getTime());
      for (let i = 1; i < visits.length; i++)
        expect(visits[i].acceptedAt! > visits[i - 1].completedAt!).toBe(true);
      for (let i = 2; i < visits.length; i++)
        expect(minutes(visits[i - 2].acceptedAt!, visits[i].acceptedAt!)).toBeGreaterThan(60);
    }
  });

  it('mixes ASAP and scheduled visits, prices and outcomes', () => {
    const share = (test: (j: (typeof jobs)[number]) => boolean) =>
      jobs.filter(test).length / jobs.length;
    expect(share((j) => j.preferredTime === 'ASAP')).toBeGreaterThan(0.6);
    expect(share((j) => j.scheduledDate !== null)).toBeGreaterThan(0.2);
    expect(share((j) => j.status === 'declined')).toBeGreaterThan(0.03);
    expect(share((j) => j.status === 'cancelled')).toBeGreaterThan(0.02);
    const prices = new Set(jobs.map((j) => j.price));
    expect([...prices].sort()).toEqual([0, PRICES.leadAcid, PRICES.agm]);
    const codes = new Set(jobs.map((j) => j.serviceCode));
    expect(codes).toEqual(
      new Set([null, 'battery_installed', 'warranty_replacement', 'test_only', 'no_service']),
    );
    // Closed without service: nobody's time, no price.
    for (const job of jobs.filter((j) => j.status !== 'completed'))
      expect(job).toMatchObject({ completedAt: null, serviceCode: null, price: 0 });
  });

  it('gives every job a customer of its own: a distinct name and phone, a house and a car', () => {
    const customers = jobs.map((j) => j.customer);
    expect(new Set(customers.map((c) => c.name)).size).toBe(jobs.length);
    expect(new Set(customers.map((c) => c.phone)).size).toBe(jobs.length);
    const demoPhones = new Set(demoCustomers(40).map((c) => c.phone.replace(/\D/g, '')));
    for (const c of customers) {
      expect(c.phone).toMatch(/^(513|859)555\d{4}$/);
      expect(demoPhones.has(c.phone)).toBe(false);
      expect(c.location).toMatch(/^\d+ .+, (OH|KY) \d{5}$/);
      expect(c.vehicle).toMatch(/^20(0[89]|1\d|2[0-3]) \S+ .+ \(\w+\)$/);
      expect(c.yearlyMiles).toBeGreaterThanOrEqual(8_000);
      expect(c.yearlyMiles).toBeLessThanOrEqual(15_000);
    }
    expect(historyCustomer(7)).toEqual(historyCustomer(7));
  });
});
