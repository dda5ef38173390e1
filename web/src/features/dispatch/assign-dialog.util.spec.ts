import type { Suggestion, UserLocation } from '@cincy/contracts';
import { dashboardAppointment } from '../../../test/dashboard-appointment.fixture';
import {
  assignCheck,
  formatDistance,
  otherTechnicians,
  suggestionDetails,
} from './assign-dialog.util';

const suggestion = (
  technicianId: number,
  name: string,
  extra: Partial<Suggestion> = {},
): Suggestion => ({
  technicianId,
  name,
  etaMinutes: 12,
  distanceKm: 4.2,
  activeJob: null,
  source: 'estimate',
  ...extra,
});

const member = (id: number, name: string, extra: Partial<UserLocation> = {}): UserLocation => ({
  id,
  name,
  username: name.toLowerCase(),
  role: 'technician',
  status: 'offline',
  currentLocation: null,
  lastSeen: null,
  ...extra,
});

describe('suggestionDetails', () => {
  it('reads the estimate, the distance in miles and a busy job', () => {
    expect(suggestionDetails(suggestion(1, 'Dana'))).toBe('about 12 min · 2.6 mi');
    expect(
      suggestionDetails(suggestion(1, 'Dana', { activeJob: { id: 41, status: 'en_route' } })),
    ).toBe('about 12 min · 2.6 mi · busy with job #41');
  });

  it('says when the position is unknown', () => {
    expect(suggestionDetails(suggestion(1, 'Dana', { etaMinutes: null, distanceKm: null }))).toBe(
      'position unknown',
    );
  });
});

describe('formatDistance', () => {
  it('keeps one decimal under ten miles, whole miles above', () => {
    expect(formatDistance(1.609344)).toBe('1.0 mi');
    expect(formatDistance(32.2)).toBe('20 mi');
  });
});

describe('otherTechnicians', () => {
  it('lists the technicians not ranked, by name, never admins', () => {
    const team = [
      member(3, 'Zed'),
      member(1, 'Dana', { status: 'online' }),
      member(2, 'Amy', { status: 'online' }),
      member(9, 'Boss', { role: 'admin' }),
    ];
    expect(otherTechnicians(team, [suggestion(1, 'Dana')])).toEqual([
      { id: 2, name: 'Amy', online: true },
      { id: 3, name: 'Zed', online: false },
    ]);
  });
});

describe('assignCheck', () => {
  const job = dashboardAppointment(10, 'pending');
  const ranked = [
    suggestion(1, 'Dana'),
    suggestion(2, 'Sam', { activeJob: { id: 7, status: 'on_location' } }),
  ];

  it('has nothing to warn about for a free technician on shift', () => {
    expect(assignCheck(job, { id: 1, name: 'Dana' }, ranked, [])).toEqual({
      warnings: [],
      alreadyTheirs: false,
    });
  });

  it('warns when the technician is off shift (not ranked)', () => {
    const { warnings } = assignCheck(job, { id: 3, name: 'Zed' }, ranked, []);
    expect(warnings).toEqual([
      'Zed is off shift now. They get the job, but may not see it until their next shift.',
    ]);
  });

  it('warns when the technician is busy, by the ranking', () => {
    const { warnings } = assignCheck(job, { id: 2, name: 'Sam' }, ranked, []);
    expect(warnings).toEqual([
      'Sam is busy with job #7 (on location). This job waits until they finish it.',
    ]);
  });

  it('warns about both for a busy technician off shift, by the board', () => {
    const board = [dashboardAppointment(8, 'en_route', { technicianId: 3 })];
    expect(assignCheck(job, { id: 3, name: 'Zed' }, ranked, board).warnings).toHaveLength(2);
    expect(assignCheck(job, { id: 3, name: 'Zed' }, ranked, board).warnings[1]).toBe(
      'Zed is busy with job #8 (en route). This job waits until they finish it.',
    );
  });

  it('says nothing about shifts before the ranking has loaded', () => {
    expect(assignCheck(job, { id: 3, name: 'Zed' }, undefined, []).warnings).toEqual([]);
  });

  it('knows when the job is already theirs', () => {
    const assigned = dashboardAppointment(10, 'assigned', { technicianId: 1 });
    expect(assignCheck(assigned, { id: 1, name: 'Dana' }, ranked, []).alreadyTheirs).toBe(true);
    expect(assignCheck(assigned, { id: 2, name: 'Sam' }, ranked, []).alreadyTheirs).toBe(false);
  });
});
