import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { BoardChanged, DashboardAppointment, SOCKET_EVENTS } from '@cincy/contracts';
import { ApiClient, ApiError, asapAppointmentInput } from '@cincy/stack';
import { io, Socket } from 'socket.io-client';

// What the drills of `npm run test:faults` share: a booking load spread over the gateways as a
// proxy would spread it, staff boards kept the way the app keeps them, and the printed table.

const REQUEST_TIMEOUT_MS = 8_000;
/** How long one booking may keep being retried (same Idempotency-Key) before it counts as lost. */
const BOOKING_PATIENCE_MS = 30_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BookingAttempt {
  name: string;
  /** The drill's phase when the booking started (`steady`, `leader killed`...). */
  phase: string;
  /** The appointment id once a gateway answered 2xx. */
  id?: number;
  startedAt: number;
  answeredAt?: number;
  /** How many times it went out (a refused or cut connection is tried again, same key). */
  tries: number;
}

/**
 * Visitors booking back to back (POST /api/bookings, the form's one call), each booking under its
 * own Idempotency-Key, round-robin over the gateways. A connection refused or cut before an
 * answer goes to the next gateway with the same key, as a proxy's retry would: the key makes a
 * repeat answer the booking already made. Any 5xx answer is counted, never retried.
 */
export class BookingLoad {
  readonly attempts: BookingAttempt[] = [];
  /** Every 5xx answer: status and the phase it happened in. */
  readonly serverErrors: { status: number; phase: string; body: string }[] = [];
  phase = 'steady';
  private running = false;
  private loops: Promise<void>[] = [];
  private seq = 0;
  private next = 0;

  constructor(
    private readonly baseUrls: string[],
    private readonly label: string,
  ) {}

  start(concurrency: number, pauseMs = 150): void {
    this.running = true;
    this.loops = Array.from({ length: concurrency }, async () => {
      while (this.running) {
        await this.book();
        await sleep(pauseMs);
      }
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** One booking, retried on a cut connection until answered or out of patience. */
  async book(): Promise<BookingAttempt> {
    this.seq += 1;
    const seq = this.seq;
    const attempt: BookingAttempt = {
      name: `${this.label} ${seq}`,
      phase: this.phase,
      tries: 0,
      startedAt: Date.now(),
    };
    this.attempts.push(attempt);
    const key = randomUUID();
    const { customerId, ...appointment } = asapAppointmentInput(0);
    void customerId; // the call registers the customer
    const body = {
      name: attempt.name,
      phone: `513${String(6_000_000 + seq).slice(-7)}`,
      email: null,
      ...appointment,
    };
    const until = Date.now() + BOOKING_PATIENCE_MS;
    while (Date.now() < until) {
      const baseUrl = this.baseUrls[this.next++ % this.baseUrls.length];
      attempt.tries += 1;
      try {
        const created = await new ApiClient(baseUrl).request<{ id: number }>(
          'POST',
          '/api/bookings',
          body,
          { 'Idempotency-Key': key },
        );
        attempt.id = created.id;
        attempt.answeredAt = Date.now();
        return attempt;
      } catch (err) {
        if (err instanceof ApiError) {
          if (err.status >= 500)
            this.serverErrors.push({ status: err.status, phase: attempt.phase, body: err.body });
          return attempt; // answered: a refusal is not retried
        }
        await sleep(100); // no answer (refused, reset, timed out): another gateway, same key
      }
    }
    return attempt;
  }

  answered(): BookingAttempt[] {
    return this.attempts.filter((a) => a.id !== undefined);
  }
}

/**
 * A staff board as the app keeps it: the list read on every (re)connect, then each push applied.
 * `pushedAt` holds the jobs that arrived by push, to tell a live board from a re-read one.
 */
export class BoardWatcher {
  readonly jobs = new Map<number, DashboardAppointment>();
  /** When each job was first pushed. */
  readonly pushedAt = new Map<number, number>();
  connects = 0;
  private readonly socket: Socket;

  constructor(private readonly client: ApiClient) {
    this.socket = io(client.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { Cookie: client.jar.header() ?? '' },
      reconnectionDelay: 200,
      reconnectionDelayMax: 1_000,
    });
    this.socket.on('connect', () => {
      this.connects += 1;
      void this.reread();
    });
    this.socket.on(SOCKET_EVENTS.boardChanged, (change: BoardChanged) => {
      if (!this.pushedAt.has(change.appointment.id))
        this.pushedAt.set(change.appointment.id, Date.now());
      this.jobs.set(change.appointment.id, change.appointment as DashboardAppointment);
    });
  }

  /** Resolves once connected the first time. */
  ready(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', reject);
    });
  }

  close(): void {
    this.socket.close();
  }

  private async reread(): Promise<void> {
    for (let tries = 0; tries < 20; tries++) {
      try {
        const list = await within(REQUEST_TIMEOUT_MS, this.client.appointments());
        for (const job of list) this.jobs.set(job.id, job);
        return;
      } catch {
        await sleep(250);
      }
    }
  }
}

/** The call, or a rejection after `ms` (the request may still land: it then counts as unanswered). */
export function within<T>(ms: number, call: Promise<T>): Promise<T> {
  return Promise.race([
    call,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms)),
  ]);
}

/** How many appointments each answered booking has on `board` (by its unique visitor name). */
export function countOnBoard(
  answered: BookingAttempt[],
  board: DashboardAppointment[],
): { lost: BookingAttempt[]; doubled: BookingAttempt[] } {
  const byName = new Map<string, number>();
  for (const job of board) byName.set(job.customer.name, (byName.get(job.customer.name) ?? 0) + 1);
  return {
    lost: answered.filter((a) => !board.some((job) => job.id === a.id)),
    doubled: answered.filter((a) => (byName.get(a.name) ?? 0) > 1),
  };
}

/** Prints a drill's table: a title line, a header, a rule and one line per row. */
export function printDrillTable(title: string, rows: Record<string, string | number>[]): void {
  const header = Object.keys(rows[0] ?? {});
  const lines = rows.map((row) => header.map((h) => String(row[h])));
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ');
  process.stdout.write(
    [
      '',
      title,
      format(header),
      widths.map((w) => '-'.repeat(w)).join('-|-'),
      ...lines.map(format),
      '',
    ].join('\n'),
  );
}

export const seconds = (ms: number | undefined) =>
  ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`;

/** A process's resident memory (MB) and CPU time so far (ms), from /proc (Linux). */
export function processUsage(pid: number): { rssMb: number; cpuMs: number } | null {
  try {
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    // utime and stime are the 14th and 15th fields, after the command name in parentheses.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { rssMb: rssKb / 1024, cpuMs: (ticks * 1000) / 100 }; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}
