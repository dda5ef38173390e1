import { Customer, ERROR_CODES, outsideServiceArea } from '@cincy/contracts';
import { RpcClient, createServiceApp } from '@cincy/platform';
import { connectTestRpc, dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
import type { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { bookingService } from '../src/app.module';

const stack = useIsolatedStack();
// One booking per hour: an outside request that held its hour would leave it full.
process.env.SLOT_CAPACITY = '1';
// Friday 14 June 2030, 10:30 in Cincinnati: inside the ASAP window.
process.env.BOOKING_FIXED_NOW = '2030-06-14T10:30:00-04:00';
// No public geocoder: the local tables answer at once.
delete process.env.GEOCODER_URL;
delete process.env.SERVED_ZIP_CODES;

const TOMORROW = '2030-06-15';

describe('the service area (booking service over NATS, real Postgres)', () => {
  let app: INestMicroservice;
  let rpc: RpcClient;
  let db: Client;
  let phoneSeq = 0;

  beforeAll(async () => {
    app = await createServiceApp(bookingService);
    rpc = await connectTestRpc(stack.prefix);
    db = new Client({ connectionString: stack.databaseUrl, options: '-c search_path=booking' });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    delete process.env.SERVED_ZIP_CODES;
    await db?.end();
    await rpc?.close();
    await app?.close();
    await dropIsolatedStack(stack);
  }, 60_000);

  const newCustomer = (): Promise<Customer> => {
    phoneSeq += 1;
    return rpc.call('booking.customers.create', {
      name: `Area Tester ${phoneSeq}`,
      phone: `513888${String(phoneSeq).padStart(4, '0')}`,
      email: null,
    });
  };

  const book = (customerId: number, location: string, extra: Record<string, unknown> = {}) =>
    rpc.call('booking.appointments.create', {
      customerId,
      location,
      vehicle: null,
      scheduledDate: null,
      scheduledTime: null,
      notes: null,
      ...extra,
    });

  /** Everything a booking stores: its row, the customer's job count and the outbox event. */
  const stored = async (customerId: number) => {
    const { rows } = await db.query(
      `SELECT (SELECT count(*)::int FROM appointments WHERE customer_id = $1) AS appointments,
              (SELECT total_jobs FROM customers WHERE id = $1) AS "totalJobs",
              (SELECT count(*)::int FROM outbox WHERE type LIKE 'booking.appointment.%') AS events`,
      [customerId],
    );
    return rows[0] as { appointments: number; totalJobs: number; events: number };
  };

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (error: {
        status: number;
        body: { code: string; message: string; fieldErrors?: Record<string, string> };
      }) => ({ status: error.status, ...error.body }),
    );

  const refusalOf = (zip: string) => {
    const message = outsideServiceArea(zip);
    return {
      status: 422,
      code: ERROR_CODES.outsideServiceArea,
      message,
      fieldErrors: { location: message },
    };
  };

  it('refuses a ZIP outside with 422 at the location, and stores nothing', async () => {
    const customer = await newCustomer();
    const before = await stored(customer.id);
    expect(await failure(book(customer.id, '1 Broad St, Columbus, Ohio 43215'))).toEqual(
      refusalOf('43215'),
    );
    expect(before).toMatchObject({ appointments: 0, totalJobs: 0 });
    expect(await stored(customer.id)).toEqual(before);
  });

  it('refuses before the hour is held: the hour stays free for a booking inside', async () => {
    const [outside, inside] = await Promise.all([newCustomer(), newCustomer()]);
    const slot = { scheduledDate: TOMORROW, scheduledTime: '15:00:00' };
    expect(await failure(book(outside.id, '9 Elm St, Louisville, Kentucky 40202', slot))).toEqual(
      refusalOf('40202'),
    );
    await expect(
      book(inside.id, '9 Elm St, Covington, Kentucky 41011', slot),
    ).resolves.toMatchObject(slot);
    expect((await stored(outside.id)).appointments).toBe(0);
  });

  it('books a ZIP inside: Ohio, Northern Kentucky and Southeast Indiana', async () => {
    const customer = await newCustomer();
    // Stored with the state's code (issue 23).
    for (const [location, kept] of [
      ['123 Main St, Cincinnati, Ohio 45202', '123 Main St, Cincinnati, OH 45202'],
      ['8 Pike St, Covington, Kentucky 41011', '8 Pike St, Covington, KY 41011'],
      ['3 High St, Lawrenceburg, Indiana 47025', '3 High St, Lawrenceburg, IN 47025'],
    ])
      await expect(book(customer.id, location)).resolves.toMatchObject({ location: kept });
    expect((await stored(customer.id)).appointments).toBe(3);
  });

  it('reads a ZIP+4 by its five digits, inside and outside', async () => {
    const customer = await newCustomer();
    await expect(
      book(customer.id, '1 Fountain Square, Cincinnati, Ohio 45202-1234'),
    ).resolves.toMatchObject({ status: 'pending' });
    expect(await failure(book(customer.id, '1 Broad St, Columbus, Ohio 43215-0001'))).toEqual(
      refusalOf('43215'),
    );
    expect((await stored(customer.id)).appointments).toBe(1);
  });

  it('books a location with no ZIP in it (staff typing free text)', async () => {
    const customer = await newCustomer();
    for (const location of ['Kroger parking lot on Vine', '11711 Princeton Pike, Springdale'])
      await expect(book(customer.id, location)).resolves.toMatchObject({ location });
    expect((await stored(customer.id)).appointments).toBe(2);
  });

  describe('with SERVED_ZIP_CODES configured', () => {
    beforeAll(async () => {
      // The same stack, restarted with its own list: 45202 alone, and Northern Kentucky.
      await app.close();
      process.env.SERVED_ZIP_CODES = ' 45202, 410 ';
      app = await createServiceApp(bookingService);
    }, 60_000);

    it('books only what the list names, full ZIPs exactly and prefixes as prefixes', async () => {
      const customer = await newCustomer();
      await book(customer.id, '1 Vine St, Cincinnati, OH 45202');
      await book(customer.id, '2 Pike St, Covington, KY 41011');
      // Inside the default area, outside this one.
      expect(await failure(book(customer.id, '3 Oak St, Cincinnati, OH 45203'))).toEqual(
        refusalOf('45203'),
      );
      expect(await failure(book(customer.id, '4 High St, Lawrenceburg, IN 47025'))).toEqual(
        refusalOf('47025'),
      );
      expect((await stored(customer.id)).appointments).toBe(2);
    });
  });
});
