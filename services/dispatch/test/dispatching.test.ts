import { once } from 'node:events';
import { Server, createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import {
  Actor,
  ESTIMATE,
  Point,
  QueueEntry,
  ServiceRecord,
  addDays,
  businessDate,
  businessInstant,
  estimateDrive,
} from '@cincy/contracts';
import {
  JetStreamPublisher,
  NatsConnectionHolder,
  Outbox,
  RpcCallError,
  RpcClient,
  buildEvent,
  createServiceApp,
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
import { dispatchService } from '../src/app.module';
import { QueueRepository, QueueService } from '../src/queue';

const testStack = useIsolatedStack();
const { admin } = TEST_ACTORS;

// The customer of every job here (requestedPayload's), and technicians north of them.
const CUSTOMER: Point = { lat: 39.1, lng: -84.51 };
const NEAR: Point = { lat: 39.11, lng: -84.51 }; // ~1 km
const MID: Point = { lat: 39.15, lng: -84.51 }; // ~5.5 km
const FAR: Point = { lat: 39.2, lng: -84.51 }; // ~11 km

// ---- A stand-in OSRM server: the table service's shape, by the source's latitude ----------
type StubMode = 'ok' | 'gap' | 'fail' | 'hang';
let stubMode: StubMode = 'fail';
const stubRequests: URL[] = [];
/** The stub's road times: far is quickest by road here, the opposite of the straight line. */
const ROUTED_SECONDS = new Map([
  [FAR.lat, 300],
  [NEAR.lat, 600],
  [MID.lat, 900],
]);
const stub: Server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://stub');
  stubRequests.push(url);
  if (stubMode === 'hang') return; // never answers: the client's timeout must end it
  if (stubMode === 'fail') {
    res.writeHead(500).end('routing engine down');
    return;
  }
  const points = url.pathname
    .split('/')
    .pop()!
    .split(';')
    .map((c) => c.split(',').map(Number));
  const sources = url.searchParams.get('sources')!.split(';').map(Number);
  const seconds = (i: number) => {
    const lat = points[i][1];
    return stubMode === 'gap' && lat === MID.lat ? null : (ROUTED_SECONDS.get(lat) ?? 60);
  };
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      code: 'Ok',
      durations: sources.map((i) => [seconds(i)]),
      distances: sources.map((i) => [seconds(i) === null ? null : seconds(i)! * 10]),
    }),
  );
});

let dispatch: INestMicroservice | undefined;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
let nextJob = 700;
let onShift: number[] = [];

const db = () => dispatch!.get(DataSource);
const publish = (event: ReturnType<typeof buildEvent>) =>
  new JetStreamPublisher(nats).publish(event);
const today = () => businessDate();
const board = () => rpc.call('dispatch.appointments.list', {});
const jobOf = async (id: number) => (await board()).find((a) => a.id === id);
const queue = () => rpc.call('dispatch.queue.list', {});
const suggestions = (id: number) => rpc.call('dispatch.appointments.suggestions', { id });
const move = (id: number, status: 'accepted' | 'en_route' | 'on_location', actor: Actor) =>
  rpc.call('dispatch.appointments.change-status', { id, status, actor });
const drive = (from: Point) => estimateDrive(from, CUSTOMER).minutes;

/** A technician as identity announces them, at `position`, on shift all of today. */
async function technician(id: number, name: string, position: Point | null, shift = true) {
  const user = { id, name, username: name.toLowerCase(), role: 'technician' as const };
  await publish(
    buildEvent('identity.user.presence-changed', {
      user: { ...user, status: 'online', currentLocation: position, lastSeen: null },
    }),
  );
  await eventually(async () => {
    const [row] = await db().query('SELECT last_lat FROM technicians WHERE user_id = $1', [id]);
    return !!row && (position === null || row.last_lat === position.lat);
  });
  await rpc.call('dispatch.schedules.set-date', {
    technicianId: id,
    date: today(),
    shifts: shift ? [{ start: '00:00', end: '24:00' }] : [],
    actor: admin,
  });
  if (shift) onShift.push(id);
  return { ...user, id } satisfies Actor;
}

