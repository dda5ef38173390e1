import {
  Actor,
  Role,
  SHIFT_HORIZON_DAYS,
  SHIFT_MESSAGES,
  ScheduleFacts,
  addDays,
  businessDate,
  businessMinutes,
  shiftMinutes,
} from '@cincy/contracts';
import {
  JetStreamPublisher,
  NatsConnectionHolder,
  RpcClient,
  buildEvent,
  createServiceApp,
} from '@cincy/platform';
import {
  TEST_ACTORS,
  connectTestRpc,
  dropIsolatedStack,
  eventually,
  useIsolatedStack,
  openTestNats,
  refusal,
  requestedPayload,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dispatchService } from '../src/app.module';

const testStack = useIsolatedStack();
const { admin, tech, otherTech } = TEST_ACTORS;

let dispatch: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;

const db = () => dispatch.get(DataSource);
const publish = (event: ReturnType<typeof buildEvent>) =>
  new JetStreamPublisher(nats).publish(event);
const list = () => rpc.call('dispatch.schedules.list', {});
const scheduleOf = async (technicianId: number) =>
  (await list()).find((s) => s.technicianId === technicianId);

/** Every day of the week, all day: on shift whenever the test runs. */
const ALWAYS = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));
const setWeekly = (
  technicianId: number,
  shifts: { weekday: number; start: string; end: string }[],
) => rpc.call('dispatch.schedules.set-weekly', { technicianId, shifts, actor: admin });
const setDate = (technicianId: number, date: string, shifts: { start: string; end: string }[]) =>
  rpc.call('dispatch.schedules.set-date', { technicianId, date, shifts, actor: admin });
const clearDate = (technicianId: number, date: string) =>
  rpc.call('dispatch.schedules.clear-date', { technicianId, date, actor: admin });
const offShift = (actor: Actor) => rpc.call('dispatch.schedules.off-shift', { actor });

/** A staff member in dispatch's copy, through identity's event as in production. */
async function staff(user: Actor & { role: Role }) {
  await publish(buildEvent('identity.user.created', { user: { ...user, employeeId: null } }));
  await eventually(async () => {
    const [row] = await db().query('SELECT role FROM technicians WHERE user_id = $1', [user.id]);
    return row?.role === user.role;
  });
}

/** The schedules dispatch announced for a technician, oldest first (its outbox). */
async function announced(technicianId: number): Promise<ScheduleFacts[]> {
  const rows: { payload: { schedule: ScheduleFacts } }[] = await db().query(
    `SELECT payload FROM outbox
      WHERE type = 'dispatch.schedule.changed'
        AND (payload->'schedule'->>'technicianId')::int = $1
      ORDER BY seq`,
    [technicianId],
  );
  return rows.map((r) => r.payload.schedule);
}

/** The numbers of those schedules, oldest first: a copy applies only a newer one. */
async function versionsOf(technicianId: number): Promise<number[]> {
  const rows: { version: number }[] = await db().query(
    `SELECT (payload->>'version')::int AS version FROM outbox
      WHERE type = 'dispatch.schedule.changed'
        AND (payload->'schedule'->>'technicianId')::int = $1
      ORDER BY seq`,
    [technicianId],
  );
  return rows.map((r) => r.version);
}

const facts = ({ technicianId, weekly, exceptions }: ScheduleFacts) => ({
  technicianId,
  weekly,
  exceptions,
});

beforeAll(async () => {
  nats = await openTestNats(testStack.prefix);
  dispatch = await createServiceApp(dispatchService);
  rpc = await connectTestRpc(testStack.prefix);
  await staff(admin);
  await staff(tech);
  await staff(otherTech);
});

afterAll(async () => {
  await dispatch?.close();
  await rpc.close();
  await nats.close();
  await dropIsolatedStack(testStack);
});

