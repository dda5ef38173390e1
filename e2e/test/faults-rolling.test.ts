import { randomBytes } from 'node:crypto';
import { ApiClient, RollingStep, startStack, Stack } from '@cincy/stack';
import { eventually } from '../src/board';
import {
  BoardWatcher,
  BookingLoad,
  countOnBoard,
  printDrillTable,
  processUsage,
  seconds,
  sleep,
} from '../src/drill';
import { businessNoonToday, publicStackEnv } from '../src/public-site';

// `npm run test:faults`: a deploy while customers book. Two of every process (npm start --replicas),
// a steady booking load spread over both gateways as a proxy spreads it, and staff boards open on
// each gateway; then `rollingRestart()` (what `npm run restart:rolling` asks of npm start) replaces
// every process in turn. No answer is a 5xx, every answered booking is on the board once, and every
// board reconnects and holds every booking (its re-read on reconnect plus the pushes).
const TWO_OF_EACH = {
  identity: 2,
  booking: 2,
  dispatch: 2,
  inventory: 2,
  notify: 2,
  billing: 2,
  gateway: 2,
} as const;
const BOARDS_PER_GATEWAY = 2;
const STEADY_MS = 2_500;
/** The window after the restart in which each process's CPU is measured. */
const MEASURED_MS = 5_000;

describe('a rolling restart under load', () => {
  const admin = { username: 'e2e-admin', password: `E2e-${randomBytes(9).toString('base64url')}` };
  let stack: Stack;
  const boards: BoardWatcher[] = [];

  beforeAll(async () => {
    stack = await startStack({
      throwaway: { label: 'rolling' },
      admin,
      serviceEnv: publicStackEnv(businessNoonToday()),
      replicas: TWO_OF_EACH,
    });
  }, 180_000);

  afterAll(async () => {
    for (const board of boards) board.close();
    await stack?.stop();
  }, 60_000);

  it('replaces every process with no 5xx, no booking lost or doubled, every board caught up', async () => {
    for (const baseUrl of stack.baseUrls) {
      for (let n = 0; n < BOARDS_PER_GATEWAY; n++) {
        const staff = new ApiClient(baseUrl);
        await staff.login(admin.username, admin.password);
        const board = new BoardWatcher(staff);
        boards.push(board);
        await board.ready();
      }
    }
    const load = new BookingLoad(stack.baseUrls, 'Rolling Customer');
    load.start(3);
    const pidsBefore = stack.pids();
    let steps: RollingStep[] = [];
    let usage: Record<string, string>[] = [];
    let rollingMs = 0;
    try {
      await sleep(STEADY_MS);
      load.phase = 'rolling restart';
      const started = Date.now();
      steps = await stack.rollingRestart();
      rollingMs = Date.now() - started;
      load.phase = 'after';
      // What each new process holds and spends under the load: the Kubernetes requests and
      // limits (deploy/kubernetes) are set from these figures.
      const pids = stack.pids();
      const before = mapValues(pids, processUsage);
      const windowStart = Date.now();
      await sleep(MEASURED_MS);
      const windowS = (Date.now() - windowStart) / 1000;
      usage = Object.entries(pids).map(([id, pid]) => {
        const now = processUsage(pid);
        return {
          process: id,
          'RSS (MB)': now ? now.rssMb.toFixed(0) : '-',
          'CPU (cores)':
            now && before[id] ? ((now.cpuMs - before[id]!.cpuMs) / 1000 / windowS).toFixed(2) : '-',
        };
      });
    } finally {
      await load.stop();
    }

    const answered = load.answered();
    const staff = new ApiClient(stack.baseUrl);
    await staff.login(admin.username, admin.password);
    const board = await eventually(
      'every answered booking on the board',
      () => staff.appointments(),
      (list) => countOnBoard(answered, list).lost.length === 0,
      15_000,
    ).catch(() => staff.appointments());
    const { lost, doubled } = countOnBoard(answered, board);
    const unanswered = load.attempts.filter((a) => a.id === undefined);
    const retried = load.attempts.filter((a) => a.tries > 1);
    // Every board: reconnected (each gateway was replaced) and holding every answered booking.
    const caughtUp = await Promise.all(
      boards.map((watcher) =>
        eventually(
          'the board holds every answered booking',
          async () => answered.filter((a) => !watcher.jobs.has(a.id!)).length,
          (missing) => missing === 0,
          15_000,
        ).catch(() => answered.filter((a) => !watcher.jobs.has(a.id!)).length),
      ),
    );

    printDrillTable(
      'Rolling restart: two of every process, each replaced in turn under booking load',
      [
        ...['steady', 'rolling restart', 'after'].map((phase) => {
          const mine = load.attempts.filter((a) => a.phase === phase);
          return {
            phase,
            'bookings answered': mine.filter((a) => a.id !== undefined).length,
            'retried (same key)': mine.filter((a) => a.tries > 1).length,
            '5xx': load.serverErrors.filter((e) => e.phase === phase).length,
            lost: lost.filter((a) => a.phase === phase).length,
            doubled: doubled.filter((a) => a.phase === phase).length,
            took: phase === 'rolling restart' ? seconds(rollingMs) : '-',
          };
        }),
      ],
    );
    printDrillTable(
      'Each process replaced (new one ready, old one drained)',
      steps.map((s) => ({
        process: s.id,
        took: seconds(s.ms),
        'old one': s.drained ? 'drained and exited' : 'killed after 12 s',
      })),
    );
    printDrillTable('Each new process under the booking load, after the restart', usage);
    printDrillTable(
      'Staff boards',
      boards.map((b, i) => ({
        board: `${i + 1} on ${stack.baseUrls[Math.floor(i / BOARDS_PER_GATEWAY)]}`,
        connects: b.connects,
        'missing bookings': caughtUp[i],
      })),
    );

    // Every process was replaced (the same instances, each a new process), each old one drained.
    expect(steps.filter((s) => !s.drained).map((s) => s.id)).toEqual([]);
    const pidsAfter = stack.pids();
    expect(steps.map((s) => s.id).sort()).toEqual(Object.keys(pidsBefore).sort());
    expect(Object.keys(pidsAfter).sort()).toEqual(Object.keys(pidsBefore).sort());
    for (const id of Object.keys(pidsBefore))
      expect({ id, replaced: pidsAfter[id] !== pidsBefore[id] }).toEqual({ id, replaced: true });
    expect(load.attempts.filter((a) => a.phase === 'rolling restart').length).toBeGreaterThan(10);
    expect(load.serverErrors).toEqual([]);
    expect(unanswered.map((a) => a.name)).toEqual([]);
    expect(lost.map((a) => a.name)).toEqual([]);
    expect(doubled.map((a) => a.name)).toEqual([]);
    for (const [i, watcher] of boards.entries()) {
      expect({ board: i + 1, reconnected: watcher.connects >= 2 }).toEqual({
        board: i + 1,
        reconnected: true,
      });
    }
    expect(caughtUp).toEqual(boards.map(() => 0));
    // A retried booking is what a proxy's retry of a cut connection would send: it is the reason
    // the keys exist, and it must still be one appointment (checked as doubled above).
    expect(retried.every((a) => a.id !== undefined)).toBe(true);
  }, 300_000);
});

const mapValues = <T, U>(record: Record<string, T>, f: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value)]));
