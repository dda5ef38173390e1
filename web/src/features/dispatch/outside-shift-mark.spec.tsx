import { renderToStaticMarkup } from 'react-dom/server';
import type { DayJob, DayView } from '@cincy/contracts';
import { DayPhoneList } from '../day/day-phone-list';
import { DayTimeline } from '../day/day-timeline';
import { OutsideShiftMark } from './outside-shift-mark';

const MARK = 'Outside Dana&#x27;s shift';

describe('OutsideShiftMark', () => {
  it("names the technician's shift, and shows nothing for a job inside it", () => {
    expect(
      renderToStaticMarkup(<OutsideShiftMark outside technicianName="Dana Reyes" />),
    ).toContain(MARK);
    expect(
      renderToStaticMarkup(<OutsideShiftMark outside={false} technicianName="Dana Reyes" />),
    ).toBe('');
  });

  describe('on the Day View', () => {
    const job = (id: number, outsideShift?: boolean): DayJob => ({
      id,
      customerName: `Customer ${id}`,
      status: 'assigned',
      kind: 'scheduled',
      technicianId: 7,
      start: '2026-11-29T20:00:00.000Z',
      end: '2026-11-29T21:00:00.000Z',
      measured: false,
      version: 2,
      ...(outsideShift === undefined ? {} : { outsideShift }),
    });
    const view: DayView = {
      date: '2026-11-29',
      rows: [
        {
          technicianId: 7,
          name: 'Dana Reyes',
          shifts: [{ start: '08:00', end: '12:00' }],
          onShiftNow: false,
          jobs: [job(1, true), job(2)],
        },
      ],
      unassigned: [],
    };
    const noop = () => undefined;

    it('marks only the job the server says is outside, on the timeline and the phone list', () => {
      for (const html of [
        renderToStaticMarkup(
          <DayTimeline view={view} onAssign={noop} onDropJob={noop} assigningId={null} />,
        ),
        renderToStaticMarkup(<DayPhoneList view={view} onAssign={noop} assigningId={null} />),
      ]) {
        expect(html.split('data-testid="outside-shift"')).toHaveLength(2);
        expect(html).toContain(MARK);
      }
    });
  });
});
