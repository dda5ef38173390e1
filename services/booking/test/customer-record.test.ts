import { CustomerAddress, CustomerVehicle } from '@cincy/contracts';
import { RpcCallError, RpcClient, createServiceApp, openServiceDatabase } from '@cincy/platform';
import { connectTestRpc, dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { bookingService } from '../src/app.module';
import { CreateCustomersAndAppointments1732200000001 } from '../src/migrations/1732200000001-create-customers-and-appointments';
import { AddTechniciansAndSlotIndex1732300000001 } from '../src/migrations/1732300000001-add-technicians-and-slot-index';
import { AppointmentStatusVersion1732400000001 } from '../src/migrations/1732400000001-appointment-status-version';
import { CustomerDatabase1732500000001 } from '../src/migrations/1732500000001-customer-database';
import { AppointmentIdempotencyKey1732600000001 } from '../src/migrations/1732600000001-appointment-idempotency-key';
import { TechnicianSchedules1732700000001 } from '../src/migrations/1732700000001-technician-schedules';
import { ReferencesAndLinks1732800000001 } from '../src/migrations/1732800000001-references-and-links';

const stack = useIsolatedStack();
process.env.SLOT_CAPACITY = '100';
process.env.BOOKING_FIXED_NOW = '2030-06-14T10:30:00-04:00';
delete process.env.GEOCODER_URL;

const BEFORE = [
  CreateCustomersAndAppointments1732200000001,
  AddTechniciansAndSlotIndex1732300000001,
  AppointmentStatusVersion1732400000001,
  CustomerDatabase1732500000001,
  AppointmentIdempotencyKey1732600000001,
  TechnicianSchedules1732700000001,
  ReferencesAndLinks1732800000001,
];

let booking: INestMicroservice;
let rpc: RpcClient;
/** Customers booked before the migration (ids), with what it should have found. */
let old: { ann: number; bob: number };

beforeAll(async () => {
  // A database from before the customer record: appointments, some with the same text twice.
  const before = await openServiceDatabase({
    url: stack.databaseUrl,
    schema: 'booking',
    entities: [],
    migrations: BEFORE,
  });
  const [ann, bob] = (await before.query(`
    INSERT INTO customers (name, phone, phone_digits)
    VALUES ('Ann Old', '513-555-0140', '5135550140'), ('Bob Old', '513-555-0141', '5135550141')
    RETURNING id`)) as { id: number }[];
  await before.query(
    `INSERT INTO appointments (customer_id, location, vehicle, requested_at, created_at) VALUES
       ($1, '1 Oak St,  Cincinnati', '2010 Honda Fit', now(), now() - interval '3 days'),
       ($1, '1 OAK ST, Cincinnati', '2010 honda fit', now(), now() - interval '2 days'),
       ($1, '7 Pine St, Cincinnati', NULL, now(), now() - interval '1 day'),
       ($2, '3 Elm St, Cincinnati', '  ', now(), now()),
       (NULL, '(removed)', NULL, now(), now())`,
    [ann.id, bob.id],
  );
  await before.destroy();
  old = { ann: ann.id, bob: bob.id };

  booking = await createServiceApp(bookingService);
  rpc = await connectTestRpc(stack.prefix);
});

afterAll(async () => {
  await rpc.close();
  await booking.close();
  await dropIsolatedStack(stack);
});

const register = (name: string, phone: string) =>
  rpc.call('booking.customers.create', { name, phone, email: null });
const book = (customerId: number, location: string, vehicle: string | null = null) =>
  rpc.call('booking.appointments.create', { customerId, location, vehicle });
const addresses = (customerId: number) =>
  rpc.call('booking.customer-records.list', { kind: 'address', customerId });
const vehicles = (customerId: number) =>
  rpc.call('booking.customer-records.list', { kind: 'vehicle', customerId });
const texts = (rows: (CustomerAddress | CustomerVehicle)[]) =>
  rows.map((r) => ['address' in r ? r.address : r.vehicle, r.isDefault]);
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (e: RpcCallError) => ({ status: e.status, message: e.message }),
  );

