import { businessDate, businessInstant, addDays } from '../time';
import { slaLevel, slaMinutes, slaStart } from './sla';

const requestedAt = '2026-11-20T15:00:00.000Z';
const asap = { requestedAt, preferredTime: 'ASAP', scheduledDate: null, scheduledTime: null };
const minutes = (n: number) => n * 60_000;

describe('the SLA clock', () => {
  it('runs from the request for an ASAP job', () => {
    const start = Date.parse(requestedAt);
    expect(slaMinutes(asap, start + minutes(44))).toBe(44);
    expect(slaLevel(slaMinutes(asap, start + minutes(61))!)).toBe('breach');
  });

  it('runs from the scheduled start for a scheduled job, and has no badge before it', () => {
    const today = businessDate(new Date(requestedAt));
    const tomorrow = addDays(today, 1);
    const scheduled = {
      requestedAt,
      preferredTime: tomorrow,
      scheduledDate: tomorrow,
      scheduledTime: '10:00:00',
    };
    const start = businessInstant(tomorrow, 10).getTime();
    expect(slaStart(scheduled).getTime()).toBe(start);
    // Three hours after it was requested, the visit is still tomorrow: no badge.
    expect(slaMinutes(scheduled, Date.parse(requestedAt) + minutes(180))).toBeNull();
    expect(slaMinutes(scheduled, start - 1)).toBeNull();
    expect(slaMinutes(scheduled, start + minutes(30))).toBe(30);
    expect(slaLevel(slaMinutes(scheduled, start + minutes(59))!)).toBe('high');
  });

  it('starts a job with a date and no hour when the service day does', () => {
    const day = '2026-11-21';
    const dated = { requestedAt, preferredTime: day, scheduledDate: day, scheduledTime: null };
    expect(slaStart(dated).getTime()).toBe(businessInstant(day, 9).getTime());
  });

  it.each([
    [0, 'normal'],
    [29, 'normal'],
    [30, 'medium'],
    [44, 'medium'],
    [45, 'high'],
    [59, 'high'],
    [60, 'breach'],
  ] as const)('%i minutes reads %s', (m, level) => {
    expect(slaLevel(m)).toBe(level);
  });
});
