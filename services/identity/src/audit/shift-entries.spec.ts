import { entriesOf, event } from './audit-spec-support';

describe('audit entries: shifts', () => {
  it('records shift changes readably, dates that slipped into the past left out', () => {
    const schedule = (
      weekly: { weekday: number; start: string; end: string }[],
      exceptions: { date: string; shifts: { start: string; end: string }[] }[],
    ) =>
      event(
        'dispatch.schedule.changed',
        { schedule: { technicianId: 7, weekly, exceptions } },
        '2026-11-25T15:00:00Z',
      );
    const [, changed] = entriesOf(
      schedule(
        [{ weekday: 1, start: '08:00', end: '17:00' }],
        [{ date: '2026-11-20', shifts: [] }],
      ),
      schedule(
        [
          { weekday: 1, start: '08:00', end: '17:00' },
          { weekday: 2, start: '08:00', end: '12:00' },
        ],
        [{ date: '2026-11-27', shifts: [] }],
      ),
    );
    expect(changed).toMatchObject({ entity: 'user', entityId: 7, action: 'shifts changed' });
    expect(changed.changes).toEqual([
      {
        field: 'Weekly pattern',
        from: 'Sun off; Mon 8 AM-5 PM; Tue off; Wed off; Thu off; Fri off; Sat off',
        to: 'Sun off; Mon 8 AM-5 PM; Tue 8 AM-12 PM; Wed off; Thu off; Fri off; Sat off',
        redacted: false,
      },
      { field: 'Fri Nov 27', from: 'Weekly pattern', to: 'Off', redacted: false },
    ]);
  });
});
