import { renderToStaticMarkup } from 'react-dom/server';
import {
  ESTIMATE,
  businessInstant,
  estimateDrive,
  type ScheduleFacts,
  type UserLocation,
} from '@cincy/contracts';
import { dashboardAppointment } from '../../../test/dashboard-appointment.fixture';
import { formatDistance, staffedWhen, suggestionDetails } from './assign-dialog.util';
import { boardRanking, formatBestSuggestion } from './best-suggestion.util';
import { JobNotes } from './job-notes';

/** 11 AM on Wednesday, Nov 25, 2026 in Cincinnati. */
const TODAY = '2026-11-25';
const NOW = businessInstant(TODAY, 11);
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
const shift = (technicianId: number, start: string, end: string): ScheduleFacts => ({
  technicianId,
  weekly: [],
  exceptions: [{ date: TODAY, shifts: [{ start, end }] }],
});
const NO_SHIFTS: ScheduleFacts[] = [];

const job = (id: number, extra: Parameters<typeof dashboardAppointment>[2] = {}) =>
  dashboardAppointment(id, 'pending', { customerLocation: DOWNTOWN, ...extra });
const at = (hour: number) => ({
  preferredTime: TODAY,
  scheduledDate: TODAY,
  scheduledTime: `${hour}:00:00`,
});

/** What the card's "Suggested:" line reads (JobNotes, as the board draws it). */
const cardLine = (ranking: ReturnType<typeof boardRanking>, a: ReturnType<typeof job>) => {
  const best = ranking.best(a);
  return best
    ? renderToStaticMarkup(<JobNotes appointment={a} best={best} />)
        .replace(/<[^>]+>/g, '')
        .replace('Suggested: ', '')
    : null;
};
/** The Assign dialog's list for the job: its heading's hour and each technician's line. */
const dialogList = (ranking: ReturnType<typeof boardRanking>, a: ReturnType<typeof job>) => ({
  when: staffedWhen(a, ranking.now),
  lines: ranking.suggestions(a).map((s) => `${s.name}: ${suggestionDetails(s)}`),
});

describe('the card and the Assign dialog agree (one ranking, for the job’s own hour)', () => {
  // Dana works 2-6 PM today, Lee 8 AM-1 PM: now (11 AM) only Lee is on shift.
  const team = [person(1, 'Dana', NEAR), person(2, 'Lee', FAR)];
  const schedules = [shift(1, '14:00', '18:00'), shift(2, '08:00', '13:00')];

  it('suggests, for a 3 PM visit, who is on shift then though off shift now', () => {
    const visit = job(1, at(15));
    const ranking = boardRanking([visit], team, schedules, NOW);
    const drive = estimateDrive(NEAR, DOWNTOWN);
    const eta = Math.round(drive.minutes);
    expect(cardLine(ranking, visit)).toBe(`Dana, about ${eta} min`);
    expect(dialogList(ranking, visit)).toEqual({
      when: 'on Wed, Nov 25 at 3 PM',
      lines: [`Dana: about ${eta} min · ${formatDistance(Math.round(drive.km * 10) / 10)}`],
    });
  });

  it('does not suggest, for a 3 PM visit, who is on shift now but off by then', () => {
    const visit = job(1, at(15));
    const ranking = boardRanking([visit], team, [shift(2, '08:00', '13:00')], NOW);
    expect(cardLine(ranking, visit)).toBeNull();
    expect(dialogList(ranking, visit)).toEqual({ when: 'on Wed, Nov 25 at 3 PM', lines: [] });
  });

  it('answers for now for an ASAP job: who is on shift now, the reverse of the visit', () => {
    const request = job(2);
    const ranking = boardRanking([request], team, schedules, NOW);
    const eta = Math.round(estimateDrive(FAR, DOWNTOWN).minutes);
    expect(cardLine(ranking, request)).toBe(`Lee, about ${eta} min`);
    expect(dialogList(ranking, request).when).toBe('now');
    expect(dialogList(ranking, request).lines).toEqual([expect.stringMatching(/^Lee: about /)]);
  });

  it('has the card name the dialog’s first technician, every time', () => {
    const board = [job(1), job(2, at(15)), job(3, at(12)), job(4, { customerLocation: NEAR })];
    const ranking = boardRanking(board, team, NO_SHIFTS, NOW);
    for (const a of board)
      expect(ranking.best(a)?.technicianId).toBe(ranking.suggestions(a)[0].technicianId);
  });
});

