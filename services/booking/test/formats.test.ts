import { RpcClient, createServiceApp } from '@cincy/platform';
import { connectTestRpc, dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { bookingService } from '../src/app.module';
import { PhonesAndStateCodes1732850000001 } from '../src/migrations/1732850000001-phones-and-state-codes';

// One way to store a phone and an address (issue 23): phones as digits, states as their code.
const stack = useIsolatedStack();
process.env.SLOT_CAPACITY = '100';
process.env.BOOKING_FIXED_NOW = '2030-06-14T10:30:00-04:00';
delete process.env.GEOCODER_URL;

let booking: INestMicroservice;
let rpc: RpcClient;
let db: DataSource;

beforeAll(async () => {
  booking = await createServiceApp(bookingService);
  rpc = await connectTestRpc(stack.prefix);
  db = booking.get(DataSource);
});

afterAll(async () => {
  await rpc.close();
  await booking.close();
  await dropIsolatedStack(stack);
});

const stored = async (id: number) =>
  (await db.query('SELECT phone, phone_digits FROM customers WHERE id = $1', [id]))[0];

describe('phones and addresses as booking keeps them', () => {
  it('stores and answers a customer phone as digits, however it was typed', async () => {
    const customer = await rpc.call('booking.customers.create', {
      name: 'Dora Digits',
      phone: '(513) 555-0188',
      email: null,
    });
    expect(customer.phone).toBe('5135550188');
    expect(await stored(customer.id)).toEqual({ phone: '5135550188', phone_digits: '5135550188' });

    // The same customer typed another way is the same customer.
    const again = await rpc.call('booking.customers.create', {
      name: 'Dora Digits',
      phone: '+1 513-555-0188',
      email: null,
    });
    expect(again.id).toBe(customer.id);

    const edited = await rpc.call('booking.customers.update', {
      id: customer.id,
      customer: { name: 'Dora Digits', phone: '1 (859) 555-0190', email: null },
    });
    expect(edited.phone).toBe('8595550190');
    expect(await stored(customer.id)).toEqual({ phone: '8595550190', phone_digits: '8595550190' });
    expect((await rpc.call('booking.customers.list', { search: 'Dora', offset: 0 }))[0].phone).toBe(
      '8595550190',
    );
  });

  it('refuses a short phone with the same message as before', async () => {
    const bad = await rpc
      .call('booking.customers.create', { name: 'Short', phone: '(513) 555', email: null })
      .catch((e: { status: number; body: { fieldErrors?: Record<string, string> } }) => e);
    expect(bad).toMatchObject({
      status: 400,
      body: { fieldErrors: { phone: 'Phone number must be at least 10 digits' } },
    });
  });

  it('stores an appointment location with the state code, however it was sent', async () => {
    const customer = await rpc.call('booking.customers.create', {
      name: 'Otto Ohio',
      phone: '5135550189',
      email: null,
    });
    const booked = await rpc.call('booking.appointments.create', {
      customerId: customer.id,
      location: '1200 Vine St,  Cincinnati, Ohio 45202',
    });
    expect(booked.location).toBe('1200 Vine St, Cincinnati, OH 45202');
    const [row] = await db.query('SELECT location FROM appointments WHERE id = $1', [booked.id]);
    expect(row.location).toBe('1200 Vine St, Cincinnati, OH 45202');
    const details = await rpc.call('booking.links.details', { token: booked.token });
    expect(details).toMatchObject({
      contact: { name: 'Otto Ohio', phone: '5135550189' },
      location: '1200 Vine St, Cincinnati, OH 45202',
    });
  });

  it('rewrites the phones and states stored before (the migration)', async () => {
    const [typed] = await db.query(
      `INSERT INTO customers (name, phone, phone_digits, email)
       VALUES ('Old Typed', '+1 (513) 555-0177', '15135550177', NULL) RETURNING id`,
    );
    const [foreign] = await db.query(
      `INSERT INTO customers (name, phone, phone_digits, email)
       VALUES ('Far Away', '+44 20 7946 0958', '442079460958', NULL) RETURNING id`,
    );
    const insertAppointment = async (location: string) =>
      (
        await db.query(
          `INSERT INTO appointments (customer_id, location, requested_at)
           VALUES ($1, $2, now()) RETURNING id`,
          [typed.id, location],
        )
      )[0].id as number;
    const ohio = await insertAppointment('9 Elm St, Covington, Kentucky 41011');
    const coded = await insertAppointment('400 Ohio Ave, Cincinnati, OH 45219');
    const removed = await insertAppointment('(removed)');

    const runner = db.createQueryRunner();
    try {
      await new PhonesAndStateCodes1732850000001().up(runner);
    } finally {
      await runner.release();
    }

    expect(await stored(typed.id)).toEqual({ phone: '5135550177', phone_digits: '5135550177' });
    expect(await stored(foreign.id)).toEqual({
      phone: '442079460958',
      phone_digits: '442079460958',
    });
    const locations = await db.query(
      'SELECT id, location FROM appointments WHERE id = ANY($1) ORDER BY id',
      [[ohio, coded, removed]],
    );
    expect(locations.map((r: { location: string }) => r.location)).toEqual([
      '9 Elm St, Covington, KY 41011',
      '400 Ohio Ave, Cincinnati, OH 45219',
      '(removed)',
    ]);
  });
});
