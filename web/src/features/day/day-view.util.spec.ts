import type { DayJob, DayView } from '@cincy/contracts';
import { ApiRequestError } from '../../api/request';
import {
  assignFailedToast,
  assignTargets,
  decodeDraggedJob,
  droppedHour,
  encodeDraggedJob,
  hourTicks,
  isMovable,
  jobTimeLabel,
  laneCount,
  minutesAtDrop,
  minutesOnDay,
  moveQuestion,
  placeJobs,
  placeShift,
  placeSpan,
  timelineLeft,
  timelineWindow,
  timingLabel,
  USUAL_WINDOW,
} from './day-view.util';

const DATE = '2026-11-25';
// Cincinnati is UTC-5 in November: 09:00 there is 14:00Z.
const at = (hhmm: string, date = DATE) => {
  const [h, m] = hhmm.split(':').map(Number);
  const utc = new Date(`${date}T00:00:00Z`);
  utc.setUTCHours(h + 5, m);
  return utc.toISOString();
};

const job = (id: number, start: string, end: string, patch: Partial<DayJob> = {}): DayJob => ({
  id,
  customerName: `Customer ${id}`,
  status: 'assigned',
  kind: 'scheduled',
  technicianId: 7,
  start: at(start),
  end: at(end),
  measured: false,
  version: 3,
  ...patch,
});

describe('placeSpan', () => {
  it('places minutes between 7 AM and 10 PM in percent', () => {
    expect(placeSpan(7 * 60, 22 * 60)).toEqual({ left: 0, width: 100 });
    expect(placeSpan(8 * 60, 9 * 60)).toEqual({ left: 6.667, width: 6.667 });
  });

  it('cuts at the edges and drops what is outside', () => {
    expect(placeSpan(6 * 60, 8 * 60)).toEqual({ left: 0, width: 6.667 });
    expect(placeSpan(21 * 60, 23 * 60)).toEqual({ left: 93.333, width: 6.667 });
    expect(placeSpan(5 * 60, 6 * 60)).toBeNull();
    expect(placeSpan(23 * 60, 24 * 60)).toBeNull();
    expect(placeSpan(9 * 60, 9 * 60)).toBeNull();
  });
});

describe('timelineLeft', () => {
  it("places now's line, or none outside the window", () => {
    expect(timelineLeft(7 * 60)).toBe(0);
    expect(timelineLeft(14 * 60 + 30)).toBe(50);
    expect(timelineLeft(22 * 60)).toBe(100);
    expect(timelineLeft(6 * 60)).toBeNull();
    expect(timelineLeft(23 * 60)).toBeNull();
  });
});

describe('minutesOnDay', () => {
  it('reads an instant on the business clock', () => {
    expect(minutesOnDay(at('09:30'), DATE)).toBe(9 * 60 + 30);
  });

  it("cuts at the day's edges", () => {
    expect(minutesOnDay(at('23:00', '2026-11-24'), DATE)).toBe(0);
    expect(minutesOnDay(at('01:00', '2026-11-26'), DATE)).toBe(24 * 60);
    expect(minutesOnDay('nonsense', DATE)).toBeNull();
  });
});

describe('placeShift', () => {
  it('places a shift band', () => {
    expect(placeShift({ start: '07:00', end: '22:00' })).toEqual({ left: 0, width: 100 });
    expect(placeShift({ start: '10:00', end: '24:00' })).toEqual({ left: 20, width: 80 });
    expect(placeShift({ start: 'x', end: '12:00' })).toBeNull();
  });
});

describe('placeJobs', () => {
  it('places jobs by time on the first free line', () => {
    const placed = placeJobs(
      [job(2, '09:30', '10:30'), job(1, '09:00', '10:00'), job(3, '10:00', '11:00')],
      DATE,
      USUAL_WINDOW,
      0,
    );
    expect(placed.map((p) => [p.job.id, p.lane])).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
    ]);
    expect(placed[0].placement).toEqual({ left: 13.333, width: 6.667 });
    expect(laneCount(placed)).toBe(2);
    expect(laneCount([])).toBe(1);
  });

  it('keeps a short block clear of the next job on its line', () => {
    const placed = placeJobs([job(1, '09:00', '09:30'), job(2, '10:00', '11:00')], DATE);
    expect(placed.map((p) => p.lane)).toEqual([0, 1]);
    const roomy = placeJobs([job(1, '09:00', '09:30'), job(2, '11:00', '12:00')], DATE);
    expect(roomy.map((p) => p.lane)).toEqual([0, 0]);
  });

  it('leaves out jobs outside the window and gives an instant job a minute', () => {
    const placed = placeJobs([job(1, '05:00', '06:00'), job(2, '12:00', '12:00')], DATE);
    expect(placed.map((p) => p.job.id)).toEqual([2]);
    expect(placed[0].placement.width).toBeGreaterThan(0);
  });

  it("draws every job on the day's own window, late ones included", () => {
    const jobs = [job(1, '05:10', '05:40'), job(2, '23:00', '23:00')];
    const window = timelineWindow({ date: DATE, unassigned: jobs, rows: [] });
    expect(window).toEqual({ start: 5 * 60, end: 24 * 60 });
    const placed = placeJobs(jobs, DATE, window);
    expect(placed.map((p) => p.job.id)).toEqual([1, 2]);
    expect(placed[1].placement.left).toBeCloseTo((18 / 19) * 100, 2);
  });
});

