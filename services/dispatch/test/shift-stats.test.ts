import { Actor, Role, businessDate, businessParts, formatShiftTime } from '@cincy/contracts';
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
const move = (id: number, status: 'accepted' | 'en_route' | 'on_location', actor: Actor) =>
  rpc.call('dispatch.appointments.change-status', { id, status, actor });

async function staff(user: Actor & { role: Role }) {
  await publish(buildEvent('identity.user.created', { user: { ...user, employeeId: null } }));
  await eventually(async () => {
    const [row] = await db().query('SELECT role FROM technicians WHERE user_id = $1', [user.id]);
    return row?.role === user.role;
  });
}

/** One job completed now by `tech`, through the lifecycle and inventory's record. */
async function completeOneJob(id: number) {
  await publish(
    buildEvent('booking.appointment.requested', requestedPayload(id, `Customer ${id}`)),
  );
  await eventually(async () =>
    (await rpc.call('dispatch.appointments.list', {})).some((a) => a.id === id),
  );
  await move(id, 'accepted', tech);
  await move(id, 'en_route', tech);
  await move(id, 'on_location', tech);
  await publish(
    buildEvent('inventory.service-record.created', {
      serviceRecord: {
        id,
        appointmentId: id,
        customerId: id,
        serviceCode: 'battery_installed',
        completionNotes: null,
        technicianId: tech.id,
        technicianName: tech.name,
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
  await eventually(
    async () =>
      (await db().query('SELECT status FROM board_appointments WHERE id = $1', [id]))[0]?.status ===
      'completed',
  );
}

beforeAll(async () => {
  nats = await openTestNats(testStack.prefix);
  dispatch = await createServiceApp(dispatchService);
  rpc = await connectTestRpc(testStack.prefix);
  for (const user of [admin, tech, otherTech]) await staff(user);
});

afterAll(async () => {
  await dispatch?.close();
  await rpc.close();
  await nats.close();
  await dropIsolatedStack(testStack);
});

describe('jobs per hour with shifts (dispatch)', () => {
  it('divides by the hours online until shifts are in use, then by the hours on shift so far today', async () => {
    await completeOneJob(900);
    // Nobody has been online today: the one-hour minimum is the divisor.
    expect(await rpc.call('dispatch.stats.get', {})).toMatchObject({
      completedToday: 1,
      tasksPerAvailableHour: 1,
    });

    // Today from midnight to the start of this hour for one technician, a day off for the other.
    const hour = businessParts().hour;
    const today = businessDate();
    if (hour > 0) {
      await rpc.call('dispatch.schedules.set-date', {
        technicianId: tech.id,
        date: today,
        shifts: [{ start: '00:00', end: formatShiftTime(hour * 60) }],
        actor: admin,
      });
    }
    await rpc.call('dispatch.schedules.set-date', {
      technicianId: otherTech.id,
      date: today,
      shifts: [],
      actor: admin,
    });
    const stats = await rpc.call('dispatch.stats.get', {});
    // Before 2 AM the hours on shift are under the one-hour minimum, as online hours were.
    expect(stats.tasksPerAvailableHour).toBe(Math.round((1 / Math.max(hour, 1)) * 10) / 10);
  });
});
