import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ApiClient,
  ensureDatabase,
  freePort,
  parseManifest,
  startLocalObjectStore,
  startStack,
  withDatabaseName,
  type LocalObjectStore,
  type Stack,
} from '@cincy/stack';
import {
  compareReadings,
  dropDatabaseAt,
  formatTable,
  readApi,
  runScript,
  settled,
  type ReadSpec,
} from '../src/backup-drill';
import { eventually } from '../src/board';
import { addBattery, addTechnician } from '../src/office';
import { OwnServer, startOwnNats, startOwnPostgres } from '../src/own-infra';
import { businessNoonToday, publicStackEnv } from '../src/public-site';

// `npm run test:faults`: the backup and restore drill (docs/adr/0125-backup-restore.md), on a
// PostgreSQL and a NATS of its own. A stack books visits and a technician completes them with a
// battery; billing and notify are then stopped and one more job is completed, so their consumers
// lag behind the stream when `npm run backup` runs. One booking more is made after the backup
// (lost by design: the backup is the recovery point). The stack stops, its database is dropped,
// `npm run restore` loads the backup into an empty one and the stack starts on it again: every
// record the API showed is there as it was, the lagging consumers catch up (the last job's invoice
// once, its messages once), the booking after the backup is nowhere, and nothing is doubled.
// Prints the drill's table.
const JOBS_BEFORE = 3;
const STOCK = 20;
/** The last messages of a completed job: the receipt (kind `completed`) and the invoice's reminder. */
const RECEIPT_AND_REMINDER = ['completed', 'payment_reminder'];
/** What the last job's card gains when billing catches up: its invoice, a version. */
const LAST_JOB_CATCH_UP = ['payment', 'version', 'updatedAt'];

interface Job {
  id: number;
  customerId: number;
  name: string;
}

