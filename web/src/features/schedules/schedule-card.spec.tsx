import { renderToStaticMarkup } from 'react-dom/server';
import type { TechnicianSchedule } from '@cincy/contracts';
import { ScheduleCard } from './schedule-card';

const schedule: TechnicianSchedule = {
  technicianId: 7,
  name: 'Terry Tech',
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '17:00' })),
  exceptions: [
    { date: '2026-11-20', shifts: [] },
    { date: '2026-11-26', shifts: [] },
    { date: '2026-11-28', shifts: [{ start: '10:00', end: '14:00' }] },
  ],
  today: [{ start: '08:00', end: '17:00' }],
  onShiftNow: true,
};

const render = (s: TechnicianSchedule, removingDate?: string) =>
  renderToStaticMarkup(
    <ScheduleCard
      schedule={s}
      today="2026-11-25"
      onEditWeekly={() => undefined}
      onEditDate={() => undefined}
      onRemoveDate={() => undefined}
      removingDate={removingDate}
    />,
  );

describe('ScheduleCard', () => {
  it('shows who, on shift now, today and the weekly pattern', () => {
    const html = render(schedule);
    expect(html).toContain('Terry Tech');
    expect(html).toContain('On shift now');
    expect(html).toContain('Mon-Fri 08:00-17:00');
    expect(html).toContain('aria-label="Edit weekly pattern: Terry Tech"');
  });

  it('lists the exceptions from today on, a day off as such', () => {
    const html = render(schedule);
    expect(html).not.toContain('Nov 20');
    expect(html).toContain('Thu, Nov 26, 2026');
    expect(html).toContain('Day off');
    expect(html).toContain('10:00-14:00');
    expect(html).toContain('aria-label="Remove exception: Terry Tech, Sat, Nov 28, 2026"');
  });

  it('says when there are none, and when the technician is off', () => {
    const html = render({ ...schedule, exceptions: [], onShiftNow: false, today: [] });
    expect(html).toContain('No date exceptions');
    expect(html).toContain('Off shift');
  });
});
