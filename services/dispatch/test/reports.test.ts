import { Actor, Report, ServiceCode, ServiceRecord, addDays, businessDate } from '@cincy/contracts';
import {
  JetStreamPublisher,
  NatsConnectionHolder,
  RpcClient,
  buildEvent,
  createServiceApp,
  eventCodec,
} from '@cincy/platform';
import {
  TEST_ACTORS,
  connectTestRpc,
  consumerDrained,
  dropIsolatedStack,
  eventually,
  requestedPayload,
  useIsolatedStack,
  openTestNats,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { fillDemoHistory } from '@cincy/stack';
import { dispatchService } from '../src/app.module';

// Reports over the real paths that close jobs: inventory's service-record event (the
// dispatch-completions consumer), the decline RPC and the customer's cancel RPC.

const testStack = useIsolatedStack();
const { tech, otherTech } = TEST_ACTORS;

let dispatch: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
let nextId = 300;

const db = () => dispatch.get(DataSource);
const publish = (event: ReturnType<typeof buildEvent>) =>
  new JetStreamPublisher(nats).publish(event);
const stored = async (id: number) =>
  (await db().query('SELECT status FROM board_appointments WHERE id = $1', [id]))[0]?.status;
const move = (id: number, status: 'accepted' | 'en_route' | 'on_location', actor: Actor) =>
  rpc.call('dispatch.appointments.change-status', { id, status, actor });
const summary = (from: string, to: string): Promise<Report> =>
  rpc.call('dispatch.reports.summary', { from, to });

/** A new job on the board, requested `minutesAgo` minutes ago; ASAP unless `scheduled`. */
async function newJob(minutesAgo = 0, scheduled = false): Promise<number> {
  const id = nextId++;
  const today = businessDate();
  await publish(
    buildEvent(
      'booking.appointment.requested',
      requestedPayload(id, `Customer ${id}`, {
        requestedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
        ...(scheduled
          ? { preferredTime: today, scheduledDate: today, scheduledTime: '08:00:00' }
          : {}),
      }),
    ),
  );
  await eventually(async () => !!(await stored(id)));
  return id;
}

async function onLocation(actor: Actor, minutesAgo: number, scheduled = false) {
  const id = await newJob(minutesAgo, scheduled);
  await move(id, 'accepted', actor);
  await move(id, 'en_route', actor);
  await move(id, 'on_location', actor);
  return id;
}

function recordOf(
  id: number,
  by: Actor,
  completedAt: Date,
  serviceCode: ServiceCode,
  price: number,
): ServiceRecord {
  return {
    id,
    appointmentId: id,
    customerId: id,
    serviceCode,
    completionNotes: null,
    technicianId: by.id,
    technicianName: by.name,
    batterySerialNumber: serviceCode === 'battery_installed' ? `RPT-${id}` : null,
    previousBatterySerialNumber: null,
    vehicleYear: null,
    vehicleMake: null,
    vehicleModel: null,
    vehicleColor: null,
    vehicleMileage: '1000',
    inventoryItemId: null,
    completedAt: completedAt.toISOString(),
    price,
    batteryTests: [],
    oldBatteryKept: false,
    warrantyEndsOn: null,
  };
}

/** Inventory's event of the record, as if dispatch had not closed the job itself. */
async function recorded(record: ServiceRecord) {
  const event = buildEvent('inventory.service-record.created', { serviceRecord: record });
  await publish(event);
  return event;
}

async function closedBy(record: ServiceRecord) {
  await recorded(record);
  await eventually(async () => (await stored(record.appointmentId)) === 'completed');
}

beforeAll(async () => {
  nats = await openTestNats(testStack.prefix);
  dispatch = await createServiceApp(dispatchService);
  rpc = await connectTestRpc(testStack.prefix);
});

afterAll(async () => {
  await dispatch?.close();
  await rpc.close();
  await nats.close();
  await dropIsolatedStack(testStack);
});

describe('reports (dispatch)', () => {
  // Completions count on the record's completedAt: 20, 30 or 40 minutes after arrival (the
  // install times), on the day that falls on (tomorrow's when the test runs just before midnight).
  const completionDays = new Set<string>();
  const at = (minutes: number) => {
    const completedAt = new Date(Date.now() + minutes * 60_000);
    completionDays.add(businessDate(completedAt));
    return completedAt;
  };
  const from = addDays(businessDate(), -2);
  const to = addDays(businessDate(), 2);

  it('keeps each closed job once in its day and technician, and sums the range', async () => {
    // Tess: an AGM install reached 20 min after the request, a standard one reached in 40 min,
    // both on location; a warranty replacement closed from its record while only accepted.
    // (A technician has one active job at a time: each closes before the next starts.)
    const agm = await onLocation(tech, 20);
    const first = await recorded(recordOf(agm, tech, at(20), 'battery_installed', 210));
    await eventually(async () => (await stored(agm)) === 'completed');
    // The same record again, outside JetStream's dedupe window: the inbox makes it a no-op.
    await nats.jetstream.publish(nats.names.event(first.type), eventCodec.encode(first), {
      msgID: `again-${agm}`,
    });
    const standard = await onLocation(tech, 40);
    await closedBy(recordOf(standard, tech, at(30), 'battery_installed', 165));
    const untimed = await newJob(70);
    await move(untimed, 'accepted', tech);
    await closedBy(recordOf(untimed, tech, at(40), 'warranty_replacement', 0));
    // Otto: a scheduled visit (not ASAP) tested only.
    const scheduled = await onLocation(otherTech, 90, true);
    await closedBy(recordOf(scheduled, otherTech, at(40), 'test_only', 0));
    await consumerDrained(nats, 'dispatch-completions');

    // One row per day and technician, the redelivered record counted once.
    const rows: { jobs: number; revenue: string }[] = await db().query(
      `SELECT sum(jobs_completed)::int AS jobs, sum(revenue)::text AS revenue
         FROM report_days WHERE technician_id = $1`,
      [tech.id],
    );
    expect(rows).toEqual([{ jobs: 3, revenue: '375.00' }]);

    const report = await summary(from, to);
    expect(report.bucket).toBe('day');
    expect(report.series.map((p) => p.period)).toEqual(
      [0, 1, 2, 3, 4].map((n) => addDays(from, n)),
    );
    expect(report.totals).toMatchObject({
      jobsCompleted: 4,
      jobsClosedWithoutService: 0,
      batteriesInstalled: 3,
      revenue: 375,
      // Installs of 20 and 30 min (Otto's 40): the untimed job does not pull the average down.
      averageInstallMinutes: 30,
      averageTravelMinutes: 0,
      sla: { asapJobs: 3, within30: 1, within45: 2, within60: 2 },
    });
    // Days without jobs are zeros, and the days add up to the totals.
    const counted = report.series.filter((p) => p.jobsCompleted > 0).map((p) => p.period);
    expect(counted).toEqual([...completionDays].sort());
    expect(report.series.reduce((sum, p) => sum + p.jobsCompleted, 0)).toBe(4);
    expect(report.series.reduce((sum, p) => sum + p.revenue, 0)).toBe(375);
    const empty = report.series.find((p) => p.period === from)!;
    expect(empty).toMatchObject({ jobsCompleted: 0, revenue: 0, averageInstallMinutes: null });

    expect(report.technicians).toEqual([
      expect.objectContaining({
        technicianId: otherTech.id,
        name: otherTech.name,
        jobsCompleted: 1,
        batteriesInstalled: 0,
        averageInstallMinutes: 40,
        sla: { asapJobs: 0, within30: 0, within45: 0, within60: 0 },
      }),
      expect.objectContaining({
        technicianId: tech.id,
        name: tech.name,
        jobsCompleted: 3,
        batteriesInstalled: 3,
        revenue: 375,
        averageInstallMinutes: 25,
        sla: { asapJobs: 3, within30: 1, within45: 2, within60: 2 },
      }),
    ]);
  });

  it('counts every job closed at once on one day: declines, cancels and a completion', async () => {
    const before = (await summary(from, to)).totals;
    const declined = await Promise.all([1, 2, 3, 4, 5, 6].map(() => newJob()));
    const cancelled = await Promise.all([1, 2, 3].map(() => newJob()));
    await move(cancelled[0], 'accepted', otherTech); // cancelled while Otto had it
    const completing = await onLocation(tech, 10);
    await Promise.all([
      ...declined.map((id) => rpc.call('dispatch.appointments.decline', { id, actor: tech })),
      ...cancelled.map((id) => rpc.call('dispatch.appointments.cancel', { id, reason: null })),
      recorded(recordOf(completing, tech, new Date(), 'no_service', 0)),
    ]);
    await eventually(async () => (await stored(completing)) === 'completed');
    await consumerDrained(nats, 'dispatch-completions');

    const report = await summary(from, to);
    expect(report.totals.jobsClosedWithoutService).toBe(before.jobsClosedWithoutService + 9);
    expect(report.totals.jobsCompleted).toBe(before.jobsCompleted + 1);
    const unassigned = report.technicians.find((t) => t.technicianId === null);
    expect(unassigned).toMatchObject({ name: 'Unassigned', jobsClosedWithoutService: 8 });
    const otto = report.technicians.find((t) => t.technicianId === otherTech.id);
    expect(otto?.jobsClosedWithoutService).toBe(1);
  });

  it('rewrites a day from the jobs when asked again, whatever its rows said', async () => {
    const day = businessDate();
    const before = await summary(day, day);
    await db().query('UPDATE report_days SET jobs_completed = 99, revenue = 0');
    await db().query('SELECT refresh_report_days($1, $1)', [day]);
    expect((await summary(day, day)).totals).toEqual(before.totals);
  });

  it('groups a long range by week and a longer one by month, from the same rows', async () => {
    const weeks = await summary(addDays(businessDate(), -200), addDays(businessDate(), 2));
    expect(weeks.bucket).toBe('week');
    const months = await summary(addDays(businessDate(), -500), addDays(businessDate(), 2));
    expect(months.bucket).toBe('month');
    const days = await summary(from, to);
    for (const grouped of [weeks, months]) {
      expect(grouped.totals).toEqual(days.totals);
      expect(grouped.series.reduce((sum, p) => sum + p.jobsCompleted, 0)).toBe(
        days.totals.jobsCompleted,
      );
    }
    expect(new Date(`${weeks.series[0].period}T00:00:00Z`).getUTCDay()).toBe(1); // Mondays
    expect(months.series.every((p) => p.period.endsWith('-01'))).toBe(true);
  });

  it("reads the demo history's totals back, the same after filling it again", async () => {
    // Long ago, so the live jobs of the other tests are not in its range.
    const endDate = addDays(businessDate(), -400);
    const options = { days: 90, endDate, jobsPerDay: 20 };
    const { databaseUrl } = testStack;
    const written = await fillDemoHistory(databaseUrl, options);
    const report = await summary(addDays(endDate, -89), endDate);
    const expected = {
      jobsCompleted: written.completed,
      jobsClosedWithoutService: written.closedWithoutService,
      batteriesInstalled: written.batteries,
      revenue: written.revenue,
    };
    expect(report.totals).toMatchObject(expected);
    expect(report.series).toHaveLength(90);
    expect(report.series.every((p) => p.jobsCompleted > 0)).toBe(true);
    const sum = (pick: (p: Report['series'][number]) => number) =>
      report.series.reduce((total, p) => total + pick(p), 0);
    expect(sum((p) => p.revenue)).toBe(written.revenue);
    expect(sum((p) => p.sla.asapJobs)).toBe(report.totals.sla.asapJobs);
    expect(report.totals.averageTravelMinutes).toBeGreaterThanOrEqual(8);
    expect(report.totals.averageInstallMinutes).toBeLessThanOrEqual(30);

    // Two years around it: whole months from the monthly rows, the cut ones from their days.
    const long = await summary(addDays(endDate, -400), addDays(endDate, 300));
    expect(long.bucket).toBe('month');
    expect(long.totals).toEqual(report.totals);
    expect(long.technicians).toEqual(report.technicians);
    expect(long.series.reduce((total, p) => total + p.jobsCompleted, 0)).toBe(written.completed);

    expect(await fillDemoHistory(databaseUrl, options)).toEqual(written);
    expect((await summary(addDays(endDate, -89), endDate)).totals).toEqual(report.totals);
  });
});