describe('timelineWindow', () => {
  const view = (jobs: DayJob[], shifts: { start: string; end: string }[] = []) =>
    ({
      date: DATE,
      unassigned: [],
      rows: [{ technicianId: 7, name: 'Terry', shifts, jobs, onShiftNow: false }],
    }) as unknown as DayView;

  it('is 7 AM-10 PM on a usual day', () => {
    expect(
      timelineWindow(view([job(1, '09:00', '10:00')], [{ start: '08:00', end: '17:00' }])),
    ).toEqual({ start: 7 * 60, end: 22 * 60 });
  });

  it('widens to whole hours for early or late work and shifts', () => {
    expect(timelineWindow(view([job(1, '21:30', '22:20')]))).toEqual({ start: 420, end: 23 * 60 });
    expect(timelineWindow(view([], [{ start: '06:30', end: '24:00' }]))).toEqual({
      start: 6 * 60,
      end: 24 * 60,
    });
    // A job running past midnight is cut at the day's edge.
    expect(timelineWindow(view([job(1, '23:30', '01:00')])).end).toBe(24 * 60);
  });
});

describe('labels', () => {
  it('writes times on the business clock and how they are known', () => {
    expect(jobTimeLabel(job(1, '09:05', '10:45'))).toBe('09:05-10:45');
    expect(timingLabel({ measured: true })).toBe('measured');
    expect(timingLabel({ measured: false })).toBe('estimated');
  });

  it('marks the hours 7 AM to 10 PM', () => {
    const ticks = hourTicks();
    expect(ticks).toHaveLength(16);
    expect(ticks[0]).toEqual({ hour: 7, label: '7 AM', left: 0 });
    expect(ticks[5].label).toBe('12 PM');
    expect(ticks[15]).toEqual({ hour: 22, label: '10 PM', left: 100 });
  });

  it("marks a wider day's hours up to midnight", () => {
    const ticks = hourTicks({ start: 6 * 60, end: 24 * 60 });
    expect(ticks).toHaveLength(19);
    expect(ticks[0]).toEqual({ hour: 6, label: '6 AM', left: 0 });
    expect(ticks[18]).toEqual({ hour: 24, label: '12 AM', left: 100 });
  });
});

describe('assigning', () => {
  const rows = [
    { technicianId: 7, name: 'Terry' },
    { technicianId: 8, name: 'Sam' },
  ] as DayView['rows'];

  it('offers everyone but the technician who has the job', () => {
    expect(assignTargets(rows, { technicianId: 7 })).toEqual([{ technicianId: 8, name: 'Sam' }]);
    expect(assignTargets(rows, { technicianId: null })).toHaveLength(2);
  });

  it('carries the job and its version through a drag', () => {
    expect(decodeDraggedJob(encodeDraggedJob(job(4, '09:00', '10:00')))).toEqual({
      id: 4,
      version: 3,
      grabX: 0,
    });
    expect(decodeDraggedJob(encodeDraggedJob(job(4, '09:00', '10:00'), 37))?.grabX).toBe(37);
    expect(decodeDraggedJob('hello')).toBeNull();
    expect(decodeDraggedJob('{"id":"4"}')).toBeNull();
    expect(decodeDraggedJob('null')).toBeNull();
  });

  it("shows the server's 409 sentence", () => {
    const taken = new ApiRequestError(409, 'Conflict', {
      code: 'conflict',
      message: 'Sam has already been assigned this job.',
    });
    expect(assignFailedToast(taken)).toEqual({
      title: 'Not Assigned',
      description: 'Sam has already been assigned this job.',
      variant: 'destructive',
    });
    expect(assignFailedToast(new Error('offline')).description).toBe(
      'Could not assign the job. Please try again.',
    );
  });

  it('moves the hour only when the block is let go at another hour, to the nearest one', () => {
    const twoPm = job(5, '14:00', '14:45');
    // Straight down to another row, or a nudge: the hour stays.
    expect(droppedHour(twoPm, DATE, 14 * 60)).toBeNull();
    expect(droppedHour(twoPm, DATE, 14 * 60 + 25)).toBeNull();
    expect(droppedHour(twoPm, DATE, 15 * 60 + 50)).toBe(16);
    expect(droppedHour(twoPm, DATE, 11 * 60 + 10)).toBe(11);
    // An ASAP job drawn at 1:37 PM let go at 2 PM's line: too close to call a move.
    expect(droppedHour(job(6, '13:37', '14:22', { kind: 'asap' }), DATE, 14 * 60)).toBeNull();
  });

  it("reads the drop's place on the track as minutes of the window", () => {
    expect(minutesAtDrop(0, 1500, USUAL_WINDOW)).toBe(7 * 60);
    expect(minutesAtDrop(700, 1500, USUAL_WINDOW)).toBe(14 * 60);
    expect(minutesAtDrop(-40, 1500, USUAL_WINDOW)).toBe(7 * 60);
    expect(minutesAtDrop(2000, 1500, USUAL_WINDOW)).toBe(22 * 60);
  });

  it('moves a visit until the technician sets out, and says what the customer is told', () => {
    expect(isMovable({ status: 'accepted' })).toBe(true);
    expect(isMovable({ status: 'en_route' })).toBe(false);
    expect(isMovable({ status: 'cancelled' })).toBe(false);
    expect(moveQuestion('Ava Smith', 14)).toBe('Move Ava Smith to 2 PM?');
  });
});
