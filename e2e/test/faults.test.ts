import { randomBytes } from 'node:crypto';
import { DashboardAppointment } from '@cincy/contracts';
import { ApiClient, startStack, Stack } from '@cincy/stack';
import { eventually } from '../src/board';
import { addBattery, addTechnician } from '../src/office';
import { OwnServer, startOwnNats, startOwnPostgres } from '../src/own-infra';
import { businessNoonToday, publicStackEnv } from '../src/public-site';

// `npm run test:faults`: under a steady load of bookings and job moves, each service is killed
// (SIGKILL) in turn, then NATS and PostgreSQL restart once: on servers of this test's own, so the
// machine's shared ones are never touched. npm start's supervision restarts what died. Afterwards
// every booking answered 2xx is on the board exactly once, stock, completions and the day's counts
// agree, every completed job is billed once (numbers without gaps), and the board converges within
// 10 s. Prints the table of faults.
const SERVICES_TO_KILL = [
  'identity',
  'booking',
  'dispatch',
  'inventory',
  'billing',
  'gateway',
] as const;
const STOCK = 500;
const BOOKING_LOOPS = 3;
const STEADY_MS = 2_500;
const RECOVERY_LIMIT_MS = 60_000;
const CONVERGE_LIMIT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 8_000;

interface Booking {
  name: string;
  fault: string;
  /** The appointment id when the booking was answered 2xx. */
  id?: number;
}

interface Row {
  fault: string;
  recoveredMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The call, or a rejection after `ms` (the request may still land: it then counts as unanswered). */
function within<T>(ms: number, call: Promise<T>): Promise<T> {
  return Promise.race([
    call,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms)),
  ]);
}