describe('schedules (dispatch)', () => {
  it('lists every technician, with no shifts until some are set, and no admin', async () => {
    const schedules = await list();
    expect(schedules.map((s) => s.technicianId).sort()).toEqual([tech.id, otherTech.id]);
    expect(schedules.find((s) => s.technicianId === otherTech.id)).toEqual({
      technicianId: otherTech.id,
      name: otherTech.name,
      weekly: [],
      exceptions: [],
      today: [],
      onShiftNow: false,
    });
  });

  it('replaces the weekly pattern and announces the whole schedule in the same transaction', async () => {
    await setWeekly(tech.id, [{ weekday: 1, start: '08:00', end: '12:00' }]);
    const answer = await setWeekly(tech.id, [
      { weekday: 2, start: '13:00', end: '17:00' },
      { weekday: 2, start: '08:00', end: '12:00' },
    ]);
    const expected = {
      technicianId: tech.id,
      weekly: [
        { weekday: 2, start: '08:00', end: '12:00' },
        { weekday: 2, start: '13:00', end: '17:00' },
      ],
      exceptions: [],
    };
    expect(facts(answer)).toEqual(expected);
    expect(facts((await scheduleOf(tech.id))!)).toEqual(expected);
    const events = await announced(tech.id);
    expect(events).toHaveLength(2);
    expect(events[1]).toEqual(expected);
  });

  it("takes a date's shifts over the pattern, an empty list as a day off, until the date is cleared", async () => {
    const today = businessDate();
    await setWeekly(otherTech.id, ALWAYS);
    expect(await scheduleOf(otherTech.id)).toMatchObject({
      today: [{ start: '00:00', end: '24:00' }],
      onShiftNow: true,
    });

    const dayOff = await setDate(otherTech.id, today, []);
    expect(dayOff).toMatchObject({
      exceptions: [{ date: today, shifts: [] }],
      today: [],
      onShiftNow: false,
    });
    expect((await announced(otherTech.id)).at(-1)?.exceptions).toEqual([
      { date: today, shifts: [] },
    ]);

    const later = addDays(today, 3);
    await setDate(otherTech.id, later, [{ start: '10:00', end: '14:00' }]);
    const cleared = await clearDate(otherTech.id, today);
    expect(cleared).toMatchObject({
      exceptions: [{ date: later, shifts: [{ start: '10:00', end: '14:00' }] }],
      today: [{ start: '00:00', end: '24:00' }],
      onShiftNow: true,
    });
    expect((await announced(otherTech.id)).at(-1)?.exceptions).toEqual(cleared.exceptions);
  });

  it('refuses overlapping shifts, a shift ending before it starts, and dates outside the horizon (400), changing nothing', async () => {
    const before = (await announced(tech.id)).length;
    const overlapping = await refusal(
      setWeekly(tech.id, [
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 1, start: '11:00', end: '15:00' },
      ]),
    );
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.fieldErrors).toEqual({ shifts: SHIFT_MESSAGES.overlap });

    const backwards = await refusal(
      setDate(tech.id, businessDate(), [{ start: '17:00', end: '09:00' }]),
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.fieldErrors).toEqual({ shifts: SHIFT_MESSAGES.endBeforeStart });

    const yesterday = addDays(businessDate(), -1);
    const beyond = addDays(businessDate(), SHIFT_HORIZON_DAYS + 1);
    for (const date of [yesterday, beyond, '2026-02-30']) {
      const refused = await refusal(setDate(tech.id, date, []));
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.fieldErrors ?? {})).toEqual(['date']);
    }
    expect((await refusal(clearDate(tech.id, yesterday))).status).toBe(400);
    // The last day of the horizon is still accepted.
    const last = addDays(businessDate(), SHIFT_HORIZON_DAYS);
    expect((await setDate(tech.id, last, [])).exceptions).toContainEqual({
      date: last,
      shifts: [],
    });
    expect(await announced(tech.id)).toHaveLength(before + 1);
  });

  it('refuses an unknown technician (404) and a staff member who is not a technician (400)', async () => {
    const unknown = await refusal(setWeekly(4242, []));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Technician not found');
    const notTechnician = await refusal(setDate(admin.id, businessDate(), []));
    expect(notTechnician.status).toBe(400);
    expect(notTechnician.body.fieldErrors).toEqual({ technicianId: SHIFT_MESSAGES.notTechnician });
    expect(await announced(admin.id)).toEqual([]);
  });

  it("goes off shift now: today's shifts end now, the weekly pattern stays", async () => {
    const worker = { id: 21, name: 'Owen Off', username: 'owen', role: 'technician' as const };
    await staff(worker);
    await setWeekly(worker.id, ALWAYS);
    const before = new Date();
    const answer = await offShift(worker);
    const today = businessDate();
    expect(answer.onShiftNow).toBe(false);
    expect(answer.weekly).toEqual(ALWAYS);
    expect(answer.exceptions).toHaveLength(1);
    expect(answer.exceptions[0].date).toBe(today);
    // At most one shift left, from midnight to now (rounded up to the minute).
    const left = answer.exceptions[0].shifts;
    expect(answer.today).toEqual(left);
    for (const shift of left) {
      expect(shift.start).toBe('00:00');
      expect(shiftMinutes(shift.end)).toBeGreaterThanOrEqual(businessMinutes(before));
      expect(shiftMinutes(shift.end)).toBeLessThanOrEqual(businessMinutes(new Date()) + 1);
    }
    expect((await announced(worker.id)).at(-1)).toEqual(facts(answer));
  });

  it('refuses going off shift when not on shift (409) or unknown (404)', async () => {
    const idle = { id: 22, name: 'Ida Idle', username: 'ida', role: 'technician' as const };
    await staff(idle);
    const notOnShift = await refusal(offShift(idle));
    expect(notOnShift.status).toBe(409);
    expect(notOnShift.body.message).toBe(SHIFT_MESSAGES.notOnShift);
    expect(await announced(idle.id)).toEqual([]);
    expect((await refusal(offShift({ ...idle, id: 4343 }))).status).toBe(404);
  });

  it('forgets the schedule of someone who stops being a technician, and tells every copy', async () => {
    const promoted = { id: 23, name: 'Pat Promoted', username: 'pat', role: 'technician' as const };
    const leaving = { id: 24, name: 'Lee Leaving', username: 'lee', role: 'technician' as const };
    for (const user of [promoted, leaving]) {
      await staff(user);
      await setWeekly(user.id, ALWAYS);
      await setDate(user.id, businessDate(), []);
    }
    const empty = (technicianId: number) => ({ technicianId, weekly: [], exceptions: [] });

    await publish(
      buildEvent('identity.user.updated', {
        user: { ...promoted, role: 'admin', employeeId: null },
        passwordChanged: false,
      }),
    );
    await publish(buildEvent('identity.user.deleted', { userId: leaving.id }));
    for (const user of [promoted, leaving]) {
      await eventually(async () => (await announced(user.id)).length === 3);
      expect((await announced(user.id)).at(-1)).toEqual(empty(user.id));
      // Numbered on, the emptied one last even for a user whose row is gone.
      expect(await versionsOf(user.id)).toEqual([1, 2, 3]);
      const [{ count }] = await db().query(
        `SELECT (SELECT count(*) FROM technician_availability WHERE technician_id = $1)
              + (SELECT count(*) FROM technician_availability_exceptions WHERE technician_id = $1)
                AS count`,
        [user.id],
      );
      expect(Number(count)).toBe(0);
      expect(await scheduleOf(user.id)).toBeUndefined();
    }
  });
});

