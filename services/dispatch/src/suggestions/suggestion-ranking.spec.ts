import { ESTIMATE, Point, estimateDrive } from '@cincy/contracts';
import { Candidate, rankSuggestions, routedDrive, startPoint } from './suggestion-ranking';

const NOW = new Date('2026-11-25T17:00:00Z');
const CUSTOMER: Point = { lat: 39.1, lng: -84.51 };
const NEAR: Point = { lat: 39.11, lng: -84.51 };
const MID: Point = { lat: 39.15, lng: -84.51 };
const FAR: Point = { lat: 39.2, lng: -84.51 };

const free = (technicianId: number, name: string, position: Point | null): Candidate => ({
  technicianId,
  name,
  position,
  activeJob: null,
});

describe('rankSuggestions', () => {
  it('ranks free technicians nearest first, with ETA and road distance by the estimate', () => {
    const ranked = rankSuggestions(
      [free(1, 'Far', FAR), free(2, 'Near', NEAR), free(3, 'Mid', MID)],
      CUSTOMER,
      NOW,
    );
    expect(ranked.map((s) => s.technicianId)).toEqual([2, 3, 1]);
    const near = estimateDrive(NEAR, CUSTOMER);
    expect(ranked[0]).toEqual({
      technicianId: 2,
      name: 'Near',
      etaMinutes: Math.round(near.minutes),
      distanceKm: Math.round(near.km * 10) / 10,
      activeJob: null,
      source: 'estimate',
    });
  });

  it('puts unknown positions, the technician’s or the customer’s, after the known ones with no ETA', () => {
    const ranked = rankSuggestions([free(1, 'Nowhere', null), free(2, 'Far', FAR)], CUSTOMER, NOW);
    expect(
      ranked.map((s) => [s.technicianId, s.etaMinutes === null, s.distanceKm === null]),
    ).toEqual([
      [2, false, false],
      [1, true, true],
    ]);
    const noCustomer = rankSuggestions([free(2, 'Far', FAR), free(1, 'Aaron', NEAR)], null, NOW);
    expect(noCustomer.map((s) => [s.name, s.etaMinutes])).toEqual([
      ['Aaron', null],
      ['Far', null],
    ]);
  });

  it('adds what is left of a busy technician’s job, and drives from that job’s customer', () => {
    const busy: Candidate = {
      technicianId: 1,
      name: 'Busy',
      position: FAR, // a stale fix: the job's location is where they will leave from
      activeJob: {
        id: 40,
        status: 'on_location',
        location: NEAR,
        onLocationAt: new Date(NOW.getTime() - 5 * 60_000),
      },
    };
    expect(startPoint(busy)).toEqual(NEAR);
    const [first, second] = rankSuggestions([busy, free(2, 'Mid', MID)], CUSTOMER, NOW);
    expect(first.technicianId).toBe(2);
    expect(second).toMatchObject({
      technicianId: 1,
      activeJob: { id: 40, status: 'on_location' },
      etaMinutes: Math.round(ESTIMATE.installMinutes - 5 + estimateDrive(NEAR, CUSTOMER).minutes),
    });
  });

  it("takes the routing server's drive where it has one, and says so", () => {
    const routed = new Map([[1, routedDrive(20 * 60, 15_000)]]);
    const ranked = rankSuggestions(
      [free(1, 'Far', FAR), free(2, 'Mid', MID)],
      CUSTOMER,
      NOW,
      routed,
    );
    expect(ranked.find((s) => s.technicianId === 1)).toMatchObject({
      etaMinutes: 20 + ESTIMATE.departureMinutes,
      distanceKm: 15,
      source: 'routing',
    });
    expect(ranked.find((s) => s.technicianId === 2)?.source).toBe('estimate');
  });
});
