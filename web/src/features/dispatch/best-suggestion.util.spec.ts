import { ESTIMATE, estimateDrive, type UserLocation } from '@cincy/contracts';
import { dashboardAppointment } from '../../../test/dashboard-appointment.fixture';
import {
  bestSuggestionFinder,
  bestSuggestions,
  busyByTechnician,
  formatBestSuggestion,
  minutesToReach,
  rankableTechnicians,
} from './best-suggestion.util';

const NOW = new Date('2030-06-14T15:00:00.000Z');
const DOWNTOWN = { lat: 39.1031, lng: -84.512 };
const NEAR = { lat: 39.11, lng: -84.51 };
const FAR = { lat: 39.25, lng: -84.3 };

const person = (
  id: number,
  name: string,
  currentLocation: UserLocation['currentLocation'],
  extra: Partial<UserLocation> = {},
): UserLocation => ({
  id,
  name,
  username: name.toLowerCase(),
  role: 'technician',
  status: 'online',
  currentLocation,
  lastSeen: NOW.toISOString(),
  ...extra,
});

const job = (id: number, extra: Parameters<typeof dashboardAppointment>[2] = {}) =>
  dashboardAppointment(id, 'pending', { customerLocation: DOWNTOWN, ...extra });

describe('rankableTechnicians', () => {
  it('keeps online technicians with a known position only', () => {
    const team = [
      person(1, 'Dana', NEAR),
      person(2, 'Sam', null),
      person(3, 'Lee', FAR, { status: 'offline' }),
      person(4, 'Boss', NEAR, { role: 'admin' }),
    ];
    expect(rankableTechnicians(team).map((u) => u.name)).toEqual(['Dana']);
  });
});

describe('bestSuggestions', () => {
  it('picks the soonest online technician for every open job with a position', () => {
    const team = [person(1, 'Far Fran', FAR), person(2, 'Dana', NEAR)];
    const board = [job(1), job(2, { status: 'assigned', technicianId: 1 })];
    const best = bestSuggestions(board, team, NOW);
    expect(best.get(1)).toEqual({
      technicianId: 2,
      name: 'Dana',
      minutes: estimateDrive(NEAR, DOWNTOWN).minutes,
    });
    expect(best.get(2)?.name).toBe('Dana');
  });

  it('skips jobs without a customer position and jobs that moved on', () => {
    const team = [person(1, 'Dana', NEAR)];
    const board = [
      job(1, { customerLocation: null }),
      job(2, { status: 'accepted', technicianId: 1 }),
      job(3, { status: 'completed' }),
    ];
    expect(bestSuggestions(board, team, NOW).size).toBe(0);
  });

  it('has nothing to say without an online technician with a position', () => {
    const team = [person(1, 'Sam', null), person(2, 'Lee', NEAR, { status: 'offline' })];
    expect(bestSuggestions([job(1)], team, NOW).size).toBe(0);
  });

  it('counts what a busy technician has left before the drive', () => {
    const team = [person(1, 'Busy Bo', NEAR), person(2, 'Free Fran', FAR)];
    const board = [
      job(1),
      // Bo arrived at a job next door ten minutes ago: half an install left.
      job(2, {
        status: 'on_location',
        technicianId: 1,
        customerLocation: NEAR,
        updatedAt: new Date(NOW.getTime() - 10 * 60_000).toISOString(),
      }),
    ];
    const best = bestSuggestions(board, team, NOW).get(1);
    const free = estimateDrive(FAR, DOWNTOWN).minutes;
    const busy = ESTIMATE.installMinutes - 10 + estimateDrive(NEAR, DOWNTOWN).minutes;
    expect(best?.minutes).toBeCloseTo(Math.min(free, busy));
    expect(best?.name).toBe(busy < free ? 'Busy Bo' : 'Free Fran');
  });
});

describe('bestSuggestionFinder (the cards drawn ask for theirs)', () => {
  it('answers what bestSuggestions would, for the job asked, and keeps it', () => {
    const team = [person(1, 'Far Fran', FAR), person(2, 'Dana', NEAR)];
    const board = [job(1), job(2, { customerLocation: null }), job(3, { status: 'accepted' })];
    const find = bestSuggestionFinder(board, team, NOW);
    expect(find(board[0])).toEqual(bestSuggestions(board, team, NOW).get(1));
    expect(find(board[0])).toBe(find(board[0]));
    expect(find(board[1])).toBeUndefined();
    expect(find(board[2])).toBeUndefined();
    expect(bestSuggestionFinder(board, [], NOW)(board[0])).toBeUndefined();
  });
});

describe('minutesToReach', () => {
  it('is the drive alone for a free technician', () => {
    expect(minutesToReach(NEAR, DOWNTOWN, null, NOW)).toBe(estimateDrive(NEAR, DOWNTOWN).minutes);
  });

  it('adds the drive to and install at an accepted job, then drives from there', () => {
    const busy = { status: 'accepted' as const, location: FAR, onLocationAt: null };
    expect(minutesToReach(NEAR, DOWNTOWN, busy, NOW)).toBeCloseTo(
      estimateDrive(NEAR, FAR).minutes +
        ESTIMATE.installMinutes +
        estimateDrive(FAR, DOWNTOWN).minutes,
    );
  });
});

describe('busyByTechnician', () => {
  it('maps technicians to their active job only', () => {
    const busy = busyByTechnician([
      job(1, { status: 'en_route', technicianId: 5 }),
      job(2, { status: 'assigned', technicianId: 6 }),
      job(3, { status: 'completed', technicianId: 7 }),
    ]);
    expect([...busy.keys()]).toEqual([5]);
    expect(busy.get(5)).toEqual({ status: 'en_route', location: DOWNTOWN, onLocationAt: null });
  });
});

describe('formatBestSuggestion', () => {
  it('reads as a name and an estimate', () => {
    expect(formatBestSuggestion({ technicianId: 1, name: 'Dana', minutes: 11.6 })).toBe(
      'Dana, about 12 min',
    );
  });
});
