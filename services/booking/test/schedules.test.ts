import { BOOKING_MESSAGES, Customer, ERROR_CODES, ScheduleFacts } from '@cincy/contracts';
import {
  JetStreamPublisher,
  NatsConnectionHolder,
  RpcClient,
  buildEvent,
  createServiceApp,
} from '@cincy/platform';
import {
  connectTestRpc,
  consumerDrained,
  dropIsolatedStack,
  useIsolatedStack,
  openTestNats,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { bookingService } from '../src/app.module';
import { Clock, FixedClock } from '../src/common/clock';

// Without SLOT_CAPACITY, once shifts exist an hour holds one booking per technician on shift.
const stack = useIsolatedStack();
delete process.env.SLOT_CAPACITY;
delete process.env.GEOCODER_URL;
process.env.BOOKING_FIXED_NOW = '2030-06-14T10:30:00-04:00'; // Friday 10:30 in Cincinnati
const TOMORROW = '2030-06-15'; // a Saturday
const FRIDAY = 5;
const SATURDAY = 6;

let booking: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
let db: Client;
let clock: FixedClock;
let phoneSeq = 0;

beforeAll(async () => {
  booking = await createServiceApp(bookingService);
  const pinned = booking.get(Clock);
  if (!(pinned instanceof FixedClock)) throw new Error('BOOKING_FIXED_NOW did not pin the clock');
  clock = pinned;
  rpc = await connectTestRpc(stack.prefix);
  nats = await openTestNats(stack.prefix);
  db = new Client({ connectionString: stack.databaseUrl, options: '-c search_path=booking' });
  await db.connect();
}, 60_000);

afterAll(async () => {
  await db?.end();
  await nats?.close();
  await rpc?.close();
  await booking?.close();
  await dropIsolatedStack(stack);
}, 60_000);

afterEach(() => clock.set(new Date(process.env.BOOKING_FIXED_NOW!)));

/** Dispatch announces a technician's whole schedule; booking has applied it on return. */
async function announce(
  { technicianId, weekly, exceptions }: ScheduleFacts,
  version?: number,
): Promise<void> {
  const schedule = { technicianId, weekly: [...weekly], exceptions: [...exceptions] };
  await new JetStreamPublisher(nats).publish(
    buildEvent('dispatch.schedule.changed', { schedule, version }),
  );
  await consumerDrained(nats, 'booking-schedules');
}
const weekly = (
  technicianId: number,
  shifts: [weekday: number, start: string, end: string][],
  exceptions: ScheduleFacts['exceptions'] = [],
): ScheduleFacts => ({
  technicianId,
  weekly: shifts.map(([weekday, start, end]) => ({ weekday, start, end })),
  exceptions,
});

const newCustomer = (): Promise<Customer> => {
  phoneSeq += 1;
  return rpc.call('booking.customers.create', {
    name: `Shift Follower ${phoneSeq}`,
    phone: `513888${String(phoneSeq).padStart(4, '0')}`,
    email: null,
  });
};
const book = async (slot: { scheduledDate: string; scheduledTime: string } | null) =>
  rpc.call('booking.appointments.create', {
    customerId: (await newCustomer()).id,
    location: '5 Any Rd, Cincinnati, OH 45202',
    scheduledDate: slot?.scheduledDate ?? null,
    scheduledTime: slot?.scheduledTime ?? null,
  });
const slotOf = async (hour: number) =>
  (await rpc.call('booking.time-slots.list', { date: TOMORROW })).find((s) => s.hour === hour);
/** The error an RPC call failed with, as the gateway would answer it. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: { status: number; body: { code: string; message: string } }) => ({
      status: error.status,
      ...error.body,
    }),
  );

describe("booking follows dispatch's shifts", () => {
  it('keeps the old rule (at least one an hour) and takes ASAP while nobody has shifts', async () => {
    expect(await slotOf(21)).toEqual({ hour: 21, available: true });
    await expect(book(null)).resolves.toMatchObject({ status: 'pending' });
  });

  it('holds in each hour one booking per technician on shift, and none where nobody is', async () => {
    await announce(weekly(21, [[SATURDAY, '09:00', '17:00']]));
    await announce(weekly(22, [[SATURDAY, '12:00', '21:00']]));
    const { rows } = await db.query(
      'SELECT technician_id FROM technician_schedules ORDER BY technician_id',
    );
    expect(rows.map((r) => r.technician_id)).toEqual([21, 22]);

    // 21:00: both shifts are over, so nobody can take the hour before anyone booked it.
    expect(await slotOf(21)).toEqual({
      hour: 21,
      available: false,
      reason: BOOKING_MESSAGES.timeSlotOffShift,
    });
    expect(
      await failure(book({ scheduledDate: TOMORROW, scheduledTime: '21:00:00' })),
    ).toMatchObject({ status: 409, code: ERROR_CODES.timeSlotFull });

    // 13:00: both on shift, two bookings, then full on the grid and on booking.
    const at13 = { scheduledDate: TOMORROW, scheduledTime: '13:00:00' };
    await book(at13);
    expect(await slotOf(13)).toEqual({ hour: 13, available: true });
    await book(at13);
    expect(await slotOf(13)).toMatchObject({ available: false, reason: 'Fully booked' });
    expect(await failure(book(at13))).toEqual({
      status: 409,
      code: ERROR_CODES.timeSlotFull,
      message: BOOKING_MESSAGES.timeSlotFull,
    });

    // 9:00: one on shift, one booking.
    await book({ scheduledDate: TOMORROW, scheduledTime: '09:00:00' });
    expect(await slotOf(9)).toMatchObject({ available: false });
  });

  it("follows a date's exception and a schedule emptied, which stops counting", async () => {
    // Technician 22 takes tomorrow off; technician 21 covers the evening instead.
    await announce(weekly(22, [[SATURDAY, '12:00', '21:00']], [{ date: TOMORROW, shifts: [] }]));
    expect(await slotOf(18)).toMatchObject({ available: false, reason: 'Outside working hours' });
    await announce(
      weekly(
        21,
        [[SATURDAY, '09:00', '17:00']],
        [{ date: TOMORROW, shifts: [{ start: '17:00', end: '22:00' }] }],
      ),
    );
    expect(await slotOf(18)).toEqual({ hour: 18, available: true });
    expect(await slotOf(10)).toMatchObject({ available: false, reason: 'Outside working hours' });

    // With every schedule emptied, shifts are no longer in use: the old rule again.
    await announce(weekly(21, []));
    await announce(weekly(22, []));
    expect((await db.query('SELECT count(*)::int AS n FROM technician_schedules')).rows[0].n).toBe(
      0,
    );
    expect(await slotOf(10)).toEqual({ hour: 10, available: true });
  });

  it('refuses ASAP when nobody is on shift now, with the rapid-response answer', async () => {
    await announce(weekly(23, [[FRIDAY, '13:00', '15:00']]));
    // Friday 10:30: inside the rapid-response window, but nobody's shift has begun.
    expect(await failure(book(null))).toEqual({
      status: 422,
      code: ERROR_CODES.outsideServiceHours,
      message: BOOKING_MESSAGES.outsideServiceHours,
    });

    clock.set(new Date('2030-06-14T13:30:00-04:00'));
    await expect(book(null)).resolves.toMatchObject({ status: 'pending', scheduledDate: null });

    clock.set(new Date('2030-06-14T15:00:00-04:00'));
    expect(await failure(book(null))).toMatchObject({ code: ERROR_CODES.outsideServiceHours });
  });

  it('keeps the newest of two schedules whichever arrives last, an emptied one too', async () => {
    // Technician 24's second schedule (Saturday evening) arrives before the first (morning).
    await announce(weekly(24, [[SATURDAY, '17:00', '21:00']]), 2);
    await announce(weekly(24, [[SATURDAY, '08:00', '12:00']]), 1);
    expect(await slotOf(18)).toEqual({ hour: 18, available: true });
    expect(await slotOf(9)).toMatchObject({ available: false, reason: 'Outside working hours' });

    // Emptied (no longer a technician), then the second again, late: still no shifts of theirs.
    await announce(weekly(24, []), 3);
    await announce(weekly(24, [[SATURDAY, '17:00', '21:00']]), 2);
    const { rows } = await db.query(
      'SELECT technician_id FROM technician_schedules WHERE technician_id = 24',
    );
    expect(rows).toEqual([]);
  });
});
