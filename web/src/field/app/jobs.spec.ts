import { dashboardAppointment } from '../../../test/dashboard-appointment.fixture';
import type { OutboxStep } from '../outbox/types';
import { FIELD_POOL, type DashboardAppointment } from '@cincy/contracts';
import {
  EMPTY_COPY,
  afterPush,
  copyFromAnswer,
  fieldSections,
  jobUnderWay,
  leftAsSent,
  needsMorePool,
  nextMove,
  stillAhead,
  withWaitingSteps,
} from './jobs';

const ME = { id: 7, name: 'Dana Reyes', role: 'technician' as const };
const NOW = new Date('2030-06-14T16:00:00.000Z'); // noon in Cincinnati

const step = (
  seq: number,
  jobId: number,
  kind: OutboxStep['kind'],
  state: OutboxStep['state'] = 'waiting',
): OutboxStep => ({
  seq,
  key: `key-${seq}`,
  jobId,
  kind,
  method: 'PATCH',
  path: `/api/appointments/${jobId}/status`,
  body: {},
  occurredAt: new Date(NOW.getTime() + seq * 60_000).toISOString(),
  state,
  refusal: state === 'refused' ? 'No.' : null,
  attempts: 0,
});

describe('withWaitingSteps', () => {
  it('shows the job as the waiting steps leave it, in order; a refused step changes nothing', () => {
    const jobs = [
      dashboardAppointment(1, 'pending'),
      dashboardAppointment(2, 'accepted', { technicianId: ME.id }),
    ];
    const [first, second] = withWaitingSteps(
      jobs,
      [step(1, 1, 'accepted'), step(2, 1, 'en_route'), step(3, 2, 'en_route', 'refused')],
      ME.id,
    );
    expect(first).toMatchObject({ status: 'en_route', technicianId: ME.id });
    expect(first.waiting.map((s) => s.kind)).toEqual(['accepted', 'en_route']);
    expect(second).toMatchObject({ status: 'accepted', waiting: [] });
  });

  it('a job handed back offline is open again and no longer theirs', () => {
    const [job] = withWaitingSteps(
      [dashboardAppointment(1, 'assigned', { technicianId: ME.id })],
      [step(1, 1, 'hand_back')],
      ME.id,
    );
    expect(job).toMatchObject({ status: 'pending', technicianId: null });
  });
});

describe('fieldSections', () => {
  it('puts the job under way first, then theirs, then the pool (bounded), then today done', () => {
    const jobs = withWaitingSteps(
      [
        dashboardAppointment(1, 'assigned', { technicianId: ME.id }),
        dashboardAppointment(2, 'en_route', { technicianId: ME.id }),
        dashboardAppointment(3, 'completed', { technicianId: ME.id, updatedAt: NOW.toISOString() }),
        dashboardAppointment(4, 'en_route', { technicianId: 99 }),
        ...Array.from({ length: FIELD_POOL.shown + 5 }, (_, i) => dashboardAppointment(100 + i)),
      ],
      [],
      ME.id,
    );
    const sections = fieldSections(jobs, ME, NOW);
    expect(sections.current?.id).toBe(2);
    expect(sections.mine.map((j) => j.id)).toEqual([1]);
    expect(sections.pool).toHaveLength(FIELD_POOL.shown);
    expect(sections.pool.every((j) => j.technicianId === null)).toBe(true);
    expect(sections.done.map((j) => j.id)).toEqual([3]);
  });
});

describe('nextMove', () => {
  const next = (
    job: ReturnType<typeof dashboardAppointment>,
    others = [] as ReturnType<typeof dashboardAppointment>[],
  ) => {
    const jobs = withWaitingSteps([job, ...others], [], ME.id);
    return nextMove(jobs[0], ME.id, jobUnderWay(jobs, ME.id)?.id ?? null, NOW);
  };

  it('is the one step after the job status, for their own job', () => {
    expect(next(dashboardAppointment(1, 'pending'))).toBe('accepted');
    expect(next(dashboardAppointment(1, 'accepted', { technicianId: ME.id }))).toBe('en_route');
    expect(next(dashboardAppointment(1, 'en_route', { technicianId: ME.id }))).toBe('on_location');
    expect(next(dashboardAppointment(1, 'on_location', { technicianId: ME.id }))).toBe('completed');
    expect(next(dashboardAppointment(1, 'completed', { technicianId: ME.id }))).toBeNull();
  });

  it("offers nothing on another technician's job, nor a second job while one is under way", () => {
    expect(next(dashboardAppointment(1, 'accepted', { technicianId: 99 }))).toBeNull();
    expect(
      next(dashboardAppointment(1, 'pending'), [
        dashboardAppointment(2, 'en_route', { technicianId: ME.id }),
      ]),
    ).toBeNull();
  });

  it("does not set out tonight for tomorrow's visit", () => {
    const tomorrow = dashboardAppointment(1, 'accepted', {
      technicianId: ME.id,
      preferredTime: '2030-06-15',
      scheduledDate: '2030-06-15',
      scheduledTime: '10:00:00',
    });
    expect(next(tomorrow)).toBeNull();
  });
});