describe('positions (dispatch)', () => {
  it("keeps each technician's newest reported position, never an older one", async () => {
    const mover = { id: 31, name: 'Max Mover', username: 'max', role: 'technician' as const };
    await staff(mover);
    const report = (lat: number, at: Date) =>
      publish(
        buildEvent('identity.user.presence-changed', {
          user: {
            ...mover,
            status: 'online',
            currentLocation: { lat, lng: -84.5 },
            lastSeen: at.toISOString(),
          },
        }),
      );
    const position = async () =>
      (
        await db().query(
          'SELECT last_lat, last_lng, last_position_at FROM technicians WHERE user_id = $1',
          [mover.id],
        )
      )[0];
    const now = Date.now();
    await report(39.1, new Date(now));
    await eventually(async () => (await position())?.last_lat === 39.1);
    expect(await position()).toEqual({
      last_lat: 39.1,
      last_lng: -84.5,
      last_position_at: new Date(now),
    });
    await report(39.3, new Date(now + 60_000));
    await eventually(async () => (await position())?.last_lat === 39.3);
    await report(39.2, new Date(now - 60_000)); // arrives late: older than the one kept
    // A presence event without a position keeps the last one; once it is applied, so is the above.
    await publish(
      buildEvent('identity.user.presence-changed', {
        user: { ...mover, status: 'offline', currentLocation: null, lastSeen: null },
      }),
    );
    await eventually(async () => {
      const [row] = await db().query('SELECT online_since FROM technicians WHERE user_id = $1', [
        mover.id,
      ]);
      return row?.online_since === null;
    });
    expect((await position()).last_lat).toBe(39.3);
  });
});