/** A new ASAP job through booking's event, once dispatch has it. */
async function newJob(overrides: Parameters<typeof requestedPayload>[2] = {}): Promise<number> {
  const id = nextJob++;
  await publish(
    buildEvent('booking.appointment.requested', requestedPayload(id, `Customer ${id}`, overrides)),
  );
  await eventually(async () => !!(await jobOf(id)));
  return id;
}

/** Every test starts with nobody on shift and no open job, and the queue settled. */
async function clearTheDay() {
  for (const technicianId of onShift) {
    await rpc.call('dispatch.schedules.set-date', {
      technicianId,
      date: today(),
      shifts: [],
      actor: admin,
    });
  }
  onShift = [];
  for (const job of await board()) {
    if (job.status !== 'completed' && job.status !== 'declined') {
      await rpc.call('dispatch.appointments.decline', { id: job.id, actor: admin });
    }
  }
  await consumerDrained(nats, 'dispatch-queue');
}

/** The queue once `check` holds for it. */
const queueWhere = (check: (q: QueueEntry[]) => boolean) =>
  eventually(async () => {
    const q = await queue();
    return check(q) ? q : false;
  });

function serviceRecordFor(appointmentId: number, by: Actor, completedAt: Date): ServiceRecord {
  return {
    id: appointmentId,
    appointmentId,
    customerId: appointmentId,
    serviceCode: 'battery_installed',
    completionNotes: null,
    technicianId: by.id,
    technicianName: by.name,
    batterySerialNumber: `SN-${appointmentId}`,
    previousBatterySerialNumber: null,
    vehicleYear: null,
    vehicleMake: null,
    vehicleModel: null,
    vehicleColor: null,
    vehicleMileage: '1000',
    inventoryItemId: 1,
    completedAt: completedAt.toISOString(),
    price: 165,
    batteryTests: [],
    oldBatteryKept: false,
    warrantyEndsOn: null,
  };
}