describe('steps the server took, before the jobs show them', () => {
  it('keep the job where the step left it until the server copy moves past that version', () => {
    const accepted = step(1, 1, 'accepted');
    const before = [dashboardAppointment(1, 'assigned', { technicianId: ME.id, version: 3 })];
    const sent = leftAsSent([accepted], [], before);
    expect(sent).toEqual([{ step: accepted, version: 3 }]);
    // The answer came, the push not yet: still accepted, with nothing waiting.
    expect(withWaitingSteps(before, [], ME.id, sent)[0]).toMatchObject({
      status: 'accepted',
      waiting: [],
    });
    // The push: the server's copy rules again.
    const pushed = [dashboardAppointment(1, 'assigned', { technicianId: 99, version: 4 })];
    expect(stillAhead(sent, pushed)).toEqual([]);
    expect(withWaitingSteps(pushed, [], ME.id, sent)[0]).toMatchObject({ technicianId: 99 });
  });

  it('a refused step that was dismissed was not sent', () => {
    const refused = step(1, 1, 'accepted', 'refused');
    expect(leftAsSent([refused], [], [dashboardAppointment(1)])).toEqual([]);
  });
});

describe("the phone's copy of its jobs", () => {
  const TODAY = '2030-06-14';
  /** A pool job requested `minute` minutes after the first. */
  const open = (id: number, minute: number, extra: Partial<DashboardAppointment> = {}) =>
    dashboardAppointment(id, 'pending', {
      requestedAt: new Date(Date.UTC(2030, 5, 14, 12, minute)).toISOString(),
      ...extra,
    });
  const pool = (count: number) => Array.from({ length: count }, (_, i) => open(100 + i, i));

  it('knows where the pool it was sent ends when the server holds more', () => {
    const all = pool(FIELD_POOL.sent);
    const cut = copyFromAnswer([], { jobs: all, poolTotal: 500 }, TODAY);
    expect(cut.poolCut).toBe(all[FIELD_POOL.sent - 1].requestedAt);
    expect(copyFromAnswer([], { jobs: all, poolTotal: all.length }, TODAY).poolCut).toBeNull();
  });

  it('keeps a job on screen that is newer than the answer', () => {
    const shown = [open(1, 0, { status: 'accepted', technicianId: ME.id, version: 3 })];
    const copy = copyFromAnswer(shown, { jobs: [open(1, 0, { version: 2 })], poolTotal: 1 }, TODAY);
    expect(copy.jobs[0]).toMatchObject({ status: 'accepted', version: 3 });
  });

  it('keeps what a re-read did not change as the objects on screen (their cards are not drawn again)', () => {
    const shown = copyFromAnswer([], { jobs: pool(3), poolTotal: 3 }, TODAY).jobs;
    const again = copyFromAnswer(shown, { jobs: pool(3), poolTotal: 3 }, TODAY).jobs;
    expect(again).toBe(shown);
    const moved = pool(3).map((j) =>
      j.id === 101 ? { ...j, status: 'accepted' as const, version: 2 } : j,
    );
    const next = copyFromAnswer(shown, { jobs: moved, poolTotal: 3 }, TODAY).jobs;
    expect(next[0]).toBe(shown[0]);
    expect(next[1]).toMatchObject({ id: 101, status: 'accepted' });
    expect(next[2]).toBe(shown[2]);
  });

  it("takes a push of the user's job or of the pool within the cut, and nothing else", () => {
    const copy = copyFromAnswer([], { jobs: pool(FIELD_POOL.sent), poolTotal: 500 }, TODAY);
    const ids = (next: typeof copy) => next.jobs.map((j) => j.id);
    // Another technician's job, and a new request beyond the pool the phone was sent.
    expect(
      afterPush(copy, open(7, 1, { status: 'accepted', technicianId: 99 }), ME.id, TODAY),
    ).toBe(copy);
    expect(afterPush(copy, open(8, 600), ME.id, TODAY)).toBe(copy);
    // Theirs, wherever it is in the order; a pool job within the cut.
    expect(
      ids(afterPush(copy, open(9, 600, { status: 'assigned', technicianId: ME.id }), ME.id, TODAY)),
    ).toContain(9);
    expect(ids(afterPush(copy, open(10, 5), ME.id, TODAY))).toContain(10);
  });

  it('drops a pool job another technician took; an older push changes nothing', () => {
    const copy = copyFromAnswer([], { jobs: [open(1, 0, { version: 2 })], poolTotal: 1 }, TODAY);
    const taken = open(1, 0, { status: 'accepted', technicianId: 99, version: 3 });
    expect(afterPush(copy, taken, ME.id, TODAY).jobs).toEqual([]);
    const late = open(1, 0, { status: 'accepted', technicianId: 99, version: 1 });
    expect(afterPush(copy, late, ME.id, TODAY)).toBe(copy);
  });

  it('is dated by the server: its answer, or a push it takes, never one it ignores', () => {
    const read = new Date('2030-06-14T12:00:00Z');
    const pushed = new Date('2030-06-14T12:05:00Z');
    const copy = copyFromAnswer([], { jobs: pool(FIELD_POOL.sent), poolTotal: 500 }, TODAY, read);
    expect(copy.answeredAt).toBe(read);
    const mine = open(9, 600, { status: 'assigned', technicianId: ME.id });
    expect(afterPush(copy, mine, ME.id, TODAY, pushed).answeredAt).toBe(pushed);
    expect(afterPush(copy, open(8, 600), ME.id, TODAY, pushed).answeredAt).toBe(read);
  });

  it('asks for more of the pool once fewer than the screen lists are left', () => {
    let copy = copyFromAnswer([], { jobs: pool(FIELD_POOL.sent), poolTotal: 500 }, TODAY);
    expect(needsMorePool(copy, TODAY)).toBe(false);
    for (let i = 0; i <= FIELD_POOL.sent - FIELD_POOL.shown; i += 1)
      copy = afterPush(
        copy,
        open(100 + i, i, { status: 'accepted', technicianId: 99, version: 2 }),
        ME.id,
        TODAY,
      );
    expect(needsMorePool(copy, TODAY)).toBe(true);
    expect(needsMorePool(EMPTY_COPY, TODAY)).toBe(false);
  });
});
