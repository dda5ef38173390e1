import { randomBytes } from 'node:crypto';
import { ApiClient, bookAsap, startStack, Stack } from '@cincy/stack';
import { businessNoonToday, publicStackEnv } from '../src/public-site';

// npm start's supervision: a service killed with SIGKILL is started again and the rest keeps
// serving; bookings answered before and after are all on the board, once.
describe('a supervised stack', () => {
  const admin = { username: 'e2e-admin', password: `E2e-${randomBytes(9).toString('base64url')}` };
  const notes: string[] = [];
  let stack: Stack | undefined;
  let staff: ApiClient;

  beforeAll(async () => {
    stack = await startStack({
      throwaway: { label: 'e2e' },
      admin,
      serviceEnv: publicStackEnv(businessNoonToday()),
      supervise: true,
      onNote: (note) => notes.push(note),
    });
    staff = new ApiClient(stack.baseUrl);
    await staff.login(admin.username, admin.password);
  }, 120_000);

  afterAll(() => stack?.stop(), 60_000);

  const healthy = async () =>
    (await fetch(`${stack!.baseUrl}/api/health`).catch(() => null))?.status === 200;

  async function waitFor(what: string, check: () => Promise<boolean>, ms = 20_000) {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until)
        throw new Error(`${what} within ${ms / 1000} s; notes: ${notes.join(' | ')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('starts a killed service again, and no booking is lost or doubled', async () => {
    const booked: number[] = [];
    const book = async (n: number) => {
      const { appointment } = await bookAsap(stack!.baseUrl, {
        name: `Kept ${n}`,
        phone: `51355520${n}`,
      });
      booked.push(appointment.id);
    };
    await book(10);
    const before = stack!.pids().dispatch!;
    process.kill(before, 'SIGKILL');
    await waitFor('dispatch restarted', async () => {
      const now = stack!.pids().dispatch;
      return now !== undefined && now !== before;
    });
    expect(
      notes.some((n) => /^dispatch killed by SIGKILL: starting it again in 0\.5 s$/.test(n)),
    ).toBe(true);
    // Booking never stopped serving; dispatch catches up on what it missed.
    await book(11);
    await waitFor('the stack healthy again', healthy);
    await book(12);
    await waitFor('every booking on the board', async () => {
      const board = await staff.appointments();
      return booked.every((id) => board.some((a) => a.id === id));
    });
    const board = await staff.appointments();
    for (const id of booked) expect(board.filter((a) => a.id === id)).toHaveLength(1);
  }, 60_000);
});