describe('boardRanking: the "Suggested:" line', () => {
  it('picks the soonest technician on shift, online or not, for every unassigned open job', () => {
    const team = [person(1, 'Far Fran', FAR), person(2, 'Dana', NEAR, { status: 'offline' })];
    const ranking = boardRanking([job(1)], team, NO_SHIFTS, NOW);
    expect(ranking.best(job(1))).toMatchObject({
      technicianId: 2,
      name: 'Dana',
      etaMinutes: Math.round(estimateDrive(NEAR, DOWNTOWN).minutes),
    });
  });

  it('disappears once the job is assigned, and says nothing of jobs that moved on or have no position', () => {
    const team = [person(1, 'Dana', NEAR)];
    const board = [
      job(1, { status: 'assigned', technicianId: 1 }),
      job(2, { customerLocation: null }),
      job(3, { status: 'accepted', technicianId: 1 }),
      job(4, { status: 'completed' }),
    ];
    const ranking = boardRanking(board, team, NO_SHIFTS, NOW);
    for (const a of board) expect(ranking.best(a)).toBeUndefined();
  });

  it('has nothing to say without a technician with a position, or before the schedules are read', () => {
    expect(boardRanking([job(1)], [person(1, 'Sam', null)], NO_SHIFTS, NOW).best(job(1))).toBe(
      undefined,
    );
    expect(boardRanking([job(1)], [person(1, 'Dana', NEAR)], undefined, NOW).best(job(1))).toBe(
      undefined,
    );
    const admin = person(9, 'Boss', NEAR, { role: 'admin' });
    expect(boardRanking([job(1)], [admin], NO_SHIFTS, NOW).best(job(1))).toBeUndefined();
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
    const best = boardRanking(board, team, NO_SHIFTS, NOW).best(board[0]);
    const free = estimateDrive(FAR, DOWNTOWN).minutes;
    const busy = ESTIMATE.installMinutes - 10 + estimateDrive(NEAR, DOWNTOWN).minutes;
    expect(best?.etaMinutes).toBe(Math.round(Math.min(free, busy)));
    expect(best?.name).toBe(busy < free ? 'Busy Bo' : 'Free Fran');
  });

  it('ranks a card when it asks, and keeps the answer', () => {
    const ranking = boardRanking([job(1)], [person(1, 'Dana', NEAR)], NO_SHIFTS, NOW);
    expect(ranking.best(job(1))).toBe(ranking.best(job(1)));
  });
});

describe('formatBestSuggestion', () => {
  it('reads as a name and an estimate', () => {
    expect(
      formatBestSuggestion({
        technicianId: 1,
        name: 'Dana',
        etaMinutes: 12,
        distanceKm: 1,
        activeJob: null,
        source: 'estimate',
        batteryInVan: null,
      }),
    ).toBe('Dana, about 12 min');
  });
});

describe('formatBestSuggestion with the job battery', () => {
  it("says the van has the job's battery when it does", () => {
    const best = {
      technicianId: 1,
      name: 'Dana',
      etaMinutes: 12,
      distanceKm: 1,
      activeJob: null,
      source: 'estimate' as const,
      batteryInVan: true,
    };
    const h6 = { groupSize: 'H6', technology: 'AGM' as const };
    expect(formatBestSuggestion(best, h6)).toBe('Dana, about 12 min, has Group H6 AGM in van');
    expect(formatBestSuggestion({ ...best, batteryInVan: false }, h6)).toBe('Dana, about 12 min');
  });
});
