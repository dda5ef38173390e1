import { ASSIGNMENT_RULE_MESSAGES, Actor, DashboardAppointment, Role } from '@cincy/contracts';
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
  requestedPayload,
  useIsolatedStack,
  openTestNats,
  refusal,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dispatchService } from '../src/app.module';
import { NOT_A_TECHNICIAN_MESSAGE } from '../src/lifecycle/lifecycle.service';

const testStack = useIsolatedStack();
const { admin, tech, otherTech } = TEST_ACTORS;
/** More technicians, so each test's accepts never meet another test's active job. */
const nia = { id: 9, name: 'Nia Night', username: 'nia', role: 'technician' } as const;
const sam = { id: 10, name: 'Sam Swift', username: 'sam', role: 'technician' } as const;
const kai = { id: 11, name: 'Kai Keen', username: 'kai', role: 'technician' } as const;

let dispatch: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
let nextId = 800;

const db = () => dispatch.get(DataSource);
const publish = (event: ReturnType<typeof buildEvent>) =>
  new JetStreamPublisher(nats).publish(event);
const jobOf = async (id: number) =>
  (await rpc.call('dispatch.appointments.list', {})).find((a) => a.id === id);
const assign = (id: number, technicianId: number, version?: number) =>
  rpc.call('dispatch.appointments.assign', { id, technicianId, version, actor: admin });
const unassign = (id: number) => rpc.call('dispatch.appointments.unassign', { id, actor: admin });
const handBack = (id: number, actor: Actor, reason = 'Flat tyre on the van') =>
  rpc.call('dispatch.appointments.hand-back', { id, reason, actor });
const move = (id: number, status: 'accepted' | 'en_route' | 'on_location', actor: Actor) =>
  rpc.call('dispatch.appointments.change-status', { id, status, actor });

async function staff(user: Actor & { role: Role }) {
  await publish(buildEvent('identity.user.created', { user: { ...user, employeeId: null } }));
  await eventually(async () => {
    const [row] = await db().query('SELECT role FROM technicians WHERE user_id = $1', [user.id]);
    return row?.role === user.role;
  });
}

async function newJob(): Promise<number> {
  const id = nextId++;
  await publish(
    buildEvent('booking.appointment.requested', requestedPayload(id, `Customer ${id}`)),
  );
  await eventually(async () => !!(await jobOf(id)));
  return id;
}

/** What dispatch announced about a job since it joined the board, oldest first (its outbox). */
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

beforeAll(async () => {
  nats = await openTestNats(testStack.prefix);
  dispatch = await createServiceApp(dispatchService);
  rpc = await connectTestRpc(testStack.prefix);
  for (const user of [admin, tech, otherTech, nia, sam, kai]) await staff(user);
});

afterAll(async () => {
  await dispatch?.close();
  await rpc.close();
  await nats.close();
  await dropIsolatedStack(testStack);
});

