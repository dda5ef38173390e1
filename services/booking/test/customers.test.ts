import { CUSTOMER_PAGE_SIZE, CustomerSummary, EVENT_TYPES } from '@cincy/contracts';
import {
  JetStreamPublisher,
  NatsConnectionHolder,
  RpcCallError,
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
import { DataSource } from 'typeorm';
import { bookingService } from '../src/app.module';
import { REMOVED } from '../src/customers/customers.service';

const stack = useIsolatedStack();
process.env.SLOT_CAPACITY = '100';
process.env.BOOKING_FIXED_NOW = '2030-06-14T10:30:00-04:00';
delete process.env.GEOCODER_URL;

let booking: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;

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
const register = (name: string, phone: string, email: string | null = null) =>
  rpc.call('booking.customers.create', { name, phone, email });
const list = (search?: string, offset = 0) =>
  rpc.call('booking.customers.list', { search, offset });
const names = (rows: CustomerSummary[]) => rows.map((r) => r.name);
const book = (customerId: number) =>
  rpc.call('booking.appointments.create', {
    customerId,
    location: '12 Vine St, Cincinnati, Ohio 45202',
    vehicle: '2015 Ford F-150',
    notes: 'Side door',
  });
const streamCount = async (type: (typeof EVENT_TYPES)[number]) => {
  const subject = nats.names.event(type);
  const info = await nats.manager.streams.info(nats.names.stream, { subjects_filter: subject });
  return info.state.subjects?.[subject] ?? 0;
};

describe('the customer database (booking)', () => {
  it('searches name, phone and e-mail on the server, case-insensitively, by name', async () => {
    await register('Zoe Walker', '(513) 555-0101', 'zoe@example.com');
    await register('adam Baker', '513-555-0102');
    await register('Carla Diaz', '859 555 0103', 'CARLA@Example.org');
    expect(names(await list())).toEqual(['adam Baker', 'Carla Diaz', 'Zoe Walker']);
    expect(names(await list('WALK'))).toEqual(['Zoe Walker']);
    expect(names(await list('5550102'))).toEqual(['adam Baker']); // digits, however it was typed
    expect(names(await list('example.ORG'))).toEqual(['Carla Diaz']);
    expect(names(await list('%'))).toEqual([]); // a wildcard typed is a letter
  });

  it('pages the list instead of loading every customer', async () => {
    for (let i = 0; i < CUSTOMER_PAGE_SIZE + 5; i++)
      await register(
        `Page Person ${String(i).padStart(2, '0')}`,
        `51377700${String(i).padStart(2, '0')}`,
      );
    const first = await list('Page Person');
    const second = await list('Page Person', CUSTOMER_PAGE_SIZE);
    expect(first).toHaveLength(CUSTOMER_PAGE_SIZE);
    expect(second).toHaveLength(5);
    expect(second[0].name).toBe(`Page Person ${CUSTOMER_PAGE_SIZE}`);
  });

  it('counts jobs as they are booked and declined, and takes Last Service from inventory', async () => {
    const customer = await register('Jay Jobs', '5135550199');
    const first = await book(customer.id);
    await book(customer.id);
    expect((await list('Jay Jobs'))[0]).toMatchObject({ totalJobs: 2, lastServiceAt: null });

    await publish(
      buildEvent('dispatch.appointment.declined', {
        appointment: boardView({
          id: first.id,
          customerId: customer.id,
          status: 'declined',
          version: 2,
        }),
      }),
    );
    const completedAt = '2030-06-14T15:00:00.000Z';
    await publish(
      buildEvent('inventory.service-record.created', {
        serviceRecord: {
          id: 1,
          appointmentId: first.id,
          customerId: customer.id,
          serviceCode: 'test_only',
          completionNotes: null,
          technicianId: 7,
          technicianName: 'Tess',
          batterySerialNumber: null,
          previousBatterySerialNumber: null,
          vehicleYear: null,
          vehicleMake: null,
          vehicleModel: null,
          vehicleColor: null,
          vehicleMileage: null,
          inventoryItemId: null,
          completedAt,
          price: 0,
          batteryTests: [],
          oldBatteryKept: false,
          warrantyEndsOn: null,
        },
      }),
    );
    await consumerDrained(nats, 'booking-appointments');
    await consumerDrained(nats, 'booking-service-records');
    expect((await list('Jay Jobs'))[0]).toMatchObject({ totalJobs: 1, lastServiceAt: completedAt });
  });

  it('knows a returning customer by name and phone however typed, keeping their e-mail', async () => {
    const first = await register('Rita  Return', '(513) 555-0144', 'rita@example.com');
    expect(first).toEqual({
      id: expect.any(Number),
      name: 'Rita Return',
      phone: '5135550144', // stored as digits (issue 23), shown with formatPhone
      email: 'rita@example.com',
    });
    // No e-mail this time: the one on file stays.
    expect(await register(' rita return ', '513 555 0144')).toEqual(first);
    // A new one replaces it; the name and phone on file stay as first written.
    expect(await register('RITA RETURN', '5135550144', 'rita@new.example.com')).toEqual({
      ...first,
      email: 'rita@new.example.com',
    });
    // Another name on the same phone is someone else.
    expect((await register('Rick Return', '5135550144')).id).not.toBe(first.id);
  });

  it('edits a customer (an empty e-mail is null) and tells every copy', async () => {
    const customer = await register('Ed Edit', '5135550177', 'ed@example.com');
    const before = await streamCount('booking.customer.updated');
    const edited = await rpc.call('booking.customers.update', {
      id: customer.id,
      customer: { name: '  Edward   Edit ', phone: '(513) 555-0178', email: '' },
    });
    expect(edited).toMatchObject({ name: 'Edward Edit', phone: '5135550178', email: null });
    await eventually(async () => (await streamCount('booking.customer.updated')) === before + 1);
    const bad = await rpc
      .call('booking.customers.update', {
        id: customer.id,
        customer: { name: 'X', phone: '1', email: 'nope' },
      })
      .catch((e: RpcCallError) => e);
    expect(bad).toMatchObject({ status: 400 });
  });

  it('deletes a customer and their personal data on their appointments, and tells every copy', async () => {
    const customer = await register('Dee Delete', '5135550166', 'dee@example.com');
    const appointment = await book(customer.id);
    const before = await streamCount('booking.customer.deleted');
    expect(await rpc.call('booking.customers.delete', { id: customer.id })).toEqual({
      message: 'Customer record has been permanently removed.',
    });
    const db = booking.get(DataSource);
    const [row] = await db.query(
      'SELECT customer_id, location, vehicle, notes, customer_location FROM appointments WHERE id = $1',
      [appointment.id],
    );
    expect(row).toEqual({
      customer_id: null,
      location: REMOVED,
      vehicle: null,
      notes: null,
      customer_location: null,
    });
    expect(await db.query('SELECT 1 FROM customers WHERE id = $1', [customer.id])).toEqual([]);
    await eventually(async () => (await streamCount('booking.customer.deleted')) === before + 1);
    const again = await rpc
      .call('booking.customers.delete', { id: customer.id })
      .catch((e: RpcCallError) => e);
    expect(again).toMatchObject({ status: 404 });
  });
});
