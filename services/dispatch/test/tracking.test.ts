import {
  Actor,
  DashboardAppointment,
  ERROR_CODES,
  Point,
  TRACKING_MESSAGES,
  TrackingFacts,
  addDays,
  businessDate,
  estimateDrive,
} from '@cincy/contracts';
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
  refusal,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dispatchService } from '../src/app.module';

const testStack = useIsolatedStack();
const { admin } = TEST_ACTORS;

// requestedPayload's customer, and a van about 5.5 km north of them.
const CUSTOMER: Point = { lat: 39.1, lng: -84.51 };
const VAN: Point = { lat: 39.15, lng: -84.51 };

let dispatch: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
let nextId = 900;
let nextTechnician = 60;

const db = () => dispatch.get(DataSource);
const publish = (event: ReturnType<typeof buildEvent>) =>
  new JetStreamPublisher(nats).publish(event);
const board = () => rpc.call('dispatch.appointments.list', {});
const jobOf = async (id: number) => (await board()).find((a) => a.id === id);
const view = (id: number) => rpc.call('dispatch.tracking.view', { id });
const cancel = (id: number, reason: string | null = null) =>
  rpc.call('dispatch.appointments.cancel', { id, reason });
const move = (id: number, status: 'accepted' | 'en_route' | 'on_location', actor: Actor) =>
  rpc.call('dispatch.appointments.change-status', { id, status, actor });
const stored = async (id: number) =>
  (
    await db().query(
      `SELECT status, version, cancel_reason, closed_at, preferred_time, scheduled_date::text,
              scheduled_time, scheduled_start_time
         FROM board_appointments WHERE id = $1`,
      [id],
    )
  )[0];

/** A technician named with a last name, on shift all of today, last seen at `position`. */
async function technician(position: Point | null = null): Promise<Actor> {
  const id = nextTechnician++;
  const user = {
    id,
    name: `Nia${id} Lastname${id}`,
    username: `nia${id}`,
    role: 'technician' as const,
  };
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
    date: businessDate(),
    shifts: [{ start: '00:00', end: '24:00' }],
    actor: admin,
  });
  return user;
}

/** Where identity last heard the technician was, and when. */
async function report(who: Actor, position: Point, at: Date) {
  await publish(
    buildEvent('identity.user.presence-changed', {
      user: {
        id: who.id,
        name: who.name,
        username: who.username,
        role: 'technician',
        status: 'online',
        currentLocation: position,
        lastSeen: at.toISOString(),
      },
    }),
  );
  await eventually(async () => {
    const [row] = await db().query('SELECT last_position_at FROM technicians WHERE user_id = $1', [
      who.id,
    ]);
    return row?.last_position_at?.getTime() === at.getTime();
  });
}

async function newJob(overrides: Parameters<typeof requestedPayload>[2] = {}): Promise<number> {
  const id = nextId++;
  await publish(
    buildEvent('booking.appointment.requested', requestedPayload(id, `Customer ${id}`, overrides)),
  );
  await eventually(async () => !!(await jobOf(id)));
  return id;
}

async function complete(id: number, by: Actor) {
  await publish(
    buildEvent('inventory.service-record.created', {
      serviceRecord: {
        id,
        appointmentId: id,
        customerId: id,
        serviceCode: 'battery_installed',
        completionNotes: null,
        technicianId: by.id,
        technicianName: by.name,
        batterySerialNumber: `SN-${id}`,
        previousBatterySerialNumber: null,
        vehicleYear: null,
        vehicleMake: null,
        vehicleModel: null,
        vehicleColor: null,
        vehicleMileage: '1000',
        inventoryItemId: 1,
        completedAt: new Date().toISOString(),
        price: 165,
        batteryTests: [],
        oldBatteryKept: false,
        warrantyEndsOn: null,
      },
    }),
  );
  await eventually(async () => (await stored(id))?.status === 'completed');
}

/** What dispatch announced about a job after it joined the board, oldest first (its outbox). */
async function announced(
  id: number,
): Promise<{ type: string; appointment: DashboardAppointment }[]> {
  const rows: { type: string; payload: { appointment: DashboardAppointment } }[] = await db().query(
    `SELECT type, payload FROM outbox
      WHERE (payload->'appointment'->>'id')::int = $1
        AND type <> 'dispatch.appointment.opened'
      ORDER BY seq`,
    [id],
  );
  return rows.map((r) => ({ type: r.type, appointment: r.payload.appointment }));
}