describe('assigning jobs (dispatch)', () => {
  it('assigns a job, reassigns it, and only the technician who has it may accept it', async () => {
    const id = await newJob();
    const assigned = await assign(id, tech.id, 1);
    expect(assigned).toMatchObject({
      status: 'assigned',
      technicianId: tech.id,
      technicianUsername: tech.username,
      technician: { name: tech.name },
      version: 2,
    });
    const reassigned = await assign(id, otherTech.id, 2);
    expect(reassigned).toMatchObject({
      status: 'assigned',
      technicianId: otherTech.id,
      technician: { name: otherTech.name },
      version: 3,
    });
    expect(await announced(id)).toEqual([
      { type: 'dispatch.appointment.assigned', appointment: assigned },
      { type: 'dispatch.appointment.assigned', appointment: reassigned },
    ]);

    const refused = await refusal(move(id, 'accepted', tech));
    expect(refused.status).toBe(409);
    // The one it was taken from hears who has it now.
    expect(refused.body.message).toMatch(
      new RegExp(`^This job is ${otherTech.name}'s now \\(since `),
    );
    expect(await move(id, 'accepted', otherTech)).toMatchObject({
      status: 'accepted',
      technicianId: otherTech.id,
    });
  });

  it('takes an assigned job back into the open pool, once', async () => {
    const id = await newJob();
    await assign(id, nia.id);
    const open = await unassign(id);
    expect(open).toMatchObject({
      status: 'pending',
      technicianId: null,
      technicianUsername: null,
      technician: null,
      version: 3,
    });
    expect((await announced(id)).at(-1)).toEqual({
      type: 'dispatch.appointment.unassigned',
      appointment: open,
    });
    const again = await refusal(unassign(id));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This job is not assigned to anyone.');
  });

  it('lets the assigned technician hand a job back with a reason, and nobody else (403)', async () => {
    const id = await newJob();
    await assign(id, sam.id);
    const notTheirs = await refusal(handBack(id, nia));
    expect(notTheirs.status).toBe(403);
    expect((await jobOf(id))?.technicianId).toBe(sam.id);

    const before = Date.now();
    const handedBack = await handBack(id, sam, '  Van broke down  ');
    expect(handedBack).toMatchObject({
      status: 'pending',
      technicianId: null,
      technician: null,
      handBack: { by: sam.name, reason: 'Van broke down' },
    });
    expect(Date.parse(handedBack.handBack!.at)).toBeGreaterThanOrEqual(before - 1000);
    expect((await announced(id)).at(-1)).toEqual({
      type: 'dispatch.appointment.unassigned',
      appointment: handedBack,
    });
    // Handed back, it is no longer theirs to hand back.
    expect((await refusal(handBack(id, sam))).status).toBe(403);
    // Given to someone again, the board stops showing the hand-back.
    expect((await assign(id, kai.id)).handBack).toBeNull();
  });

  it('clears the hand-back when a technician accepts the job', async () => {
    const id = await newJob();
    await assign(id, kai.id);
    expect((await handBack(id, kai)).handBack).not.toBeNull();
    expect((await move(id, 'accepted', kai)).handBack).toBeNull();
  });

  it('lets a technician hand back a job they accepted, until they are on the way (409 then)', async () => {
    const id = await newJob();
    await assign(id, nia.id);
    await move(id, 'accepted', nia);
    const handedBack = await handBack(id, nia, 'Customer asked for someone else');
    expect(handedBack).toMatchObject({
      status: 'pending',
      technicianId: null,
      technician: null,
      handBack: { by: nia.name, reason: 'Customer asked for someone else' },
    });
    expect((await announced(id)).at(-1)).toEqual({
      type: 'dispatch.appointment.unassigned',
      appointment: handedBack,
    });
    // It no longer counts as her job: she may accept another one.
    const next = await newJob();
    await move(next, 'accepted', nia);
    await move(next, 'en_route', nia);
    const onTheWay = await refusal(handBack(next, nia));
    expect(onTheWay.status).toBe(409);
    expect(onTheWay.body.message).toBe(ASSIGNMENT_RULE_MESSAGES.notOpenToHandBack);
    expect((await jobOf(next))?.status).toBe('en_route');
  });

  it('refuses to assign a job that is accepted, completed or declined (409)', async () => {
    const taken = await newJob();
    await move(taken, 'accepted', tech);
    const refusedTaken = await refusal(assign(taken, sam.id));
    expect(refusedTaken.status).toBe(409);
    expect(refusedTaken.body.message).toBe(`This job has already been taken by ${tech.name}.`);

    await move(taken, 'en_route', tech);
    await move(taken, 'on_location', tech);
    await publish(
      buildEvent('inventory.service-record.created', {
        serviceRecord: {
          id: taken,
          appointmentId: taken,
          customerId: taken,
          serviceCode: 'battery_installed',
          completionNotes: null,
          technicianId: tech.id,
          technicianName: tech.name,
          batterySerialNumber: `SN-${taken}`,
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
    const statusOf = async (id: number) =>
      (await db().query('SELECT status FROM board_appointments WHERE id = $1', [id]))[0]?.status;
    await eventually(async () => (await statusOf(taken)) === 'completed');
    const refusedDone = await refusal(assign(taken, sam.id));
    expect(refusedDone.status).toBe(409);
    expect(refusedDone.body.message).toBe('This job is already completed.');

    const declined = await newJob();
    await rpc.call('dispatch.appointments.decline', { id: declined, actor: admin });
    expect((await refusal(assign(declined, sam.id))).status).toBe(409);
    expect(await statusOf(declined)).toBe('declined');
  });

  it('refuses someone who is not a technician (400 on technicianId) and an unknown job (404)', async () => {
    const id = await newJob();
    for (const technicianId of [admin.id, 4242]) {
      const refused = await refusal(assign(id, technicianId));
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ technicianId: NOT_A_TECHNICIAN_MESSAGE });
    }
    expect(await jobOf(id)).toMatchObject({ status: 'pending', technicianId: null, version: 1 });
    expect(await announced(id)).toEqual([]);
    expect((await refusal(assign(9999, tech.id))).status).toBe(404);
  });

  it('lets exactly one of two dispatchers assigning the same version win; the other is told who has it', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await newJob();
      const results = await Promise.allSettled([assign(id, nia.id, 1), assign(id, sam.id, 1)]);
      const winners = results.filter(
        (r): r is PromiseFulfilledResult<DashboardAppointment> => r.status === 'fulfilled',
      );
      const losers = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(winners).toHaveLength(1);
      const winner = winners[0].value;
      expect(losers[0].reason).toMatchObject({ status: 409 });
      expect(losers[0].reason.body.message).toContain(
        `just assigned to ${winner.technician?.name} by someone else`,
      );
      expect((await jobOf(id))?.technicianId).toBe(winner.technicianId);
      expect(await announced(id)).toHaveLength(1);
    }
  });
});
