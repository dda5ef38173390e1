import { Customer, UserFacts } from '@cincy/contracts';
import {
  JetStreamPublisher,
  NatsConnectionHolder,
  RpcClient,
  buildEvent,
  createServiceApp,
} from '@cincy/platform';
import {
  boardView,
  connectTestRpc,
  consumerDrained,
  dropIsolatedStack,
  eventually,
  useIsolatedStack,
  openTestNats,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { bookingService } from '../src/app.module';

// Without SLOT_CAPACITY an hour holds one booking per technician, as identity's events say.
const stack = useIsolatedStack();
delete process.env.SLOT_CAPACITY;
delete process.env.GEOCODER_URL;
process.env.BOOKING_FIXED_NOW = '2030-06-14T10:30:00-04:00'; // Friday 10:30 in Cincinnati
const TOMORROW = '2030-06-15';

let booking: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
let phoneSeq = 0;

beforeAll(async () => {
  booking = await createServiceApp(bookingService);
  rpc = await connectTestRpc(stack.prefix);
  nats = await openTestNats(stack.prefix);
});

afterAll(async () => {
  await nats.close();
  await rpc.close();
  await booking.close();
  await dropIsolatedStack(stack);
});

const publish = (event: ReturnType<typeof buildEvent>) =>
  new JetStreamPublisher(nats).publish(event);
const user = (id: number, role: UserFacts['role']): UserFacts => ({
  id,
  username: `user${id}`,
  name: `User ${id}`,
  role,
  employeeId: null,
});

const newCustomer = (): Promise<Customer> => {
  phoneSeq += 1;
  return rpc.call('booking.customers.create', {
    name: `Follower ${phoneSeq}`,
    phone: `513777${String(phoneSeq).padStart(4, '0')}`,
    email: null,
  });
};
const bookAt = async (hour: number) =>
  rpc.call('booking.appointments.create', {
    customerId: (await newCustomer()).id,
    location: '5 Any Rd, Cincinnati, OH 45202',
    scheduledDate: TOMORROW,
    scheduledTime: `${hour}:00:00`,
  });
const hourOpen = async (hour: number) =>
  (await rpc.call('booking.time-slots.list', { date: TOMORROW })).find((s) => s.hour === hour)
    ?.available;

/** Fills the hour and says how many bookings it took. */
async function capacityOf(hour: number): Promise<number> {
  let booked = 0;
  while (await hourOpen(hour)) {
    await bookAt(hour);
    booked += 1;
  }
  return booked;
}

describe("booking follows identity's technicians and dispatch's declines", () => {
  it('holds one booking per technician per hour, and counts a demoted one out', async () => {
    await publish(buildEvent('identity.user.created', { user: user(11, 'technician') }));
    await publish(buildEvent('identity.user.created', { user: user(12, 'technician') }));
    await publish(buildEvent('identity.user.created', { user: user(13, 'admin') }));
    await consumerDrained(nats, 'booking-users');
    expect(await capacityOf(13)).toBe(2);

    await publish(
      buildEvent('identity.user.updated', { user: user(12, 'admin'), passwordChanged: false }),
    );
    await consumerDrained(nats, 'booking-users');
    expect(await capacityOf(15)).toBe(1);
  });

  it('gives a declined booking its hour back, and ignores an older state arriving late', async () => {
    const taken = await bookAt(17);
    expect(await hourOpen(17)).toBe(false);
    const declined = boardView({
      id: taken.id,
      customerId: taken.customerId,
      status: 'declined',
      version: 3,
    });
    await publish(buildEvent('dispatch.appointment.declined', { appointment: declined }));
    await eventually(async () => (await hourOpen(17)) === true);

    // An older "accepted" (version 2) after the decline must not take the hour again.
    await publish(
      buildEvent('dispatch.appointment.accepted', {
        appointment: { ...declined, status: 'accepted', version: 2 },
      }),
    );
    await consumerDrained(nats, 'booking-appointments');
    expect(await hourOpen(17)).toBe(true);
  });
});