const reached = (facts: TrackingFacts) =>
  facts.state.timeline.filter((t) => t.reached).map((t) => t.step);

/** Nothing in the customer's view names anyone's last name, phone or address. */
function expectNothingPrivate(facts: TrackingFacts, who: Actor | null, id: number) {
  const text = JSON.stringify(facts.state);
  if (who) expect(text).not.toContain(who.name.split(' ')[1]);
  expect(text).not.toContain('555-0100');
  expect(text).not.toContain('Main St');
  expect(text).not.toContain(`Customer ${id}`);
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

describe('the tracking view (dispatch.tracking.view)', () => {
  it('follows a visit from the queue to done, naming the technician by first name only', async () => {
    const nia = await technician();
    const firstName = nia.name.split(' ')[0];
    const id = await newJob();

    // Waiting: its place in the queue and the queue's estimated wait (a technician is on shift).
    const entry = await eventually(async () => {
      const found = (await rpc.call('dispatch.queue.list', {})).find((e) => e.appointmentId === id);
      return typeof found?.estimatedWaitMinutes === 'number' ? found : false;
    });
    const pending = await view(id);
    expect(pending).toMatchObject({
      technicianId: null,
      destination: CUSTOMER,
      state: {
        status: 'pending',
        technician: null,
        position: null,
        queuePosition: entry.position,
        etaMinutes: entry.estimatedWaitMinutes,
        canCancel: true,
        canReschedule: false,
      },
    });
    expect(reached(pending)).toEqual(['received']);
    expectNothingPrivate(pending, null, id);

    await rpc.call('dispatch.appointments.assign', { id, technicianId: nia.id, actor: admin });
    const assigned = await view(id);
    expect(assigned).toMatchObject({
      technicianId: nia.id,
      state: { status: 'assigned', technician: { firstName }, position: null, canCancel: true },
    });
    expect(reached(assigned)).toEqual(['received', 'assigned']);
    expectNothingPrivate(assigned, nia, id);

    await move(id, 'accepted', nia);
    const accepted = await view(id);
    expect(accepted.state).toMatchObject({ status: 'accepted', technician: { firstName } });
    expect(accepted.state.timeline[1].at).not.toBeNull();

    // On the way: the van where it was last reported, and the drive from there.
    const seenAt = new Date(Date.now() - 30_000);
    await report(nia, VAN, seenAt);
    await move(id, 'en_route', nia);
    const enRoute = await view(id);
    expect(enRoute).toMatchObject({
      technicianId: nia.id,
      destination: CUSTOMER,
      state: {
        status: 'en_route',
        technician: { firstName },
        position: { ...VAN, at: seenAt.toISOString() },
        etaMinutes: Math.max(1, Math.round(estimateDrive(VAN, CUSTOMER).minutes)),
        queuePosition: null,
        canCancel: false,
      },
    });
    expect(reached(enRoute)).toEqual(['received', 'assigned', 'on_the_way']);
    expectNothingPrivate(enRoute, nia, id);

    // Arrived: the position is no longer shared, though dispatch still knows it.
    await move(id, 'on_location', nia);
    const arrived = await view(id);
    expect(arrived.state).toMatchObject({
      status: 'on_location',
      technician: { firstName },
      position: null,
      etaMinutes: null,
    });
    expect(reached(arrived)).toEqual(['received', 'assigned', 'on_the_way', 'arrived']);

    await complete(id, nia);
    const done = await view(id);
    expect(done).toMatchObject({
      technicianId: null,
      state: { status: 'completed', technician: { firstName }, position: null, canCancel: false },
    });
    expect(reached(done)).toEqual(['received', 'assigned', 'on_the_way', 'arrived', 'done']);
    expect(done.state.timeline[4].at).not.toBeNull();
    expectNothingPrivate(done, nia, id);
  });

  it('shows a declined visit as stopped, naming nobody', async () => {
    const nia = await technician();
    const id = await newJob();
    await move(id, 'accepted', nia);
    await rpc.call('dispatch.appointments.decline', { id, actor: admin });
    const declined = await view(id);
    expect(declined).toMatchObject({
      technicianId: null,
      state: { status: 'declined', technician: null, queuePosition: null, canCancel: false },
    });
    expect(reached(declined)).toEqual(['received']);
  });

  it('answers 404 for an appointment dispatch does not have', async () => {
    const refused = await refusal(view(99_999));
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(TRACKING_MESSAGES.notFound);
  });
});

describe('the customer cancels (dispatch.appointments.cancel)', () => {
  it('cancels a pending, an assigned and an accepted visit, once, with one event each', async () => {
    const nia = await technician();
    const pending = await newJob();
    const assigned = await newJob();
    const accepted = await newJob();
    await rpc.call('dispatch.appointments.assign', {
      id: assigned,
      technicianId: nia.id,
      actor: admin,
    });
    await move(accepted, 'accepted', await technician());

    for (const id of [pending, assigned, accepted]) {
      const before = await stored(id);
      const facts = await cancel(id, 'Found my own jump start');
      expect(facts).toMatchObject({
        technicianId: null,
        state: {
          status: 'cancelled',
          technician: null,
          queuePosition: null,
          etaMinutes: null,
          canCancel: false,
          canReschedule: false,
        },
      });
      expect(await stored(id)).toMatchObject({
        status: 'cancelled',
        version: before.version + 1,
        cancel_reason: 'Found my own jump start',
        closed_at: expect.any(Date),
      });
      const events = (await announced(id)).filter(
        (e) => e.type === 'dispatch.appointment.cancelled',
      );
      expect(events).toHaveLength(1);
      expect(events[0].appointment).toMatchObject({
        id,
        status: 'cancelled',
        version: before.version + 1,
      });
      // Cancelled once: a second try is told it is closed, and nothing more is announced.
      const again = await refusal(cancel(id));
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        code: ERROR_CODES.conflict,
        message: TRACKING_MESSAGES.closed,
      });
    }
    // The board still lists today's cancelled jobs; the queue drops them.
    expect((await jobOf(pending))?.status).toBe('cancelled');
    await consumerDrained(nats, 'dispatch-queue');
    await eventually(async () => {
      const queue = await rpc.call('dispatch.queue.list', {});
      return !queue.some((e) => [pending, assigned, accepted].includes(e.appointmentId));
    });
    const [{ count }] = await db().query(
      `SELECT count(*)::int AS count FROM outbox
        WHERE type = 'dispatch.appointment.cancelled'
          AND (payload->'appointment'->>'id')::int = ANY($1::int[])`,
      [[pending, assigned, accepted]],
    );
    expect(count).toBe(3);
  });

  it('keeps no reason when the customer gives none', async () => {
    const id = await newJob();
    await cancel(id, null);
    expect((await stored(id)).cancel_reason).toBeNull();
  });

  it('refuses once the technician is on the way or there (409, call us), and a closed visit', async () => {
    const nia = await technician();
    const id = await newJob();
    await move(id, 'accepted', nia);
    await move(id, 'en_route', nia);
    for (const step of ['en_route', 'on_location'] as const) {
      if (step === 'on_location') await move(id, 'on_location', nia);
      const refused = await refusal(cancel(id));
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: ERROR_CODES.conflict,
        message: TRACKING_MESSAGES.onTheWay,
      });
      expect((await stored(id)).status).toBe(step);
    }
    await complete(id, nia);
    const declined = await newJob();
    await rpc.call('dispatch.appointments.decline', { id: declined, actor: admin });
    for (const closed of [id, declined]) {
      const refused = await refusal(cancel(closed));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(TRACKING_MESSAGES.closed);
    }
    expect((await announced(id)).map((e) => e.type)).not.toContain(
      'dispatch.appointment.cancelled',
    );
    expect((await refusal(cancel(99_999))).status).toBe(404);
  });

  it('frees the technician: the cancelled job no longer keeps them from accepting another', async () => {
    const nia = await technician();
    const first = await newJob();
    const second = await newJob();
    await move(first, 'accepted', nia);
    const busy = await refusal(move(second, 'accepted', nia));
    expect(busy.status).toBe(409);

    const suggested = async () =>
      (await rpc.call('dispatch.appointments.suggestions', { id: second })).find(
        (s) => s.technicianId === nia.id,
      );
    expect((await suggested())?.activeJob).toEqual({ id: first, status: 'accepted' });

    await cancel(first);
    expect((await suggested())?.activeJob).toBeNull();
    expect(await move(second, 'accepted', nia)).toMatchObject({
      status: 'accepted',
      technicianId: nia.id,
    });
  });

  it("is not counted as completed in today's stats, nor shown on the day view", async () => {
    const nia = await technician();
    const asap = await newJob();
    const tomorrow = addDays(businessDate(), 1);
    const scheduled = await newJob({
      preferredTime: tomorrow,
      scheduledDate: tomorrow,
      scheduledTime: '10:00:00',
    });
    await move(asap, 'accepted', nia);
    await rpc.call('dispatch.appointments.assign', {
      id: scheduled,
      technicianId: nia.id,
      actor: admin,
    });
    const dayOf = async (date: string) => {
      const day = await rpc.call('dispatch.day.get', { date });
      return [...day.rows.flatMap((r) => r.jobs), ...day.unassigned].map((j) => j.id);
    };
    expect(await dayOf(businessDate())).toContain(asap);
    expect(await dayOf(tomorrow)).toContain(scheduled);
    const before = await rpc.call('dispatch.stats.get', {});

    await cancel(asap);
    await cancel(scheduled);
    expect(await dayOf(businessDate())).not.toContain(asap);
    expect(await dayOf(tomorrow)).not.toContain(scheduled);
    expect((await rpc.call('dispatch.stats.get', {})).completedToday).toBe(before.completedToday);
    const [{ count }] = await db().query(
      'SELECT count(*)::int AS count FROM job_metrics WHERE appointment_id = ANY($1::int[])',
      [[asap, scheduled]],
    );
    expect(count).toBe(0);
  });
});

