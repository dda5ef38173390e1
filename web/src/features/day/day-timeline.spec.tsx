import { renderToStaticMarkup } from 'react-dom/server';
import type { DayJob, DayView } from '@cincy/contracts';
import { DayPhoneList } from './day-phone-list';
import { DayTimeline } from './day-timeline';

// Cincinnati is UTC-5 in November.
const job = (id: number, patch: Partial<DayJob> = {}): DayJob => ({
  id,
  customerName: `Customer ${id}`,
  status: 'assigned',
  kind: 'scheduled',
  technicianId: 7,
  start: '2026-11-25T14:00:00.000Z',
  end: '2026-11-25T15:00:00.000Z',
  measured: false,
  version: 2,
  ...patch,
});

const view: DayView = {
  date: '2026-11-25',
  rows: [
    {
      technicianId: 7,
      name: 'Terry',
      shifts: [{ start: '08:00', end: '17:00' }],
      onShiftNow: true,
      jobs: [
        job(1),
        job(2, {
          status: 'completed',
          measured: true,
          start: '2026-11-25T16:00:00.000Z',
          end: '2026-11-25T16:45:00.000Z',
        }),
      ],
    },
    { technicianId: 8, name: 'Sam', shifts: [], onShiftNow: false, jobs: [] },
  ],
  unassigned: [job(3, { status: 'pending', technicianId: null, kind: 'asap' })],
};

const noop = () => undefined;

describe('DayTimeline', () => {
  const html = renderToStaticMarkup(
    <DayTimeline view={view} onAssign={noop} onDropJob={noop} assigningId={null} />,
  );

  it('has the Unassigned lane and one row per technician', () => {
    expect(html).toContain('aria-label="Unassigned jobs"');
    expect(html).toContain('aria-label="Terry&#x27;s day"');
    expect(html).toContain('aria-label="Sam&#x27;s day"');
    expect(html).toContain('On shift now');
    expect(html).toContain('08:00-17:00');
  });

  it('draws the jobs by time, measured or estimated', () => {
    expect(html).toContain('09:00-10:00');
    expect(html).toContain('11:00-11:45');
    expect(html).toContain('measured');
    expect(html).toContain('estimated');
    expect(html.match(/class="day-shift"/g)).toHaveLength(1);
  });

  it('offers Assign to... and dragging only for jobs nobody has started', () => {
    expect(html).toContain('aria-label="Assign Customer 1 to..."');
    expect(html).toContain('aria-label="Assign Customer 3 to..."');
    expect(html).not.toContain('Assign Customer 2 to...');
    expect(html.match(/draggable="true"/g)).toHaveLength(2);
  });

  it('marks the job being assigned busy and holds the others', () => {
    const busy = renderToStaticMarkup(
      <DayTimeline view={view} onAssign={noop} onDropJob={noop} assigningId={3} />,
    );
    expect(busy).toContain('aria-busy="true"');
    expect(busy).not.toContain('draggable="true"');
  });
});

describe('DayPhoneList', () => {
  it('stacks the lanes with their jobs as lists', () => {
    const html = renderToStaticMarkup(
      <DayPhoneList view={view} onAssign={noop} assigningId={null} />,
    );
    expect(html).toContain('Unassigned');
    expect(html).toContain('Terry');
    expect(html).toContain('Assign to...');
    expect(html).toContain('ASAP');
    expect(html).toContain('No jobs');
  });
});