describe('backup and restore drill', () => {
  const admin = { username: 'e2e-admin', password: `E2e-${randomBytes(9).toString('base64url')}` };
  const tech = { username: 'drill.tech', password: 'drill-tech-pass-1' };
  const prefix = `drill${randomBytes(4).toString('hex')}`;
  let postgres: OwnServer;
  let nats: OwnServer;
  let objectStore: LocalObjectStore;
  let backupRoot: string;
  let env: NodeJS.ProcessEnv;
  let stack: Stack | undefined;
  const notes: string[] = [];

  const start = async () => {
    const port = await freePort();
    const started = Date.now();
    stack = await startStack({
      env: { ...env, PORT: String(port) },
      admin,
      serviceEnv: { ...publicStackEnv(businessNoonToday()), REQUIRE_ADMIN_MFA: 'false' },
      onNote: (note) => notes.push(note),
    });
    const staff = new ApiClient(stack.baseUrl);
    await staff.login(admin.username, admin.password);
    return { staff, startedMs: Date.now() - started };
  };

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startOwnPostgres(), startOwnNats()]);
    objectStore = await startLocalObjectStore(true);
    backupRoot = mkdtempSync(path.join(os.tmpdir(), 'cincy-backups-'));
    const databaseUrl = withDatabaseName(postgres.url, 'cincy_drill');
    env = { ...process.env, ...objectStore.env };
    // The developer's stack settings never leak in: this stack is all its own.
    for (const key of Object.keys(env))
      if (/^[A-Z]+_DATABASE_URL$/.test(key) || key === 'METRICS_PORT') delete env[key];
    delete env.JEST_WORKER_ID;
    Object.assign(env, {
      DATABASE_URL: databaseUrl,
      NATS_URL: nats.url,
      NATS_PREFIX: prefix,
      BACKUP_DIR: backupRoot,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'info',
    });
    await ensureDatabase(databaseUrl);
  }, 120_000);

  afterAll(async () => {
    await stack?.stop().catch(() => undefined);
    await objectStore?.stop().catch(() => undefined);
    await Promise.all([postgres?.stop(), nats?.stop()]);
    if (backupRoot) rmSync(backupRoot, { recursive: true, force: true });
  }, 60_000);

  it('restores every record, replays what the consumers had not applied, doubles nothing', async () => {
    let { staff } = await start();
    await addTechnician(staff, { ...tech, name: 'Drill Tech' });
    const field = new ApiClient(stack!.baseUrl);
    await field.login(tech.username, tech.password);
    const me = await field.request<{ id: number; name: string }>('GET', '/api/users/current');
    const { id: batteryId } = await addBattery(staff, 'Drill AGM', STOCK);

    const book = async (n: number): Promise<Job> => {
      const name = `Drill Customer ${n}`;
      const { customer, appointment } = await new ApiClient(stack!.baseUrl).bookAsap({
        name,
        phone: `513555${String(1000 + n)}`,
        email: `drill${n}@example.com`,
      });
      return { id: appointment.id, customerId: customer.id, name };
    };
    const complete = async (job: Job) => {
      // The board learns of a booking from its event, a moment after the booking answered.
      await eventually(
        `job ${job.id} on the board`,
        () => field.appointments(),
        (board) => board.some((a) => a.id === job.id),
      );
      for (const status of ['accepted', 'en_route', 'on_location'])
        await field.request('PATCH', `/api/appointments/${job.id}/status`, {
          status,
          technicianId: null,
          technicianUsername: null,
        });
      // The board's copy of the customer and the job may lag the booking a moment.
      await eventually(
        `service record of job ${job.id}`,
        () =>
          field.request('POST', '/api/service-records', {
            appointmentId: job.id,
            customerId: job.customerId,
            serviceCode: 'battery installed',
            batterySerialNumber: `SN-DRILL-${job.id}`,
            vehicleMileage: '42000',
            inventoryItemId: batteryId,
            technicianId: me.id,
            technicianName: me.name,
          }),
        () => true,
      );
    };

    // 1. A working day: visits done, one waiting.
    const jobs: Job[] = [];
    for (let n = 1; n <= JOBS_BEFORE; n++) {
      const job = await book(n);
      jobs.push(job);
      await complete(job);
    }
    const waiting = await book(JOBS_BEFORE + 1);
    jobs.push(waiting);
    const done = jobs.slice(0, JOBS_BEFORE);
    for (const job of done)
      await eventually(
        `the invoice of job ${job.id}`,
        () => staff.request<{ number: string }>('GET', `/api/appointments/${job.id}/invoice`),
        (invoice) => typeof invoice.number === 'string',
      );
    for (const job of done)
      await eventually(
        `the receipt of job ${job.id}`,
        () => staff.request<{ kind: string }[]>('GET', `/api/appointments/${job.id}/messages`),
        (messages) => RECEIPT_AND_REMINDER.every((kind) => messages.some((m) => m.kind === kind)),
      );
    const billingSpecs: ReadSpec[] = [
      { kind: 'invoices', url: '/api/invoices' },
      ...done.map((j) => ({ kind: 'invoices', url: `/api/appointments/${j.id}/invoice` })),
    ];
    const notifySpecs: ReadSpec[] = jobs.map((j) => ({
      kind: 'messages',
      url: `/api/appointments/${j.id}/messages`,
      volatile: true,
    }));
    const billedBefore = await readApi(staff, billingSpecs);
    const messagedBefore = await readApi(staff, notifySpecs);

    // 2. One more visit is booked (notify and billing take note of it); then billing and notify
    // stop and the visit is worked to completion: their consumers lag behind its steps.
    // (Booked while notify runs: a step's message needs notify's copy of the booking, and its
    // consumers catch up in no common order.)
    const last = await book(JOBS_BEFORE + 2);
    jobs.push(last);
    await eventually(
      `notify's copy of job ${last.id}`,
      () => staff.request<{ kind: string }[]>('GET', `/api/appointments/${last.id}/messages`),
      (messages) => messages.some((m) => m.kind === 'received'),
    );
    const lastReceived = await readApi(staff, [
      { kind: 'messages', url: `/api/appointments/${last.id}/messages`, volatile: true },
    ]);
    for (const [key, message] of lastReceived.messages) messagedBefore.messages.set(key, message);
    for (const name of ['billing', 'notify']) process.kill(stack!.pids()[name], 'SIGTERM');
    await eventually(
      'billing and notify stopped',
      async () => Object.keys(stack!.pids()),
      (running) => !running.includes('billing') && !running.includes('notify'),
    );
    await complete(last);
    const specs: ReadSpec[] = [
      { kind: 'customers', url: '/api/customers' },
      { kind: 'jobs', url: '/api/appointments' },
      ...jobs.map((j) => ({
        kind: 'service records',
        url: `/api/customers/${j.customerId}/service-records`,
      })),
      { kind: 'stock movements', url: `/api/inventory/${batteryId}/movements` },
      ...jobs.map((j) => ({
        kind: 'audit entries',
        url: `/api/audit?entity=appointment&id=${j.id}`,
      })),
      ...jobs.map((j) => ({
        kind: 'audit entries',
        url: `/api/audit?entity=customer&id=${j.customerId}`,
      })),
      { kind: 'audit entries', url: `/api/audit?entity=item&id=${batteryId}` },
    ];
    // The records dispatch, inventory, booking and identity hold once the last job is in.
    const before = await settled(() => readApi(staff, specs));
    Object.assign(before, billedBefore, messagedBefore);

    // 3. The backup, as an operator runs it.
    const backup = await runScript('backup', [], env);
    expect({ code: backup.code, output: backup.output }).toEqual({
      code: 0,
      output: expect.stringContaining('Backup written to'),
    });
    const folder = /Backup written to (\S+) /.exec(backup.output)![1];
    const manifest = parseManifest(readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
    const lagging = manifest.nats.consumers.filter((c) => c.pending > 0);
    expect(lagging.map((c) => c.durable)).toEqual(
      expect.arrayContaining(['billing-records', 'notify-records']),
    );

    // 4. A booking after the backup: lost by design (the recovery point), and never half there.
    const after = await book(99);
    await eventually(
      'the booking after the backup on the board',
      () => staff.appointments(),
      (board) => board.some((a) => a.id === after.id),
    );

    // 5. The disaster: the stack stops and its database is gone.
    await stack!.stop();
    stack = undefined;
    await dropDatabaseAt(env.DATABASE_URL!);

    // 6. Restore into an empty database (created by the restore), then start the stack on it.
    const restore = await runScript('restore', [folder], env);
    expect({ code: restore.code, output: restore.output }).toEqual({
      code: 0,
      output: expect.stringContaining('Restored'),
    });
    // A second restore is refused in a sentence: the database is no longer empty.
    const again = await runScript('restore', [folder], env);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/Restore failed: The database cincy_drill is not empty/);
    expect(again.output).not.toMatch(/\n\s+at /);

    const restarted = await start();
    staff = restarted.staff;

    // 7. The lagging consumers catch up: the last job billed once, its receipt sent once.
    const caughtUpStarted = Date.now();
    const lastInvoice = await eventually(
      `the invoice of job ${last.id} after the restore`,
      () => staff.request<{ number: string }>('GET', `/api/appointments/${last.id}/invoice`),
      (invoice) => typeof invoice.number === 'string',
      60_000,
    );
    await eventually(
      `the receipt of job ${last.id} after the restore`,
      () => staff.request<{ kind: string }[]>('GET', `/api/appointments/${last.id}/messages`),
      (messages) => RECEIPT_AND_REMINDER.every((kind) => messages.some((m) => m.kind === kind)),
      60_000,
    );
    const caughtUpMs = Date.now() - caughtUpStarted;
    // Let any replay still under way finish before reading for doubles.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const now = await readApi(staff, [
      ...specs,
      ...billingSpecs,
      ...notifySpecs,
      { kind: 'messages', url: `/api/appointments/${last.id}/messages`, volatile: true },
    ]);
    // The last job's card shows its invoice now (dispatch follows billing): nothing else moved.
    const comparisons = compareReadings(before, now, (kind, key) =>
      kind === 'jobs' && key === `/api/appointments ${last.id}` ? LAST_JOB_CATCH_UP : [],
    );
    const lastMessages = await staff.request<{ kind: string; channel: string }[]>(
      'GET',
      `/api/appointments/${last.id}/messages`,
    );
    const lastMessageKeys = lastMessages.map((m) => `${m.kind}/${m.channel}`);
    const invoices = await staff.request<{ number: string; appointmentId: number }[]>(
      'GET',
      '/api/invoices',
    );
    const board = await staff.appointments();
    const figureIn = (pattern: RegExp) => pattern.exec(restore.output)?.[1] ?? '0';
    const customers = await staff.request<{ name: string }[]>('GET', '/api/customers');

    const figures = [
      ['dump size', `${(manifest.database.bytes / 1024).toFixed(0)} KiB`],
      ['backup (npm run backup)', `${(backup.ms / 1000).toFixed(1)} s`],
      ['restore (npm run restore)', `${(restore.ms / 1000).toFixed(1)} s`],
      ['stream events after the backup dropped', figureIn(/(\d+) dropped/)],
      ['events delivered again after restore', figureIn(/(\d+) events to deliver/)],
      ['stack answered after restore', `${(restarted.startedMs / 1000).toFixed(1)} s`],
      ['lagging consumers caught up after that', `${(caughtUpMs / 1000).toFixed(1)} s`],
      ['consumers lagging at backup', lagging.map((c) => `${c.durable} ${c.pending}`).join(', ')],
      ...comparisons.map((c) => [
        `${c.kind} compared`,
        `${c.before} (after: ${c.after}; lost ${c.lost.length}, changed ${c.changed.length}, doubled ${c.doubled.length})`,
      ]),
      ['rows compared', String(comparisons.reduce((sum, c) => sum + c.before, 0))],
      ['lost', String(comparisons.reduce((sum, c) => sum + c.lost.length, 0))],
      ['doubled', String(comparisons.reduce((sum, c) => sum + c.doubled.length, 0))],
      ['booking after the backup', board.some((a) => a.id === after.id) ? 'PRESENT' : 'gone (RPO)'],
    ];
    process.stdout.write(`\n${formatTable(['Step', 'Figure'], figures)}\n\n`);

    for (const c of comparisons)
      expect({ kind: c.kind, lost: c.lost, changed: c.changed, doubled: c.doubled }).toEqual({
        kind: c.kind,
        lost: [],
        changed: [],
        doubled: [],
      });
    // Billed once, numbered without a gap; one receipt per channel.
    expect(invoices.filter((i) => i.appointmentId === last.id)).toHaveLength(1);
    const numbers = invoices.map((i) => Number(i.number.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(done.concat(last).map((_, i) => i + 1));
    expect(lastInvoice.number).toMatch(/-000004$/);
    expect(board.find((a) => a.id === last.id)?.payment).toEqual(
      expect.objectContaining({ number: lastInvoice.number }),
    );
    expect(new Set(lastMessageKeys).size).toBe(lastMessageKeys.length);
    // Every step notify missed while it was down was told, once per channel.
    expect([...new Set(lastMessages.map((m) => m.kind))].sort()).toEqual([
      'arrived',
      'assigned',
      'completed',
      'on_the_way',
      'payment_reminder',
      'received',
      'test_offer',
    ]);
    // The booking after the backup is nowhere: not booked, not on the board, no ghost job.
    expect(board.some((a) => a.id === after.id)).toBe(false);
    expect(customers.some((c) => c.name === after.name)).toBe(false);
  }, 600_000);
});