describe('a visit moved by its customer (dispatch-reschedules)', () => {
  const later = () => addDays(businessDate(), 3);

  async function scheduledJob(): Promise<number> {
    const date = addDays(businessDate(), 2);
    return newJob({
      preferredTime: date,
      scheduledDate: date,
      scheduledTime: '09:00:00',
      scheduledStartTime: new Date(`${date}T09:00:00-04:00`).toISOString(),
    });
  }

  const rescheduled = (id: number) =>
    buildEvent('booking.appointment.rescheduled', {
      appointmentId: id,
      preferredTime: later(),
      scheduledDate: later(),
      scheduledTime: '14:00:00',
      scheduledStartTime: new Date(`${later()}T14:00:00-04:00`).toISOString(),
    });

  it('moves the open job to its new hour and tells the board, once', async () => {
    const id = await scheduledJob();
    const event = rescheduled(id);
    await publish(event);
    await eventually(async () => (await stored(id))?.scheduled_time === '14:00:00');
    expect(await stored(id)).toMatchObject({
      status: 'pending',
      version: 2,
      preferred_time: later(),
      scheduled_date: later(),
      scheduled_start_time: new Date(event.payload.scheduledStartTime),
    });
    const updated = (await announced(id)).filter((e) => e.type === 'dispatch.appointment.updated');
    expect(updated).toHaveLength(1);
    expect(updated[0].appointment).toMatchObject({
      id,
      version: 2,
      preferredTime: later(),
      scheduledDate: later(),
      scheduledTime: '14:00:00',
    });
    // The same event again: the inbox makes it a no-op.
    await nats.jetstream.publish(nats.names.event(event.type), eventCodec.encode(event), {
      msgID: `again-${id}`,
    });
    await consumerDrained(nats, 'dispatch-reschedules');
    expect((await stored(id)).version).toBe(2);
    expect(await view(id)).toMatchObject({
      state: { scheduledDate: later(), scheduledTime: '14:00:00', canReschedule: true },
    });
  });

  it('leaves a job closed meanwhile alone', async () => {
    const id = await scheduledJob();
    await cancel(id);
    const before = await stored(id);
    await publish(rescheduled(id));
    await consumerDrained(nats, 'dispatch-reschedules');
    expect(await stored(id)).toEqual(before);
    expect((await announced(id)).map((e) => e.type)).toEqual(['dispatch.appointment.cancelled']);
  });
});
