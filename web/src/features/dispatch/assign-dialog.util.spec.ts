import type { Standing, Suggestion, UserLocation } from '@cincy/contracts';
import { dashboardAppointment } from '../../../test/dashboard-appointment.fixture';
import {
  assignCheck,
  formatDistance,
  otherTechnicians,
  staffedWhen,
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
  batteryInVan: null,
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

  /** Where a technician stands at the job's hour (the ranking's standings). */
  const standing = (technicianId: number, busyWith: Standing['busyWith']): Standing => ({
    technicianId,
    name: `T${technicianId}`,
    onShift: false,
    from: null,
    waitMinutes: busyWith ? 10 : 0,
    busyWith,
    carriesBattery: null,
  });

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

  it('warns about both for a busy technician off shift, by where they stand at the hour', () => {
    const standings = [standing(3, { id: 8, status: 'en_route' })];
    expect(assignCheck(job, { id: 3, name: 'Zed' }, ranked, standings).warnings).toHaveLength(2);
    expect(assignCheck(job, { id: 3, name: 'Zed' }, ranked, standings).warnings[1]).toBe(
      'Zed is busy with job #8 (en route). This job waits until they finish it.',
    );
  });

  it('speaks of the job’s hour for a visit booked later', () => {
    const when = 'on Sun, Nov 29 at 10 AM';
    expect(assignCheck(job, { id: 3, name: 'Zed' }, ranked, [], when).warnings).toEqual([
      'Zed is off shift on Sun, Nov 29 at 10 AM. They get the job, but may not see it until their next shift.',
    ]);
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

describe('staffedWhen', () => {
  const NOW = new Date('2026-11-25T16:00:00Z'); // 11 AM in Cincinnati
  const booked = (date: string, time: string) => ({
    preferredTime: date,
    scheduledDate: date,
    scheduledTime: time,
  });

  it('is now for an ASAP job, or a visit whose hour has come', () => {
    expect(
      staffedWhen({ preferredTime: 'ASAP', scheduledDate: null, scheduledTime: null }, NOW),
    ).toBe('now');
    expect(staffedWhen(booked('2026-11-25', '10:00:00'), NOW)).toBe('now');
  });

  it('names the booked hour of a visit ahead', () => {
    expect(staffedWhen(booked('2026-11-29', '10:00:00'), NOW)).toBe('on Sun, Nov 29 at 10 AM');
  });
});
