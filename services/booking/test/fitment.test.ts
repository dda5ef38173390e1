import { ERROR_CODES, FITMENT_MESSAGES, type FitmentInput } from '@cincy/contracts';
import { RpcClient, createServiceApp } from '@cincy/platform';
import { connectTestRpc, dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
import type { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { bookingService } from '../src/app.module';
import { FITMENT_SEED } from '../src/fitment/fitment-seed';

const stack = useIsolatedStack();
// Friday 14 June 2030, 10:30 in Cincinnati: inside the ASAP window.
process.env.BOOKING_FIXED_NOW = '2030-06-14T10:30:00-04:00';
delete process.env.GEOCODER_URL;

const ADMIN = { id: 1, username: 'admin', role: 'admin' as const, name: 'Admin' };

const ROW: FitmentInput = {
  yearFrom: 2021,
  yearTo: 2024,
  make: 'Test',
  model: 'Roadster',
  engine: null,
  groupSize: 'H6',
  enDin: 'H6/LN3',
  technology: 'AGM',
  minCca: 760,
  startStop: true,
  registration: true,
  source: 'A test row',
};

describe('fitment: the battery a vehicle takes, kept by each booking (real Postgres, NATS)', () => {
  let app: INestMicroservice;
  let rpc: RpcClient;
  let db: Client;
  let seq = 0;

  beforeAll(async () => {
    app = await createServiceApp(bookingService);
    rpc = await connectTestRpc(stack.prefix);
    db = new Client({ connectionString: stack.databaseUrl, options: '-c search_path=booking' });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await rpc?.close();
    await app?.close();
    await dropIsolatedStack(stack);
  }, 60_000);

  const book = (vehicle: string | null) => {
    seq += 1;
    return rpc.call('booking.bookings.create', {
      name: `Fitment ${seq}`,
      phone: `(513) 777-${String(seq).padStart(4, '0')}`,
      email: null,
      location: '5 Any Rd, Cincinnati, OH 45202',
      vehicle,
      preferredTime: 'ASAP',
      scheduledDate: null,
      scheduledTime: null,
      notes: null,
    });
  };

  /** The battery the booking stored, and the one its event carried. */
  const batteryOf = async (appointmentId: number) => {
    const { rows } = await db.query(
      `SELECT a.battery, o.payload->'battery' AS announced
         FROM appointments a JOIN outbox o
           ON o.type = 'booking.appointment.requested' AND (o.payload->>'appointmentId')::int = a.id
        WHERE a.id = $1`,
      [appointmentId],
    );
    return rows[0] as { battery: unknown; announced: unknown };
  };

  const changes = async () => {
    const { rows } = await db.query(
      `SELECT payload FROM outbox WHERE type = 'booking.fitment.changed' ORDER BY seq`,
    );
    return rows.map((r: { payload: unknown }) => r.payload);
  };

  it('is seeded with the common vehicles, each row naming its source', async () => {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE source <> '')::int AS sourced FROM fitments`,
    );
    expect(rows[0]).toEqual({ n: FITMENT_SEED.length, sourced: FITMENT_SEED.length });
    expect(FITMENT_SEED.length).toBeGreaterThanOrEqual(100);
  });

  it('answers a vehicle with its rows, in any case, with the installed price; none when unknown', async () => {
    const added = await rpc.call('booking.fitment.create', { fitment: ROW, actor: ADMIN });
    const found = await rpc.call('booking.fitment.lookup', {
      year: 2022,
      make: 'test',
      model: 'ROADSTER',
      engine: null,
    });
    expect(found).toEqual([
      { ...ROW, id: added.id, installedPrice: 210, updatedAt: expect.any(String) },
    ]);
    for (const year of [2020, 2025])
      expect(
        await rpc.call('booking.fitment.lookup', {
          year,
          make: 'Test',
          model: 'Roadster',
          engine: null,
        }),
      ).toEqual([]);
  });

  it('stores the matched battery with the booking and carries it to dispatch; unknown is "check fitment"', async () => {
    const matched = await book('2023 Test Roadster (Red)');
    expect(await batteryOf(matched.id)).toEqual({
      battery: { groupSize: 'H6', technology: 'AGM' },
      announced: { groupSize: 'H6', technology: 'AGM' },
    });
    for (const vehicle of ['2019 Test Sedan', null, 'an old truck']) {
      const unknown = await book(vehicle);
      expect(await batteryOf(unknown.id)).toEqual({ battery: null, announced: null });
    }
  });

  it('leaves a vehicle whose engines take different batteries to check', async () => {
    await rpc.call('booking.fitment.create', {
      fitment: { ...ROW, model: 'Coupe', engine: '2.0L I4', groupSize: '48' },
      actor: ADMIN,
    });
    await rpc.call('booking.fitment.create', {
      fitment: { ...ROW, model: 'Coupe', engine: '3.0L I6', groupSize: '94R' },
      actor: ADMIN,
    });
    const booked = await book('2022 Test Coupe');
    expect((await batteryOf(booked.id)).battery).toBeNull();
    const byEngine = await rpc.call('booking.fitment.lookup', {
      year: 2022,
      make: 'Test',
      model: 'Coupe',
      engine: '3.0l i6',
    });
    expect(byEngine.map((r) => r.groupSize)).toEqual(['94R']);
  });

  it('announces each edit and removal with the row before it (the audit log); a booking keeps its battery', async () => {
    const before = (await changes()).length;
    const row = await rpc.call('booking.fitment.create', {
      fitment: { ...ROW, model: 'Wagon' },
      actor: ADMIN,
    });
    const booked = await book('2022 Test Wagon');
    const edited = await rpc.call('booking.fitment.update', {
      id: row.id,
      fitment: { ...ROW, model: 'Wagon', groupSize: 'H7', minCca: 800 },
      actor: ADMIN,
    });
    expect(edited).toMatchObject({ id: row.id, groupSize: 'H7', minCca: 800 });
    expect(await rpc.call('booking.fitment.delete', { id: row.id, actor: ADMIN })).toEqual({
      message: FITMENT_MESSAGES.deleted,
    });
    expect((await changes()).slice(before)).toEqual([
      { previous: null, fitment: row },
      { previous: row, fitment: edited },
      { previous: edited, fitment: null },
    ]);
    expect((await batteryOf(booked.id)).battery).toEqual({ groupSize: 'H6', technology: 'AGM' });
    for (const call of [
      rpc.call('booking.fitment.update', { id: row.id, fitment: ROW, actor: ADMIN }),
      rpc.call('booking.fitment.delete', { id: row.id, actor: ADMIN }),
    ])
      await expect(call).rejects.toMatchObject({
        status: 404,
        body: { code: ERROR_CODES.notFound, message: FITMENT_MESSAGES.notFound },
      });
    expect((await changes()).length).toBe(before + 3);
  });
});