beforeAll(async () => {
  stub.listen(0, '127.0.0.1');
  await once(stub, 'listening');
  process.env.ROUTING_URL = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/`;
  nats = await openTestNats(testStack.prefix);
  dispatch = await createServiceApp(dispatchService);
  rpc = await connectTestRpc(testStack.prefix);
});

afterAll(async () => {
  delete process.env.ROUTING_URL;
  await dispatch?.close();
  await rpc.close();
  await nats.close();
  stub.closeAllConnections();
  stub.close();
  await dropIsolatedStack(testStack);
});

describe('suggestions (dispatch)', () => {
  let job: number;

  beforeAll(async () => {
    await clearTheDay();
    await technician(11, 'Far', FAR);
    await technician(12, 'Near', NEAR);
    await technician(13, 'Mid', MID);
    await technician(14, 'Nowhere', null);
    await technician(15, 'Closest But Off', CUSTOMER, false);
    job = await newJob();
  });

  it('ranks the technicians on shift nearest first, unknown positions last, by the estimate when routing fails', async () => {
    stubMode = 'fail';
    const ranked = await suggestions(job);
    expect(ranked.map((s) => s.name)).toEqual(['Near', 'Mid', 'Far', 'Nowhere']);
    expect(ranked[0]).toMatchObject({
      technicianId: 12,
      etaMinutes: Math.round(drive(NEAR)),
      distanceKm: Math.round(estimateDrive(NEAR, CUSTOMER).km * 10) / 10,
      activeJob: null,
      source: 'estimate',
    });
    expect(ranked.every((s) => s.source === 'estimate')).toBe(true);
    expect(ranked[3]).toMatchObject({ etaMinutes: null, distanceKm: null });
  });

  it("ranks by the routing server's table when it answers, asking it once for every start point", async () => {
    stubMode = 'ok';
    stubRequests.length = 0;
    const ranked = await suggestions(job);
    expect(stubRequests).toHaveLength(1);
    const [request] = stubRequests;
    // Three known start points (lng,lat), then the customer as the one destination.
    expect(request.pathname).toMatch(
      /^\/table\/v1\/driving\/(-84\.51,39\.(2|11|15);){3}-84\.51,39\.1$/,
    );
    expect(request.searchParams.get('sources')).toBe('0;1;2');
    expect(request.searchParams.get('destinations')).toBe('3');
    expect(request.searchParams.get('annotations')).toBe('duration,distance');
    expect(ranked.map((s) => [s.name, s.source])).toEqual([
      ['Far', 'routing'],
      ['Near', 'routing'],
      ['Mid', 'routing'],
      ['Nowhere', 'estimate'],
    ]);
    expect(ranked[0]).toMatchObject({
      etaMinutes: 300 / 60 + ESTIMATE.departureMinutes,
      distanceKm: 3,
    });
  });

  it('estimates only the drives the routing server left out', async () => {
    stubMode = 'gap';
    const ranked = await suggestions(job);
    expect(ranked.find((s) => s.name === 'Mid')).toMatchObject({
      source: 'estimate',
      etaMinutes: Math.round(drive(MID)),
    });
    expect(ranked.find((s) => s.name === 'Far')?.source).toBe('routing');
  });

  it('falls back to the estimate when the routing server hangs, within its 1.5 s', async () => {
    stubMode = 'hang';
    const started = Date.now();
    const ranked = await suggestions(job);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(4000);
    expect(ranked.map((s) => [s.name, s.source])).toEqual([
      ['Near', 'estimate'],
      ['Mid', 'estimate'],
      ['Far', 'estimate'],
      ['Nowhere', 'estimate'],
    ]);
  });

  it("answers for the job's own hour: who is on shift then, and where they will be", async () => {
    stubMode = 'fail';
    const tomorrow = addDays(today(), 1);
    // Off shift today, on tomorrow morning; everyone else works today only.
    await rpc.call('dispatch.schedules.set-date', {
      technicianId: 15,
      date: tomorrow,
      shifts: [{ start: '09:00', end: '12:00' }],
      actor: admin,
    });
    const bookedAt = (time: string) => ({
      preferredTime: tomorrow,
      scheduledDate: tomorrow,
      scheduledTime: time,
      scheduledStartTime: businessInstant(tomorrow, Number(time.slice(0, 2))).toISOString(),
    });
    const visit = await newJob(bookedAt('10:00:00'));
    expect((await suggestions(visit)).map((s) => s.name)).toEqual(['Closest But Off']);
    // Now, the reverse: the ASAP job's hour is now, when only the others work.
    expect((await suggestions(job)).map((s) => s.name)).not.toContain('Closest But Off');

    // With a visit of hers booked at 9 on that day, she leaves from that customer's, free by 10.
    const before = await newJob({ ...bookedAt('09:00:00'), customerLocation: FAR });
    await rpc.call('dispatch.appointments.assign', { id: before, technicianId: 15, actor: admin });
    expect(await suggestions(visit)).toEqual([
      expect.objectContaining({
        name: 'Closest But Off',
        activeJob: null,
        etaMinutes: Math.round(drive(FAR)),
      }),
    ]);
    // A day off instead: nobody is on shift at that hour.
    await rpc.call('dispatch.schedules.set-date', {
      technicianId: 15,
      date: tomorrow,
      shifts: [],
      actor: admin,
    });
    expect(await suggestions(visit)).toEqual([]);
  });

  it('answers 404 for an unknown job', async () => {
    stubMode = 'fail';
    const error = await suggestions(99_999).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RpcCallError);
    expect((error as RpcCallError).status).toBe(404);
  });

  it("prefers the van carrying the job's battery, and says so (issue 37)", async () => {
    stubMode = 'fail';
    await clearTheDay();
    await technician(16, 'Van Near', NEAR);
    await technician(17, 'Van Far', FAR);
    /** Inventory's count of an H6 AGM: three in the warehouse, `inFar` in the far van. */
    const h6Counted = (inFar: number) =>
      publish(
        buildEvent('inventory.item.changed', {
          item: {
            id: 900,
            name: 'H6 AGM 760 CCA',
            description: null,
            sku: null,
            category: 'battery',
            quantity: 3 + inFar,
            minQuantity: 1,
            unitCost: 150,
            price: 170,
            warrantyMonths: 36,
            vanMinQuantity: 0,
            notes: null,
            byLocation: [
              { locationId: 1, quantity: 3, technicianId: null },
              ...(inFar ? [{ locationId: 5, quantity: inFar, technicianId: 17 }] : []),
            ],
          },
          movement: null,
        }),
      );
    await h6Counted(1);
    const id = await newJob({ battery: { groupSize: '48', technology: 'AGM' } });
    expect((await jobOf(id))?.battery).toEqual({ groupSize: '48', technology: 'AGM' });
    await eventually(async () => (await suggestions(id))[0]?.name === 'Van Far');
    expect((await suggestions(id)).map((s) => [s.name, s.batteryInVan])).toEqual([
      ['Van Far', true],
      ['Van Near', false],
    ]);
    // The van emptied: the nearest comes first again.
    await h6Counted(0);
    await eventually(async () => (await suggestions(id))[0]?.name === 'Van Near');
    // A job whose battery is not known ranks by arrival alone.
    const unknown = await newJob();
    expect((await suggestions(unknown)).map((s) => s.batteryInVan)).toEqual([null, null]);
  });
});

describe('the ASAP queue (dispatch)', () => {
  it('recomputes positions and waits as jobs are booked, accepted, on the way, done', async () => {
    await clearTheDay();
    const tess = await technician(21, 'Tess', NEAR);
    // The jobs closed by clearTheDay leave the queue at its next recomputation.
    await queueWhere((q) => q.length === 0);

    const normal = await newJob();
    const urgent = await newJob({ priority: 'urgent' });
    const install = ESTIMATE.installMinutes;
    const toCustomer = drive(NEAR);
    const again = ESTIMATE.departureMinutes; // the second job is at the same address
    let q = await queueWhere((q) => q.length === 2);
    expect(q.map((e) => [e.appointmentId, e.position, e.technicianId])).toEqual([
      [urgent, 1, tess.id],
      [normal, 2, tess.id],
    ]);
    expect(q.map((e) => e.estimatedWaitMinutes)).toEqual([
      Math.round(toCustomer),
      Math.round(toCustomer + install + again),
    ]);
    expect(q[0]).toMatchObject({ customerName: `Customer ${urgent}`, priority: 'urgent' });

    await move(urgent, 'accepted', tess);
    q = await queueWhere((q) => q[0]?.status === 'accepted');
    expect(q.map((e) => e.appointmentId)).toEqual([urgent, normal]);

    // On the way: it leaves the queue, and the next one moves up behind it.
    await move(urgent, 'en_route', tess);
    q = await queueWhere((q) => q.length === 1);
    expect(q[0]).toMatchObject({ appointmentId: normal, position: 1, technicianId: tess.id });
    expect(q[0].estimatedWaitMinutes).toBe(Math.round(toCustomer + install + again));

    await move(urgent, 'on_location', tess);
    q = await queueWhere((q) => q[0]?.estimatedWaitMinutes === install + again);

    // Done (inventory's record): Tess is free, and comes from where she was last seen.
    const completedAt = new Date(Date.now() + install * 60_000);
    await publish(
      buildEvent('inventory.service-record.created', {
        serviceRecord: serviceRecordFor(urgent, tess, completedAt),
      }),
    );
    q = await queueWhere((q) => q[0]?.estimatedWaitMinutes === Math.round(toCustomer));
    expect(q).toHaveLength(1);
  });

  it("reads only what can move today's queue: no visit booked for a later day (ADR 0106)", async () => {
    await clearTheDay();
    const visit = (date: string) => ({
      preferredTime: date,
      scheduledDate: date,
      scheduledTime: '10:00',
      scheduledStartTime: businessInstant(date, 10).toISOString(),
    });
    const waiting = await newJob();
    const todays = await newJob(visit(today()));
    const later = await newJob(visit(addDays(today(), 3)));
    const laterAccepted = await newJob(visit(addDays(today(), 3)));
    const onTheWay = await newJob(visit(addDays(today(), 3)));
    const commit = (id: number, status: string) =>
      db().query('UPDATE board_appointments SET status = $2, technician_id = 21 WHERE id = $1', [
        id,
        status,
      ]);
    await commit(todays, 'accepted');
    await commit(laterAccepted, 'accepted');
    await commit(onTheWay, 'en_route');

    const read = await dispatch!.get(QueueRepository).queueJobs(db().manager, today());
    const ids = read.map((j) => j.id).sort((a, b) => a - b);
    expect(ids).toEqual([waiting, todays, onTheWay]);
    expect(ids).not.toContain(later);
    expect(ids).not.toContain(laterAccepted);
  });

  it('announces the queue only when it changed', async () => {
    await clearTheDay();
    await technician(22, 'Quinn', NEAR);
    const id = await newJob();
    await queueWhere((q) => q.some((e) => e.appointmentId === id));
    await consumerDrained(nats, 'dispatch-queue');
    const count = async () => {
      const subject = nats.names.event('dispatch.queue.updated');
      const info = await nats.manager.streams.info(nats.names.stream, {
        subjects_filter: subject,
      });
      return info.state.subjects?.[subject] ?? 0;
    };
    const announced = await count();
    // An event that moves nothing in the queue: the settings saved as they were.
    await rpc.call('dispatch.settings.update', { settings: { autoDispatch: false }, actor: admin });
    await consumerDrained(nats, 'dispatch-queue');
    expect(await count()).toBe(announced);
    await newJob();
    await eventually(async () => (await count()) === announced + 1);
  });
});

describe('auto-dispatch (dispatch)', () => {
  afterAll(() =>
    rpc.call('dispatch.settings.update', { settings: { autoDispatch: false }, actor: admin }),
  );

  it('gives new ASAP jobs to the nearest free technician, and a waiting one to whoever frees up', async () => {
    await clearTheDay();
    const near = await technician(31, 'Nell', NEAR);
    const far = await technician(32, 'Fred', FAR);
    await rpc.call('dispatch.settings.update', { settings: { autoDispatch: true }, actor: admin });

    const first = await newJob();
    await eventually(async () => (await jobOf(first))?.status === 'assigned');
    expect(await jobOf(first)).toMatchObject({ technicianId: near.id });

    // Nell has a job now: the next goes to Fred, though he is farther.
    const second = await newJob();
    await eventually(async () => (await jobOf(second))?.status === 'assigned');
    expect((await jobOf(second))?.technicianId).toBe(far.id);

    // Nobody free: it waits in the queue.
    const third = await newJob();
    await queueWhere((q) => q.some((e) => e.appointmentId === third));
    await consumerDrained(nats, 'dispatch-queue');
    expect(await jobOf(third)).toMatchObject({ status: 'pending', technicianId: null });

    // Nell's job ends without service: she is free, and the waiting job is hers.
    await rpc.call('dispatch.appointments.decline', { id: first, actor: admin });
    await eventually(async () => (await jobOf(third))?.status === 'assigned');
    expect((await jobOf(third))?.technicianId).toBe(near.id);
  });

  it('gives a technician one job though two replicas assign from snapshots a moment apart', async () => {
    await clearTheDay();
    // Off: the service's own recomputations assign nothing; this test plays both replicas.
    await rpc.call('dispatch.settings.update', { settings: { autoDispatch: false }, actor: admin });
    const tia = await technician(34, 'Tia', NEAR);
    const uma = await technician(35, 'Uma', FAR);
    const queueService = dispatch!.get(QueueService);
    const snapshot = () =>
      dispatch!.get(Outbox).transaction((tx) => queueService.recompute(tx, new Date()));
    const autoDispatch = (seen: Awaited<ReturnType<typeof snapshot>>) =>
      queueService['autoDispatch'](seen, new Date());

    // Replica A reads the queue: one request, Tia nearest. Then an urgent one comes, and replica B
    // reads the queue a moment later, before A's assignment: to B, Tia is still free.
    const older = await newJob();
    const seenByA = await snapshot();
    const urgent = await newJob({ priority: 'urgent' });
    const seenByB = await snapshot();

    // A gives the older request to Tia. B would give the urgent one to Tia too (and the older to
    // Uma, refused: it moved): under Tia's lock B sees she is taken and leaves the urgent one.
    await autoDispatch(seenByA);
    await autoDispatch(seenByB);
    const assignedTo = async (technicianId: number) =>
      (await board())
        .filter((j) => j.technicianId === technicianId && j.status === 'assigned')
        .map((j) => j.id);
    expect(await assignedTo(tia.id)).toEqual([older]);
    expect(await jobOf(urgent)).toMatchObject({ status: 'pending', technicianId: null });

    // The next recomputation finds it waiting, and Uma free.
    await autoDispatch(await snapshot());
    expect(await assignedTo(uma.id)).toEqual([urgent]);
    expect(await assignedTo(tia.id)).toEqual([older]);
  });

  it('leaves new jobs waiting while it is off', async () => {
    await clearTheDay();
    await technician(33, 'Olive', NEAR);
    await rpc.call('dispatch.settings.update', { settings: { autoDispatch: false }, actor: admin });
    const id = await newJob();
    await queueWhere((q) => q.some((e) => e.appointmentId === id));
    await consumerDrained(nats, 'dispatch-queue');
    expect((await jobOf(id))?.status).toBe('pending');
  });
});

describe('the day view (dispatch)', () => {
  it("shows today's technicians on shift with their jobs, and the open jobs nobody has at the queue's arrival", async () => {
    await clearTheDay();
    const tess = await technician(41, 'Tess', NEAR);
    const mine = await newJob();
    const open = await newJob();
    await move(mine, 'accepted', tess);
    const q = await queueWhere(
      (q) => q.find((e) => e.appointmentId === mine)?.status === 'accepted' && q.length === 2,
    );
    const view = await rpc.call('dispatch.day.get', { date: today() });
    const row = view.rows.find((r) => r.technicianId === tess.id);
    expect(row).toMatchObject({
      name: 'Tess',
      shifts: [{ start: '00:00', end: '24:00' }],
      onShiftNow: true,
      jobs: [expect.objectContaining({ id: mine, kind: 'asap', measured: false })],
    });
    // Off shift today: no row, unless they worked a job today (the queue test's Tess completed
    // one, 20 minutes ahead: tomorrow's when the file runs just before midnight).
    expect(view.rows.map((r) => r.technicianId)).not.toContain(15);
    const tessCompleted = await db().query(
      'SELECT 1 FROM board_appointments WHERE technician_id = 21 AND completed_at < $1',
      [businessInstant(addDays(today(), 1), 0)],
    );
    if (tessCompleted.length === 0) return;
    expect(view.rows.find((r) => r.technicianId === 21)).toMatchObject({
      shifts: [],
      onShiftNow: false,
      jobs: [expect.objectContaining({ status: 'completed', measured: true })],
    });
    expect(view.unassigned).toEqual([
      expect.objectContaining({
        id: open,
        start: q.find((e) => e.appointmentId === open)!.estimatedArrivalAt,
      }),
    ]);
  });

  it('refuses a date outside the last week and the next six days (400 on date)', async () => {
    const error = await rpc.call('dispatch.day.get', { date: '2020-01-01' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RpcCallError);
    expect((error as RpcCallError).status).toBe(400);
    expect((error as RpcCallError).body.fieldErrors).toHaveProperty('date');
  });
});