describe("a customer's addresses and vehicles (booking)", () => {
  it('fills them from the appointments booked before it, once each, the first the default', async () => {
    expect(texts(await addresses(old.ann))).toEqual([
      ['1 Oak St, Cincinnati', true],
      ['7 Pine St, Cincinnati', false],
    ]);
    expect(texts(await vehicles(old.ann))).toEqual([['2010 Honda Fit', true]]);
    expect(texts(await addresses(old.bob))).toEqual([['3 Elm St, Cincinnati', true]]);
    expect(await vehicles(old.bob)).toEqual([]); // blank text is no vehicle
  });

  it('every booking adds its address and vehicle, the same text (any case) once', async () => {
    const { id } = await register('Cara Record', '513-555-0150');
    await book(id, '12 Vine St, Cincinnati, OH 45202', '2015 Ford F-150');
    await book(id, '12 vine st,   Cincinnati, OH 45202', '2015 FORD F-150');
    await book(id, '40 Main St, Cincinnati, OH 45202');
    expect(texts(await addresses(id))).toEqual([
      ['12 Vine St, Cincinnati, OH 45202', true],
      ['40 Main St, Cincinnati, OH 45202', false],
    ]);
    expect(texts(await vehicles(id))).toEqual([['2015 Ford F-150', true]]);
  });

  it('staff add, edit, mark default and remove; the default moves to the oldest left', async () => {
    const { id } = await register('Dan Record', '513-555-0151');
    await book(id, '1 First St, Cincinnati', '2009 Subaru Outback');
    const second = await rpc.call('booking.customer-records.add', {
      kind: 'address',
      customerId: id,
      text: '  2 Second St,  Cincinnati ',
    });
    expect(second).toMatchObject({ address: '2 Second St, Cincinnati', isDefault: false });
    const ohio = await rpc.call('booking.customer-records.add', {
      kind: 'address',
      customerId: id,
      text: '9 Ninth St, Cincinnati, Ohio 45202',
    });
    expect(ohio).toMatchObject({ address: '9 Ninth St, Cincinnati, OH 45202' }); // the state as its code
    await rpc.call('booking.customer-records.delete', {
      kind: 'address',
      customerId: id,
      id: ohio.id,
    });
    const third = await rpc.call('booking.customer-records.add', {
      kind: 'address',
      customerId: id,
      text: '3 Third St, Cincinnati',
      isDefault: true,
    });
    expect(third.isDefault).toBe(true);
    expect(texts(await addresses(id))).toEqual([
      ['3 Third St, Cincinnati', true],
      ['1 First St, Cincinnati', false],
      ['2 Second St, Cincinnati', false],
    ]);

    const edited = await rpc.call('booking.customer-records.update', {
      kind: 'address',
      customerId: id,
      id: second.id,
      text: '22 Second St, Cincinnati',
    });
    expect(edited).toMatchObject({ id: second.id, address: '22 Second St, Cincinnati' });
    await rpc.call('booking.customer-records.set-default', {
      kind: 'address',
      customerId: id,
      id: second.id,
    });
    expect((await addresses(id)).filter((a) => a.isDefault).map((a) => a.id)).toEqual([second.id]);

    expect(
      await rpc.call('booking.customer-records.delete', {
        kind: 'address',
        customerId: id,
        id: second.id,
      }),
    ).toEqual({ message: 'Address removed' });
    expect(texts(await addresses(id))).toEqual([
      ['1 First St, Cincinnati', true], // the oldest left
      ['3 Third St, Cincinnati', false],
    ]);

    const car = await rpc.call('booking.customer-records.add', {
      kind: 'vehicle',
      customerId: id,
      text: '2020 Tesla Model 3',
      isDefault: true,
    });
    expect(texts(await vehicles(id))).toEqual([
      ['2020 Tesla Model 3', true],
      ['2009 Subaru Outback', false],
    ]);
    await rpc.call('booking.customer-records.update', {
      kind: 'vehicle',
      customerId: id,
      id: car.id,
      text: '2021 Tesla Model 3',
    });
    await rpc.call('booking.customer-records.delete', {
      kind: 'vehicle',
      customerId: id,
      id: car.id,
    });
    expect(texts(await vehicles(id))).toEqual([['2009 Subaru Outback', true]]);
  });

  it('refuses a duplicate, another customer’s entry and a customer that is not there', async () => {
    const { id } = await register('Eve Record', '513-555-0152');
    const other = await register('Fay Record', '513-555-0153');
    await book(id, '5 Fifth St, Cincinnati', '2001 Jeep');
    const [mine] = await addresses(id);
    expect(
      await refusal(
        rpc.call('booking.customer-records.add', {
          kind: 'address',
          customerId: id,
          text: '5 FIFTH ST, Cincinnati',
        }),
      ),
    ).toEqual({ status: 409, message: 'This customer already has that address' });
    // Another customer's id is not found, whatever the action.
    for (const call of [
      rpc.call('booking.customer-records.update', {
        kind: 'address',
        customerId: other.id,
        id: mine.id,
        text: 'Taken over',
      }),
      rpc.call('booking.customer-records.set-default', {
        kind: 'address',
        customerId: other.id,
        id: mine.id,
      }),
      rpc.call('booking.customer-records.delete', {
        kind: 'address',
        customerId: other.id,
        id: mine.id,
      }),
    ]) {
      expect(await refusal(call)).toEqual({ status: 404, message: 'Address not found' });
    }
    expect(await refusal(vehicles(999999))).toEqual({ status: 404, message: 'Customer not found' });
    expect(
      await refusal(
        rpc.call('booking.customer-records.add', {
          kind: 'vehicle',
          customerId: 999999,
          text: 'A car',
        }),
      ),
    ).toEqual({ status: 404, message: 'Customer not found' });
    expect(texts(await addresses(id))).toEqual([['5 Fifth St, Cincinnati', true]]);
  });

  it('a deleted customer takes their addresses and vehicles with them', async () => {
    const { id } = await register('Gus Record', '513-555-0154');
    await book(id, '8 Eighth St, Cincinnati', '1999 Buick');
    await rpc.call('booking.customers.delete', { id });
    const db = booking.get(DataSource);
    const left: unknown[] = await db.query(
      `SELECT 1 FROM customer_addresses WHERE customer_id = $1
       UNION ALL SELECT 1 FROM customer_vehicles WHERE customer_id = $1`,
      [id],
    );
    expect(left).toEqual([]);
  });

  it('answers the vehicle each appointment was booked with, for history rows', async () => {
    const { id } = await register('Hal Record', '513-555-0155');
    const withCar = await book(id, '9 Ninth St, Cincinnati', '2012 Mazda 3');
    const without = await book(id, '9 Ninth St, Cincinnati');
    expect(
      await rpc.call('booking.appointments.vehicles', {
        appointmentIds: [withCar.id, without.id, 999999],
      }),
    ).toEqual({ [withCar.id]: '2012 Mazda 3' });
  });
});
