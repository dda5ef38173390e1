import { Customer, ERROR_CODES, REFERENCE, TRACKING_MESSAGES } from '@cincy/contracts';
import { RpcClient, createServiceApp } from '@cincy/platform';
import { connectTestRpc, dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
import type { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { bookingService } from '../src/app.module';

const stack = useIsolatedStack();
process.env.SLOT_CAPACITY = '100';
// Friday 14 June 2030, 10:30 in Cincinnati: inside the ASAP window.
process.env.BOOKING_FIXED_NOW = '2030-06-14T10:30:00-04:00';
delete process.env.GEOCODER_URL;
delete process.env.SERVED_ZIP_CODES;

const LOCATION = '12 Vine St, Cincinnati, Ohio 45202';

describe('booking references and private links (booking service over NATS, real Postgres)', () => {
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
    await db?.end();
    await rpc?.close();
    await app?.close();
    await dropIsolatedStack(stack);
  }, 60_000);

  /** A customer with a phone of their own, typed the way a person does. */
  const newCustomer = (name = 'Lena Link', email: string | null = null): Promise<Customer> => {
    phoneSeq += 1;
    return rpc.call('booking.customers.create', {
      name,
      phone: `(513) 555-${String(phoneSeq).padStart(4, '0')}`,
      email,
    });
  };

  const book = (customerId: number, idempotencyKey?: string) =>
    rpc.call('booking.appointments.create', {
      customerId,
      location: LOCATION,
      vehicle: '2015 Ford F-150',
      notes: 'Side door',
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });

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

  const notFound = { status: 404, code: ERROR_CODES.notFound, message: TRACKING_MESSAGES.notFound };
  const findNotFound = {
    status: 404,
    code: ERROR_CODES.notFound,
    message: TRACKING_MESSAGES.findNotFound,
  };

  /** The same token with another character at `index`, still a well-formed token. */
  const changedAt = (token: string, index: number) =>
    token.slice(0, index) + (token[index] === 'A' ? 'B' : 'A') + token.slice(index + 1);

  it('answers a booking with its reference and a private link that opens it', async () => {
    const customer = await newCustomer();
    const booked = await book(customer.id);
    expect(booked.reference).toMatch(/^CB-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
    expect(booked.reference).toHaveLength(REFERENCE.prefix.length + REFERENCE.length);
    expect(booked.token).toMatch(/^[A-Za-z0-9_-]{34}$/);

    expect(await rpc.call('booking.links.resolve', { token: booked.token })).toMatchObject({
      appointmentId: booked.id,
      reference: booked.reference,
    });
    expect(await rpc.call('booking.links.details', { token: booked.token })).toEqual({
      appointmentId: booked.id,
      reference: booked.reference,
      contact: { name: 'Lena Link', phone: customer.phone },
      location: '12 Vine St, Cincinnati, OH 45202', // the state's code, however it was sent
      vehicle: '2015 Ford F-150',
      preferredTime: 'ASAP',
      notes: 'Side door',
      // What booking knows of where the visit stands, for the page until dispatch has it.
      requestedAt: booked.requestedAt,
      scheduledDate: null,
      scheduledTime: null,
    });
  });

  it('gives every booking its own reference, stored in the same transaction', async () => {
    const customer = await newCustomer();
    const answers = await Promise.all(Array.from({ length: 5 }, () => book(customer.id)));
    expect(new Set(answers.map((a) => a.reference)).size).toBe(5);
    const { rows } = await db.query(
      `SELECT a.id, r.reference FROM appointments a
         JOIN appointment_references r ON r.appointment_id = a.id
        WHERE a.customer_id = $1 ORDER BY a.id`,
      [customer.id],
    );
    const byId = [...answers].sort((a, b) => a.id - b.id);
    expect(rows).toEqual(byId.map((a) => ({ id: a.id, reference: a.reference })));
  });

  it('answers 404 for a wrong verifier, a wrong selector, a malformed or an unknown token', async () => {
    const { token } = await book((await newCustomer()).id);
    for (const bad of [
      changedAt(token, 33), // the right selector, a wrong verifier
      changedAt(token, 20),
      changedAt(token, 0), // a selector nobody holds
      token.slice(0, 33),
      `${token}A`,
      'not a token at all',
      '',
      'A'.repeat(34),
    ]) {
      expect(await failure(rpc.call('booking.links.resolve', { token: bad }))).toEqual(notFound);
      expect(await failure(rpc.call('booking.links.details', { token: bad }))).toEqual(notFound);
    }
    // The right token still opens it.
    await expect(rpc.call('booking.links.resolve', { token })).resolves.toBeTruthy();
  });

  it('finds a booking by its reference and phone, however both are typed', async () => {
    const customer = await newCustomer();
    const booked = await book(customer.id);
    const body = booked.reference.slice(3);
    const digits = customer.phone.replace(/\D/g, '');
    for (const [reference, phone] of [
      [
        `cb ${body.toLowerCase()}`,
        `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
      ],
      [body, `+1 ${digits}`],
      [booked.reference, `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`],
    ]) {
      const found = await rpc.call('booking.links.find', { reference, phone });
      expect(found.token).not.toBe(booked.token);
      expect(await rpc.call('booking.links.resolve', { token: found.token })).toMatchObject({
        appointmentId: booked.id,
        reference: booked.reference,
      });
    }
  });

  it('answers one message for a wrong phone and a wrong reference', async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    const booked = await book(customer.id);
    // Another customer's (real) phone with this reference.
    expect(
      await failure(
        rpc.call('booking.links.find', { reference: booked.reference, phone: other.phone }),
      ),
    ).toEqual(findNotFound);
    // A reference nobody holds with the right phone.
    const unknown = booked.reference === 'CB-22222' ? 'CB-33333' : 'CB-22222';
    expect(
      await failure(rpc.call('booking.links.find', { reference: unknown, phone: customer.phone })),
    ).toEqual(findNotFound);
    // Not a reference at all: the contract's own words.
    expect(
      await failure(
        rpc.call('booking.links.find', { reference: 'CB-0O1IL', phone: customer.phone }),
      ),
    ).toMatchObject({ status: 400, code: ERROR_CODES.validation });
  });

  it("stops opening a deleted customer's bookings, by link and by reference", async () => {
    const customer = await newCustomer();
    const booked = await book(customer.id);
    await rpc.call('booking.customers.delete', { id: customer.id });
    expect(await failure(rpc.call('booking.links.resolve', { token: booked.token }))).toEqual(
      notFound,
    );
    expect(await failure(rpc.call('booking.links.details', { token: booked.token }))).toEqual(
      notFound,
    );
    expect(
      await failure(
        rpc.call('booking.links.find', { reference: booked.reference, phone: customer.phone }),
      ),
    ).toEqual(findNotFound);
    const { rows } = await db.query(
      'SELECT count(*)::int AS n FROM appointment_links WHERE appointment_id = $1',
      [booked.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('answers a keyed replay with the same reference and a new token; both open it', async () => {
    const customer = await newCustomer();
    const first = await book(customer.id, 'links-replay');
    const again = await book(customer.id, 'links-replay');
    expect(again.id).toBe(first.id);
    expect(again.reference).toBe(first.reference);
    expect(again.token).not.toBe(first.token);
    for (const token of [first.token, again.token])
      expect(await rpc.call('booking.links.resolve', { token })).toMatchObject({
        appointmentId: first.id,
        reference: first.reference,
      });
  });

  it('stores no token: only the selector and the SHA-256 of the verifier', async () => {
    const { id, token } = await book((await newCustomer()).id);
    const { rows } = await db.query(
      `SELECT selector, encode(verifier_hash, 'hex') AS hash, row_to_json(l)::text AS everything
         FROM appointment_links l WHERE appointment_id = $1`,
      [id],
    );
    expect(rows).toHaveLength(1);
    const [{ selector, hash, everything }] = rows;
    expect(selector).toBe(token.slice(0, 12));
    const verifier = token.slice(12);
    const { createHash } = await import('node:crypto');
    expect(hash).toBe(createHash('sha256').update(verifier).digest('hex'));
    expect(everything).not.toContain(verifier);
    // Nor anywhere else booking writes: the outbox's event carries no token.
    const outbox = await db.query(`SELECT payload::text AS p FROM outbox`);
    for (const { p } of outbox.rows) expect(p).not.toContain(verifier);
  });

  it('announces the booking with its reference and the customer’s email (null without one)', async () => {
    const withEmail = await newCustomer('Ella Mail', 'ella@example.com');
    const without = await newCustomer('Nora Nomail');
    const booked = [await book(withEmail.id), await book(without.id)];
    const { rows } = await db.query(
      `SELECT payload FROM outbox WHERE type = 'booking.appointment.requested'
          AND (payload->>'appointmentId')::int = ANY($1) ORDER BY (payload->>'appointmentId')::int`,
      [booked.map((b) => b.id)],
    );
    expect(rows.map((r) => [r.payload.reference, r.payload.customer])).toEqual([
      [
        booked[0].reference,
        { name: 'Ella Mail', phone: withEmail.phone, email: 'ella@example.com' },
      ],
      [booked[1].reference, { name: 'Nora Nomail', phone: without.phone, email: null }],
    ]);
  });

  it('issues a new link for a message: the same reference, a token of its own that opens it', async () => {
    const booked = await book((await newCustomer()).id);
    const issued = await rpc.call('booking.links.issue', { appointmentId: booked.id });
    const again = await rpc.call('booking.links.issue', { appointmentId: booked.id });
    expect(issued.reference).toBe(booked.reference);
    expect(again.reference).toBe(booked.reference);
    expect(new Set([booked.token, issued.token, again.token]).size).toBe(3);
    for (const token of [booked.token, issued.token, again.token])
      expect(await rpc.call('booking.links.resolve', { token })).toMatchObject({
        appointmentId: booked.id,
        reference: booked.reference,
      });
  });

  it('gives a booking without a reference (booked before them) one when a link is issued', async () => {
    const booked = await book((await newCustomer()).id);
    await db.query('DELETE FROM appointment_references WHERE appointment_id = $1', [booked.id]);
    const issued = await rpc.call('booking.links.issue', { appointmentId: booked.id });
    expect(issued.reference).toMatch(/^CB-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
    expect(await rpc.call('booking.links.resolve', { token: issued.token })).toMatchObject({
      appointmentId: booked.id,
      reference: issued.reference,
    });
  });

  it('issues no link for an unknown booking nor for a deleted customer’s', async () => {
    const customer = await newCustomer();
    const booked = await book(customer.id);
    const [{ max }] = (await db.query('SELECT max(id)::int AS max FROM appointments')).rows;
    expect(await failure(rpc.call('booking.links.issue', { appointmentId: max + 1000 }))).toEqual(
      notFound,
    );
    await rpc.call('booking.customers.delete', { id: customer.id });
    expect(await failure(rpc.call('booking.links.issue', { appointmentId: booked.id }))).toEqual(
      notFound,
    );
    const { rows } = await db.query(
      'SELECT count(*)::int AS n FROM appointment_links WHERE appointment_id = $1',
      [booked.id],
    );
    expect(rows[0].n).toBe(0);
  });
});
