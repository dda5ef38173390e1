import {
  Actor,
  EVENT_TYPES,
  ServiceRecord,
  addDays,
  bookedHourLabel,
  businessDate,
  businessInstant,
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
import { DECLINED_MESSAGE } from '../src/lifecycle/lifecycle.service';

const testStack = useIsolatedStack();
const { admin, tech, otherTech } = TEST_ACTORS;

let dispatch: INestMicroservice | undefined;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
let nextId = 500;

const db = () => dispatch!.get(DataSource);
const publish = (event: ReturnType<typeof buildEvent>) =>
  new JetStreamPublisher(nats).publish(event);
const board = () => rpc.call('dispatch.appointments.list', {});
const jobOf = async (id: number) => (await board()).find((a) => a.id === id);
const move = (id: number, status: 'accepted' | 'en_route' | 'on_location', actor: Actor) =>
  rpc.call('dispatch.appointments.change-status', { id, status, actor });

/** A new pending job on the board, through booking's event as in production. */
async function newJob(overrides: Parameters<typeof requestedPayload>[2] = {}): Promise<number> {
  const id = nextId++;
  await publish(
    buildEvent('booking.appointment.requested', requestedPayload(id, `Customer ${id}`, overrides)),
  );
  await eventually(async () => !!(await jobOf(id)));
  return id;
}

const streamCount = async (type: (typeof EVENT_TYPES)[number]) => {
  const subject = nats.names.event(type);
  const info = await nats.manager.streams.info(nats.names.stream, { subjects_filter: subject });
  return info.state.subjects?.[subject] ?? 0;
};

function serviceRecordFor(appointmentId: number, completedAt: Date): ServiceRecord {
  return {
    id: appointmentId,
    appointmentId,
    customerId: appointmentId,
    serviceCode: 'battery_installed',
    completionNotes: null,
    technicianId: tech.id,
    technicianName: tech.name,
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

describe('the job lifecycle (dispatch)', () => {
  it("walks a job from open to on location for its technician, announcing each step with the technician's name", async () => {
    const id = await newJob();
    const accepted = await move(id, 'accepted', tech);
    expect(accepted).toMatchObject({
      status: 'accepted',
      technicianId: tech.id,
      technicianUsername: tech.username,
      technician: { name: tech.name },
      version: 2,
    });
    expect((await move(id, 'en_route', tech)).status).toBe('en_route');
    expect(await move(id, 'on_location', tech)).toMatchObject({
      status: 'on_location',
      version: 4,
    });
    await eventually(async () => (await streamCount('dispatch.appointment.arrived')) >= 1);
    expect(await streamCount('dispatch.appointment.accepted')).toBeGreaterThanOrEqual(1);
    expect(await streamCount('dispatch.appointment.departed')).toBeGreaterThanOrEqual(1);
  });

  it('refuses a skipped or repeated step (409) and another technician (403); an admin acts for the technician', async () => {
    const worker = { ...tech, id: 200 };
    const id = await newJob();
    await move(id, 'accepted', worker);
    expect((await refusal(move(id, 'on_location', worker))).status).toBe(409);
    expect((await refusal(move(id, 'accepted', worker))).status).toBe(409);
    expect((await refusal(move(id, 'en_route', otherTech))).status).toBe(403);
    const byAdmin = await move(id, 'en_route', admin);
    expect(byAdmin).toMatchObject({ status: 'en_route', technicianId: worker.id });
  });

  it('lets exactly one of two technicians accepting the same job at once win, every time', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await newJob();
      const results = await Promise.allSettled([
        move(id, 'accepted', { ...tech, id: 100 + round * 2 }),
        move(id, 'accepted', { ...otherTech, id: 101 + round * 2 }),
      ]);
      const winners = results.filter((r) => r.status === 'fulfilled');
      const losers = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(winners).toHaveLength(1);
      expect(losers[0].reason).toMatchObject({ status: 409 });
      const job = await jobOf(id);
      expect(job?.technicianId).toBe(
        (winners[0] as PromiseFulfilledResult<{ technicianId: number }>).value.technicianId,
      );
    }
  });

  it('gives a technician one active job: a second accept waits until the first is done', async () => {
    const busy = { ...tech, id: 300 };
    const [first, second] = [await newJob(), await newJob()];
    const results = await Promise.allSettled([
      move(first, 'accepted', busy),
      move(second, 'accepted', busy),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused?.reason.body.message).toBe(
      'Finish your current job before accepting another one.',
    );
  });

  it('takes a visit of another day ahead, but sets out only on its day (409 saying when), or once moved to today', async () => {
    const worker = { ...tech, id: 202 };
    const inThreeDays = addDays(businessDate(), 3);
    const id = await newJob({
      preferredTime: inThreeDays,
      scheduledDate: inThreeDays,
      scheduledTime: '10:00:00',
      scheduledStartTime: businessInstant(inThreeDays, 10).toISOString(),
    });
    expect((await move(id, 'accepted', worker)).status).toBe('accepted');
    const early = await refusal(move(id, 'en_route', worker));
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      `This visit is on ${bookedHourLabel(inThreeDays, '10:00:00')}. Set out on that day.`,
    );
    expect((await refusal(move(id, 'en_route', admin))).status).toBe(409);
    expect((await jobOf(id))?.status).toBe('accepted');

    // Moved to today (booking's event, as a dispatcher's or the customer's move sends it).
    const today = businessDate();
    await publish(
      buildEvent('booking.appointment.rescheduled', {
        appointmentId: id,
        preferredTime: today,
        scheduledDate: today,
        scheduledTime: '23:00:00',
        scheduledStartTime: businessInstant(today, 23).toISOString(),
      }),
    );
    await eventually(async () => (await jobOf(id))?.scheduledDate === today);
    expect((await move(id, 'en_route', worker)).status).toBe('en_route');
  });

  it('declines any open job once, and moves nothing after', async () => {
    const worker = { ...tech, id: 201 };
    const id = await newJob();
    await move(id, 'accepted', worker);
    expect(await rpc.call('dispatch.appointments.decline', { id, actor: admin })).toMatchObject({
      message: DECLINED_MESSAGE,
      appointment: { status: 'declined' },
    });
    expect(
      (await refusal(rpc.call('dispatch.appointments.decline', { id, actor: admin }))).status,
    ).toBe(409);
    expect((await refusal(move(id, 'en_route', worker))).status).toBe(409);
    expect((await refusal(move(9999, 'accepted', worker))).status).toBe(404);
  });

  it("completes a job once from inventory's record, however often it arrives, with its timings and today's counts", async () => {
    const worker = { ...tech, id: 400 };
    const id = await newJob();
    await move(id, 'accepted', worker);
    await move(id, 'en_route', worker);
    await move(id, 'on_location', worker);
    const completedAt = new Date(Date.now() + 20 * 60_000); // 20 minutes on location
    // The day it counts on: tomorrow's when the test runs in the last 20 minutes before midnight.
    const day = businessDate(completedAt);
    const sameDay = day === businessDate();
    const completedOn = async () =>
      Number(
        (
          await db().query(
            'SELECT total_tasks_completed FROM daily_metrics WHERE metric_date = $1',
            [day],
          )
        )[0]?.total_tasks_completed ?? 0,
      );
    const before = await rpc.call('dispatch.stats.get', {});
    const countedBefore = await completedOn();
    const event = buildEvent('inventory.service-record.created', {
      serviceRecord: serviceRecordFor(id, completedAt),
    });
    await publish(event);
    // The same record again, outside JetStream's dedupe window: the inbox makes it a no-op.
    await nats.jetstream.publish(nats.names.event(event.type), eventCodec.encode(event), {
      msgID: `again-${id}`,
    });

    // Read from the table: a job closed after midnight has left today's board.
    const stored = async () =>
      (await db().query('SELECT status, version FROM board_appointments WHERE id = $1', [id]))[0];
    await eventually(async () => (await stored())?.status === 'completed');
    await consumerDrained(nats, 'dispatch-completions');
    const [{ count }] = await db().query(
      'SELECT count(*)::int AS count FROM job_metrics WHERE appointment_id = $1',
      [id],
    );
    expect(count).toBe(1);
    const [metric] = await db().query(
      'SELECT user_id, job_duration FROM job_metrics WHERE appointment_id = $1',
      [id],
    );
    expect(metric).toEqual({ user_id: worker.id, job_duration: 20 });
    expect(await completedOn()).toBe(countedBefore + 1);
    const after = await rpc.call('dispatch.stats.get', {});
    expect(after.completedToday).toBe(before.completedToday + (sameDay ? 1 : 0));
    if (sameDay) expect(after.averageInstallTime).toBeGreaterThan(0);
    expect((await stored())?.version).toBe(5);
  });

  it("counts a technician's online time towards jobs per hour", async () => {
    const since = new Date(Date.now() - 2 * 3_600_000);
    const user = { id: 900, name: 'Hana Hours', username: 'hana', role: 'technician' as const };
    await publish(
      buildEvent('identity.user.presence-changed', {
        user: { ...user, status: 'online', currentLocation: null, lastSeen: since.toISOString() },
      }),
    );
    await eventually(async () => {
      const [row] = await db().query('SELECT online_since FROM technicians WHERE user_id = 900');
      return !!row?.online_since;
    });
    await publish(
      buildEvent('identity.user.presence-changed', {
        user: {
          ...user,
          status: 'offline',
          currentLocation: null,
          lastSeen: new Date().toISOString(),
        },
      }),
    );
    await eventually(async () => {
      const [row] = await db().query('SELECT online_since FROM technicians WHERE user_id = 900');
      return row && row.online_since === null;
    });
    const [day] = await db().query(
      'SELECT total_available_hours FROM daily_metrics WHERE metric_date = $1',
      [businessDate()],
    );
    // Two hours online (less if midnight fell in between: then part counts on yesterday).
    expect(Number(day.total_available_hours)).toBeGreaterThan(0);
    expect(Number(day.total_available_hours)).toBeLessThanOrEqual(2.01);
  });

  it('catches up on a completion recorded while it was stopped', async () => {
    const worker = { ...tech, id: 401 };
    const id = await newJob();
    await move(id, 'accepted', worker);
    await move(id, 'en_route', worker);
    await move(id, 'on_location', worker);
    await dispatch!.close();
    dispatch = undefined;
    await publish(
      buildEvent('inventory.service-record.created', {
        serviceRecord: serviceRecordFor(id, new Date()),
      }),
    );
    await expect(board()).rejects.toMatchObject({ status: 503 });

    dispatch = await createServiceApp(dispatchService);
    await eventually(async () => (await jobOf(id))?.status === 'completed');
  });
});