describe('what a schedule change would strand (ADR 0102)', () => {
  const tomorrow = () => addDays(businessDate(), 1);
  const board = () => rpc.call('dispatch.appointments.list', {});
  let nextJob = 3200;

  /** A job booked for tomorrow at `time` through booking's event, then in `status`. */
  async function bookedJob(
    time: string,
    status: 'pending' | 'assigned' | 'accepted',
    asap = false,
  ) {
    const id = nextJob++;
    await publish(
      buildEvent(
        'booking.appointment.requested',
        requestedPayload(id, `Customer ${id}`, {
          reference: `CB-T${id}`,
          preferredTime: asap ? 'ASAP' : time,
          scheduledDate: tomorrow(),
          scheduledTime: time,
          scheduledStartTime: null,
        }),
      ),
    );
    await eventually(async () => (await board()).some((a) => a.id === id));
    if (status !== 'pending') {
      await rpc.call('dispatch.appointments.assign', { id, technicianId: tech.id, actor: admin });
    }
    if (status === 'accepted') {
      await rpc.call('dispatch.appointments.change-status', { id, status, actor: tech });
    }
    return id;
  }

  const dateImpact = (shifts: { start: string; end: string }[], technicianId: number = tech.id) =>
    rpc.call('dispatch.schedules.date-impact', { technicianId, date: tomorrow(), shifts });

  it('names the assigned and accepted booked jobs a day off or a shorter shift leaves outside, and saves nothing', async () => {
    await setWeekly(tech.id, ALWAYS);
    await clearDate(tech.id, tomorrow());
    const ten = await bookedJob('10:00', 'assigned');
    const fourteen = await bookedJob('14:00', 'accepted');
    await bookedJob('11:00', 'pending');
    await bookedJob('12:00', 'assigned', true); // ASAP: no booked hour to be outside of
    const before = facts((await scheduleOf(tech.id))!);

    const dayOff = await dateImpact([]);
    expect(dayOff.jobs).toEqual([
      {
        id: ten,
        reference: `CB-T${ten}`,
        customerName: `Customer ${ten}`,
        status: 'assigned',
        scheduledDate: tomorrow(),
        scheduledTime: '10:00',
      },
      expect.objectContaining({ id: fourteen, status: 'accepted' }),
    ]);
    // A shift covering the booked start keeps the job: 13:00 ends before the 14:00 one.
    expect((await dateImpact([{ start: '08:00', end: '13:00' }])).jobs.map((j) => j.id)).toEqual([
      fourteen,
    ]);
    expect((await dateImpact([{ start: '10:00', end: '15:00' }])).jobs).toEqual([]);
    // The weekly pattern without tomorrow's weekday strands both too.
    const weekday = new Date(`${tomorrow()}T12:00:00Z`).getUTCDay();
    const weekly = await rpc.call('dispatch.schedules.weekly-impact', {
      technicianId: tech.id,
      shifts: ALWAYS.filter((s) => s.weekday !== weekday),
    });
    expect(weekly.jobs.map((j) => j.id)).toEqual([ten, fourteen]);

    expect(facts((await scheduleOf(tech.id))!)).toEqual(before);
    // Once the day off is saved, the same preview names nothing new.
    await setDate(tech.id, tomorrow(), []);
    expect((await dateImpact([])).jobs).toEqual([]);
    await clearDate(tech.id, tomorrow());
  });

  it('refuses an unknown technician, another role and a date outside the horizon, as saving does', async () => {
    expect((await refusal(dateImpact([], 4242))).status).toBe(404);
    const notTechnician = await refusal(dateImpact([], admin.id));
    expect(notTechnician.status).toBe(400);
    expect(notTechnician.body.fieldErrors).toEqual({ technicianId: SHIFT_MESSAGES.notTechnician });
    const late = rpc.call('dispatch.schedules.date-impact', {
      technicianId: tech.id,
      date: addDays(businessDate(), SHIFT_HORIZON_DAYS + 1),
      shifts: [],
    });
    expect((await refusal(late)).status).toBe(400);
  });
});

describe('dispatch settings', () => {
  it('has auto-dispatch off until an admin turns it on, announcing the change', async () => {
    expect(await rpc.call('dispatch.settings.get', {})).toEqual({ autoDispatch: false });
    expect(
      await rpc.call('dispatch.settings.update', {
        settings: { autoDispatch: true },
        actor: admin,
      }),
    ).toEqual({ autoDispatch: true });
    expect(await rpc.call('dispatch.settings.get', {})).toEqual({ autoDispatch: true });
    const rows = await db().query(
      "SELECT payload FROM outbox WHERE type = 'dispatch.settings.changed' ORDER BY seq",
    );
    expect(rows.map((r: { payload: unknown }) => r.payload)).toEqual([
      { settings: { autoDispatch: true } },
    ]);
  });
});