describe('faults under load', () => {
  const admin = { username: 'e2e-admin', password: `E2e-${randomBytes(9).toString('base64url')}` };
  const tech = { username: 'faults.tech', password: 'faults-tech-pass-1' };
  let postgres: OwnServer;
  let nats: OwnServer;
  let stack: Stack;
  let staff: ApiClient;
  let field: ApiClient;
  let batteryId: number;
  const notes: string[] = [];

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startOwnPostgres(), startOwnNats()]);
    stack = await startStack({
      throwaway: { label: 'faults' },
      env: { ...process.env, DATABASE_URL: postgres.url, NATS_URL: nats.url },
      admin,
      serviceEnv: publicStackEnv(businessNoonToday()),
      supervise: true,
      onNote: (note) => notes.push(note),
    });
    staff = new ApiClient(stack.baseUrl);
    await staff.login(admin.username, admin.password);
    await addTechnician(staff, { ...tech, name: 'Faults Tech' });
    field = new ApiClient(stack.baseUrl);
    await field.login(tech.username, tech.password);
    ({ id: batteryId } = await addBattery(staff, 'Faults AGM', STOCK));
  }, 120_000);

  afterAll(async () => {
    await stack?.stop().catch(() => undefined);
    await Promise.all([postgres?.stop(), nats?.stop()]);
  }, 60_000);

  it('loses nothing, doubles nothing, and converges after each fault', async () => {
    const bookings: Booking[] = [];
    let fault = 'none (steady load)';
    let running = true;
    let seq = 0;

    const book = async (): Promise<Booking> => {
      seq += 1;
      const booking: Booking = { name: `Faults Customer ${seq}`, fault };
      bookings.push(booking);
      try {
        const { appointment } = await within(
          REQUEST_TIMEOUT_MS,
          new ApiClient(stack.baseUrl).bookAsap({
            name: booking.name,
            phone: `513${String(5_000_000 + seq).slice(-7)}`,
          }),
        );
        booking.id = appointment.id;
      } catch {
        // Refused or cut off during a fault: not answered, so nothing is promised.
      }
      return booking;
    };

    const board = () => within(REQUEST_TIMEOUT_MS, staff.appointments());

    // A technician working the board: accept a waiting job, drive there, complete it with a
    // battery; any step a fault refuses is tried again on the next round.
    const NEXT: Record<string, string> = {
      accepted: 'en_route',
      en_route: 'on_location',
    };
    const work = async () => {
      const me = await field.request<{ id: number; name: string }>('GET', '/api/users/current');
      while (running) {
        try {
          const jobs = await within(REQUEST_TIMEOUT_MS, field.appointments());
          const mine = jobs.find((j) => j.technicianId === me.id && j.status !== 'completed');
          const job = mine ?? jobs.find((j) => j.status === 'pending');
          if (job?.status === 'on_location') {
            await within(
              REQUEST_TIMEOUT_MS,
              field.request('POST', '/api/service-records', {
                appointmentId: job.id,
                customerId: job.customerId,
                serviceCode: 'battery installed',
                batterySerialNumber: `SN-FAULTS-${job.id}`,
                vehicleMileage: '30000',
                inventoryItemId: batteryId,
                technicianId: me.id,
                technicianName: me.name,
              }),
            );
          } else if (job) {
            await within(
              REQUEST_TIMEOUT_MS,
              field.request('PATCH', `/api/appointments/${job.id}/status`, {
                status: job.status === 'pending' ? 'accepted' : NEXT[job.status],
                technicianId: null,
                technicianUsername: null,
              }),
            );
          }
        } catch {
          await sleep(200);
        }
        await sleep(100);
      }
    };

    const load = [
      ...Array.from({ length: BOOKING_LOOPS }, async () => {
        while (running) {
          await book();
          await sleep(150);
        }
      }),
      work(),
    ];

    // Recovered: every service answers the health check, and a new booking reaches the board.
    const healthy = () =>
      within(REQUEST_TIMEOUT_MS, fetch(`${stack.baseUrl}/api/health`)).then(
        (res) => res.status === 200,
        () => false,
      );
    const recovery = async (started: number): Promise<number> => {
      while (Date.now() - started < RECOVERY_LIMIT_MS) {
        if (!(await healthy())) {
          await sleep(100);
          continue;
        }
        const probe = await book();
        if (probe.id !== undefined) {
          while (Date.now() - started < RECOVERY_LIMIT_MS) {
            const seen = await board().catch(() => [] as DashboardAppointment[]);
            if (seen.some((a) => a.id === probe.id)) return Date.now() - started;
            await sleep(100);
          }
        }
        await sleep(100);
      }
      throw new Error(
        `${fault}: not recovered in ${RECOVERY_LIMIT_MS / 1000} s; ${notes.join(' | ')}`,
      );
    };

    const faults: [string, () => Promise<void>][] = [
      ...SERVICES_TO_KILL.map((name): [string, () => Promise<void>] => [
        `kill -9 ${name}`,
        async () => void process.kill(stack.pids()[name], 'SIGKILL'),
      ]),
      ['NATS restart', () => nats.restart()],
      ['PostgreSQL restart', () => postgres.restart()],
    ];
    const rows: Row[] = [];
    try {
      await sleep(STEADY_MS);
      for (const [name, inject] of faults) {
        fault = name;
        const started = Date.now();
        await inject();
        rows.push({ fault: name, recoveredMs: await recovery(started) });
        await sleep(STEADY_MS);
      }
    } finally {
      running = false;
      await Promise.all(load);
    }

    // The board converges: every answered booking on it, once, soon after the last recovery.
    const answered = bookings.filter((b) => b.id !== undefined);
    const convergeStarted = Date.now();
    let seen: DashboardAppointment[] = [];
    while (Date.now() - convergeStarted < CONVERGE_LIMIT_MS) {
      seen = await board();
      const ids = new Set(seen.map((a) => a.id));
      if (answered.every((b) => ids.has(b.id!))) break;
      await sleep(200);
    }
    const convergedMs = Date.now() - convergeStarted;
    // Each visitor's name is unique, so a second appointment of theirs would be a duplicate.
    const onBoard = (b: Booking) =>
      seen.some((a) => a.id === b.id) ? seen.filter((a) => a.customer.name === b.name).length : 0;
    const summary = [{ fault: 'none (steady load)', recoveredMs: 0 }, ...rows].map((row) => {
      const mine = answered.filter((b) => b.fault === row.fault);
      return {
        ...row,
        accepted: mine.length,
        lost: mine.filter((b) => onBoard(b) === 0).length,
        duplicated: mine.filter((b) => onBoard(b) > 1).length,
      };
    });
    const completed = seen.filter((a) => a.status === 'completed').length;
    printTable(summary, answered.length, completed, convergedMs);

    expect(answered.length).toBeGreaterThan(rows.length * 5);
    for (const b of answered)
      expect({ booking: b.name, onBoard: onBoard(b) }).toEqual({
        booking: b.name,
        onBoard: 1,
      });
    expect(convergedMs).toBeLessThan(CONVERGE_LIMIT_MS);

    // Stock, completions and the day's counts agree: no completion applied twice or lost.
    expect(completed).toBeGreaterThan(0);
    const items = await staff.request<{ id: number; quantity: number }[]>(
      'GET',
      '/api/inventory?category=battery',
    );
    expect(STOCK - items.find((i) => i.id === batteryId)!.quantity).toBe(completed);
    const stats = await staff.request<{ completedToday: number }>('GET', '/api/dashboard/stats');
    expect(stats.completedToday).toBe(completed);
    expect(await staff.request('GET', '/api/dashboard/batteries-sold-today')).toBe(completed);

    // Billing was killed too: each completed job has one invoice, numbered without a gap.
    const numbers: string[] = [];
    for (const job of seen.filter((a) => a.status === 'completed')) {
      const invoice = await eventually(
        `the invoice of job ${job.id}`,
        () => staff.request<{ number: string }>('GET', `/api/appointments/${job.id}/invoice`),
        (answer) => typeof answer.number === 'string',
      );
      numbers.push(invoice.number);
    }
    const sequence = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(sequence).toEqual(sequence.map((_, i) => i + 1));
  }, 300_000);
});

function printTable(
  rows: {
    fault: string;
    recoveredMs: number;
    accepted: number;
    lost: number;
    duplicated: number;
  }[],
  answered: number,
  completed: number,
  convergedMs: number,
): void {
  const header = ['Fault', 'Recovered in', 'Bookings accepted', 'Lost', 'Duplicated'];
  const lines = rows.map((r) => [
    r.fault,
    r.recoveredMs ? `${(r.recoveredMs / 1000).toFixed(1)} s` : '-',
    String(r.accepted),
    String(r.lost),
    String(r.duplicated),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ');
  process.stdout.write(
    [
      '',
      format(header),
      widths.map((w) => '-'.repeat(w)).join('-|-'),
      ...lines.map(format),
      `${answered} bookings answered, ${completed} jobs completed with a battery; the board held every answered booking ${(convergedMs / 1000).toFixed(1)} s after the last recovery`,
      '',
    ].join('\n'),
  );
}
