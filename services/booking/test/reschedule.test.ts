import {
  AppointmentStatus,
  BOOKING_MESSAGES,
  Customer,
  ERROR_CODES,
  TRACKING_MESSAGES,
} from '@cincy/contracts';
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
import type { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { bookingService } from '../src/app.module';

const stack = useIsolatedStack();
// One booking per hour: a full hour is easy to make, and to see freed.
process.env.SLOT_CAPACITY = '1';
// Friday 14 June 2030, 10:30 in Cincinnati.
process.env.BOOKING_FIXED_NOW = '2030-06-14T10:30:00-04:00';
delete process.env.GEOCODER_URL;
delete process.env.SERVED_ZIP_CODES;

const TOMORROW = '2030-06-15';
const SUNDAY = '2030-06-16';
const at = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;

describe('moving a visit to another hour (booking service over NATS, real Postgres)', () => {
  let app: INestMicroservice;
  let rpc: RpcClient;
  let db: Client;
  let nats: NatsConnectionHolder;
  let phoneSeq = 0;

  beforeAll(async () => {
    app = await createServiceApp(bookingService);
    rpc = await connectTestRpc(stack.prefix);
    db = new Client({ connectionString: stack.databaseUrl, options: '-c search_path=booking' });
    await db.connect();
    nats = await openTestNats(stack.prefix);
  }, 60_000);

  afterAll(async () => {
    await nats?.close();
    await db?.end();
    await rpc?.close();
    await app?.close();
    await dropIsolatedStack(stack);
  }, 60_000);

  const newCustomer = (): Promise<Customer> => {
    phoneSeq += 1;
    return rpc.call('booking.customers.create', {
      name: `Mover ${phoneSeq}`,
      phone: `513666${String(phoneSeq).padStart(4, '0')}`,
      email: null,
    });
  };

  const bookAt = async (date: string | null, hour: number | null) =>
    rpc.call('booking.appointments.create', {
      customerId: (await newCustomer()).id,
      location: '5 Any Rd, Cincinnati, OH 45202',
      scheduledDate: date,
      scheduledTime: hour === null ? null : at(hour),
    });

  const move = (id: number, date: string, hour: number) =>
    rpc.call('booking.appointments.reschedule', {
      id,
      scheduledDate: date,
      scheduledTime: at(hour),
    });

  const hourOpen = async (date: string, hour: number) =>
    (await rpc.call('booking.time-slots.list', { date })).find((s) => s.hour === hour)?.available;

  const row = async (id: number) =>
    (
      await db.query(
        `SELECT scheduled_date::text AS "scheduledDate", scheduled_time AS "scheduledTime",
                scheduled_start_time AS "scheduledStartTime", preferred_time AS "preferredTime"
           FROM appointments WHERE id = $1`,
        [id],
      )
    ).rows[0];

  const rescheduledEvents = async (id: number) =>
    (
      await db.query(
        `SELECT payload FROM outbox
          WHERE type = 'booking.appointment.rescheduled' AND (payload->>'appointmentId')::int = $1`,
        [id],
      )
    ).rows.map((r) => r.payload);

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (error: { status: number; body: { code: string; message: string } }) => ({
        status: error.status,
        code: error.body.code,
        message: error.body.message,
      }),
    );

  const conflict = (message: string) => ({ status: 409, code: ERROR_CODES.conflict, message });

  /** Sets booking's copy of the status the way dispatch's events do. */
  const dispatchSays = async (
    booked: { id: number; customerId: number },
    status: AppointmentStatus,
    version: number,
  ) => {
    const type = {
      en_route: 'dispatch.appointment.departed',
      on_location: 'dispatch.appointment.arrived',
      completed: 'dispatch.appointment.completed',
      declined: 'dispatch.appointment.declined',
      cancelled: 'dispatch.appointment.cancelled',
      accepted: 'dispatch.appointment.accepted',
    }[status as string] as 'dispatch.appointment.departed';
    const appointment = boardView({
      id: booked.id,
      customerId: booked.customerId,
      status,
      version,
    });
    await new JetStreamPublisher(nats).publish(buildEvent(type, { appointment }));
    await eventually(async () => {
      const { rows } = await db.query('SELECT status FROM appointments WHERE id = $1', [booked.id]);
      return rows[0].status === status;
    });
  };

  it('moves the visit, frees its old hour at once, and announces it once', async () => {
    const booked = await bookAt(TOMORROW, 14);
    expect(await hourOpen(TOMORROW, 14)).toBe(false);

    expect(await move(booked.id, SUNDAY, 9)).toEqual({
      scheduledDate: SUNDAY,
      scheduledTime: '09:00:00',
      preferredTime: SUNDAY,
    });
    const startTime = new Date('2030-06-16T09:00:00-04:00');
    expect(await row(booked.id)).toEqual({
      scheduledDate: SUNDAY,
      scheduledTime: '09:00:00',
      scheduledStartTime: startTime,
      preferredTime: SUNDAY,
    });
    expect(await rescheduledEvents(booked.id)).toEqual([
      {
        appointmentId: booked.id,
        preferredTime: SUNDAY,
        scheduledDate: SUNDAY,
        scheduledTime: '09:00:00',
        scheduledStartTime: startTime.toISOString(),
      },
    ]);

    // The full hour it left is bookable again; the one it took is full.
    expect(await hourOpen(TOMORROW, 14)).toBe(true);
    await expect(bookAt(TOMORROW, 14)).resolves.toMatchObject({ scheduledTime: '14:00:00' });
    expect(await hourOpen(SUNDAY, 9)).toBe(false);
  });

  it('moves within the same day, and back to an hour it left', async () => {
    const booked = await bookAt(TOMORROW, 10);
    await move(booked.id, TOMORROW, 11);
    await move(booked.id, TOMORROW, 10);
    expect(await row(booked.id)).toMatchObject({
      scheduledDate: TOMORROW,
      scheduledTime: '10:00:00',
    });
    expect(await rescheduledEvents(booked.id)).toHaveLength(2);
  });

  it('refuses a full hour with TIME_SLOT_FULL, and changes nothing', async () => {
    await bookAt(TOMORROW, 16);
    const booked = await bookAt(TOMORROW, 17);
    expect(await failure(move(booked.id, TOMORROW, 16))).toEqual({
      status: 409,
      code: ERROR_CODES.timeSlotFull,
      message: BOOKING_MESSAGES.timeSlotFull,
    });
    expect(await row(booked.id)).toMatchObject({
      scheduledDate: TOMORROW,
      scheduledTime: '17:00:00',
    });
    expect(await rescheduledEvents(booked.id)).toEqual([]);
    expect(await hourOpen(TOMORROW, 17)).toBe(false);
  });

  it('refuses an ASAP visit, and the hour it already has', async () => {
    const asap = await bookAt(null, null);
    expect(await failure(move(asap.id, TOMORROW, 12))).toEqual(
      conflict(TRACKING_MESSAGES.notScheduled),
    );
    const booked = await bookAt(TOMORROW, 18);
    expect(await failure(move(booked.id, TOMORROW, 18))).toEqual(
      conflict(TRACKING_MESSAGES.sameHour),
    );
    expect(await rescheduledEvents(asap.id)).toEqual([]);
    expect(await rescheduledEvents(booked.id)).toEqual([]);
  });

  it('holds the new hour to the rules of a new booking', async () => {
    const booked = await bookAt(TOMORROW, 19);
    expect(await failure(move(booked.id, '2030-06-14', 10))).toEqual({
      status: 400,
      code: ERROR_CODES.validation,
      message: BOOKING_MESSAGES.timeHasPassed,
    });
    expect(await failure(move(booked.id, '2030-06-21', 10))).toMatchObject({
      status: 400,
      message: BOOKING_MESSAGES.dateOutOfRange,
    });
    expect(
      await failure(
        rpc.call('booking.appointments.reschedule', {
          id: booked.id,
          scheduledDate: TOMORROW,
          scheduledTime: '7pm',
        }),
      ),
    ).toMatchObject({ status: 400, code: ERROR_CODES.validation });
  });

  it('answers 404 for a visit that does not exist', async () => {
    expect(await failure(move(999_999, TOMORROW, 12))).toEqual({
      status: 404,
      code: ERROR_CODES.notFound,
      message: TRACKING_MESSAGES.notFound,
    });
  });

  it('refuses once the technician is on the way or there', async () => {
    for (const [hour, status] of [
      [20, 'en_route'],
      [21, 'on_location'],
    ] as const) {
      const booked = await bookAt(TOMORROW, hour);
      await dispatchSays(booked, status, 2);
      expect(await failure(move(booked.id, SUNDAY, 15))).toEqual(
        conflict(TRACKING_MESSAGES.onTheWay),
      );
      expect(await rescheduledEvents(booked.id)).toEqual([]);
    }
  });

  it('refuses a closed visit (completed, declined, cancelled), still moves an accepted one', async () => {
    for (const [hour, status] of [
      [12, 'completed'],
      [13, 'declined'],
      [15, 'cancelled'],
    ] as const) {
      const booked = await bookAt(SUNDAY, hour);
      await dispatchSays(booked, status, 2);
      expect(await failure(move(booked.id, SUNDAY, 20))).toEqual(
        conflict(TRACKING_MESSAGES.closed),
      );
    }
    const accepted = await bookAt(SUNDAY, 17);
    await dispatchSays(accepted, 'accepted', 2);
    await expect(move(accepted.id, SUNDAY, 18)).resolves.toMatchObject({
      scheduledTime: '18:00:00',
    });
  });

  it("frees a cancelled visit's hour and stops counting it among the customer's jobs", async () => {
    const MONDAY = '2030-06-17';
    const booked = await bookAt(MONDAY, 10);
    const jobs = async () =>
      (await db.query('SELECT total_jobs FROM customers WHERE id = $1', [booked.customerId]))
        .rows[0].total_jobs;
    expect(await hourOpen(MONDAY, 10)).toBe(false);
    expect(await jobs()).toBe(1);

    await dispatchSays(booked, 'cancelled', 3);
    expect(await hourOpen(MONDAY, 10)).toBe(true);
    expect(await jobs()).toBe(0);
    await expect(bookAt(MONDAY, 10)).resolves.toMatchObject({ scheduledTime: '10:00:00' });

    // The same cancellation again (a redelivery), or an older state late, changes nothing.
    const appointment = boardView({ id: booked.id, customerId: booked.customerId });
    const publisher = new JetStreamPublisher(nats);
    await publisher.publish(
      buildEvent('dispatch.appointment.cancelled', {
        appointment: { ...appointment, status: 'cancelled', version: 3 },
      }),
    );
    await publisher.publish(
      buildEvent('dispatch.appointment.accepted', {
        appointment: { ...appointment, status: 'accepted', version: 2 },
      }),
    );
    await consumerDrained(nats, 'booking-appointments');
    expect(await jobs()).toBe(0);
    const { rows } = await db.query('SELECT status FROM appointments WHERE id = $1', [booked.id]);
    expect(rows[0].status).toBe('cancelled');
  });
});
