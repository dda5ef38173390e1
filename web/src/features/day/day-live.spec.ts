import { QueryClient } from '@tanstack/react-query';
import type { DashboardAppointment } from '@cincy/contracts';
import { QUERY_KEYS } from '../../api/query-keys';
import { LIVE_QUERY_KEYS, applySocketEvent } from '../../lib/live-cache';

// The Day view and Schedules follow the pushes through lib/live-cache.ts: read again, not patched.
const client = () => {
  const c = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  c.setQueryData(QUERY_KEYS.day('2026-11-25'), { date: '2026-11-25', rows: [], unassigned: [] });
  c.setQueryData(QUERY_KEYS.schedules, []);
  return c;
};
const invalidated = (c: QueryClient, key: readonly unknown[]) =>
  c.getQueryState(key)?.isInvalidated;

describe('the Day view and Schedules, live', () => {
  it("reads both again on 'schedule.changed'", () => {
    const c = client();
    const schedule = { technicianId: 7, weekly: [], exceptions: [] };
    expect(applySocketEvent(c, 'schedule.changed', { schedule })).toBe(true);
    expect(invalidated(c, QUERY_KEYS.day('2026-11-25'))).toBe(true);
    expect(invalidated(c, QUERY_KEYS.schedules)).toBe(true);
    c.clear();
  });

  it("ignores a 'schedule.changed' it cannot read", () => {
    const c = client();
    expect(applySocketEvent(c, 'schedule.changed', {} as never)).toBe(false);
    expect(invalidated(c, QUERY_KEYS.schedules)).toBe(false);
    c.clear();
  });

  it("reads the day again on 'board.changed'", () => {
    const c = client();
    const appointment = { id: 4, version: 2 } as DashboardAppointment;
    expect(applySocketEvent(c, 'board.changed', { type: 'assigned', appointment })).toBe(true);
    expect(invalidated(c, QUERY_KEYS.day('2026-11-25'))).toBe(true);
    expect(invalidated(c, QUERY_KEYS.schedules)).toBe(false);
    c.clear();
  });

  it('reads both again after a reconnect', () => {
    expect(LIVE_QUERY_KEYS).toContainEqual(QUERY_KEYS.schedules);
    expect(LIVE_QUERY_KEYS).toContainEqual(QUERY_KEYS.dayAll);
  });
});
