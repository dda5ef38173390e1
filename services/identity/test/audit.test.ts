import { AUDIT_PAGE_SIZE, AuditEntity, EventPayload, EventType, User } from '@cincy/contracts';
import {
  JetStreamPublisher,
  NatsConnectionHolder,
  RpcClient,
  buildEvent,
  createServiceApp,
  runWithContext,
} from '@cincy/platform';
import {
  TEST_ACTORS,
  boardView,
  connectTestRpc,
  consumerDrained,
  dropIsolatedStack,
  eventually,
  requestedPayload,
  useIsolatedStack,
  openTestNats,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { identityService } from '../src/app.module';

const testStack = useIsolatedStack();
process.env.SEED_ADMIN_USERNAME = 'root';
process.env.SEED_ADMIN_PASSWORD = 'root password 1';

let identity: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
let db: Client;
let root: User;

beforeAll(async () => {
  identity = await createServiceApp(identityService);
  rpc = await connectTestRpc(testStack.prefix);
  nats = await openTestNats(testStack.prefix);
  db = new Client({ connectionString: testStack.databaseUrl, options: '-c search_path=identity' });
  await db.connect();
  root = (await rpc.call('identity.users.list', {})).find((u) => u.username === 'root') as User;
});

afterAll(async () => {
  await db?.end();
  await nats.close();
  await rpc.close();
  await identity.close();
  await dropIsolatedStack(testStack);
});

/** An event as a service would emit it while `actorId` is signed in (null: none). */
function emitted<T extends EventType>(type: T, payload: EventPayload<T>, actorId: number | null) {
  return { ...buildEvent(type, payload), actorId };
}
const publish = (event: ReturnType<typeof emitted>) => new JetStreamPublisher(nats).publish(event);
/** Calls identity as the gateway does for a signed-in user (the actor rides in a header). */
const as = <T>(actorId: number, call: () => Promise<T>) =>
  runWithContext({ correlationId: `test-${actorId}`, actorId }, call);

const history = (entity: AuditEntity, id: number, before?: number) =>
  rpc.call('identity.audit.list', { entity, id, before });
const historyOnceItHas = async (entity: AuditEntity, id: number, count: number) => {
  await eventually(async () => (await history(entity, id)).entries.length >= count);
  return (await history(entity, id)).entries;
};

describe('the audit log (identity)', () => {
  it('records user management by the admin who did it, named as they were, never a password', async () => {
    const created = await as(root.id, () =>
      rpc.call('identity.users.create', {
        user: {
          username: 'tess',
          name: 'Tess Tech',
          role: 'technician',
          password: 'first password',
        },
        actor: TEST_ACTORS.admin,
      }),
    );
    await as(root.id, () =>
      rpc.call('identity.users.update', {
        id: created.id,
        user: { username: 'tess', name: 'Tess Tech', role: 'admin', password: 'second password' },
        actor: TEST_ACTORS.admin,
      }),
    );
    const entries = await historyOnceItHas('user', created.id, 2);
    expect(entries.map((e) => [e.action, e.summary, e.actor])).toEqual([
      ['role changed', 'Role changed to Admin', { id: root.id, name: 'Administrator' }],
      ['created', 'Created as Technician', { id: root.id, name: 'Administrator' }],
    ]);
    expect(entries[0].changes).toEqual([
      { field: 'Role', from: 'Technician', to: 'Admin', redacted: false },
      { field: 'Password', from: null, to: null, redacted: false },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/password/);

    // The admin is renamed, then the user deleted: the old entries keep the name of then.
    await as(root.id, () =>
      rpc.call('identity.users.update', {
        id: root.id,
        user: { username: 'root', name: 'Root Renamed', role: 'admin' },
        actor: TEST_ACTORS.admin,
      }),
    );
    await as(root.id, () =>
      rpc.call('identity.users.delete', {
        id: created.id,
        actor: { ...TEST_ACTORS.admin, id: root.id },
      }),
    );
    const after = await historyOnceItHas('user', created.id, 3);
    expect(after.map((e) => [e.action, e.actor.name])).toEqual([
      ['deleted', 'Root Renamed'],
      ['role changed', 'Administrator'],
      ['created', 'Administrator'],
    ]);
  });

  it("records a job's steps: the customer's booking, the staff's steps, and each event once", async () => {
    await publish(emitted('booking.appointment.requested', requestedPayload(11, 'Jane Doe'), null));
    await historyOnceItHas('appointment', 11, 1);
    const assigned = emitted(
      'dispatch.appointment.assigned',
      {
        appointment: boardView({
          id: 11,
          customerId: 11,
          status: 'assigned',
          technicianId: 7,
          technician: { name: 'Tess Tech' },
          version: 2,
        }),
      },
      root.id,
    );
    await publish(assigned);
    await publish(assigned); // a redelivery
    await consumerDrained(nats, 'identity-audit-dispatch');
    const entries = await historyOnceItHas('appointment', 11, 2);
    expect(entries.map((e) => [e.action, e.summary, e.actor.name])).toEqual([
      ['assigned', 'Assigned to Tess Tech', 'Root Renamed'],
      ['booked', 'Booked (ASAP)', 'Customer'],
    ]);
    expect(entries[0].changes).toContainEqual({
      field: 'Status',
      from: 'Pending',
      to: 'Assigned',
      redacted: false,
    });
  });

  it('lists by when things happened, whatever order the consumers wrote them in', async () => {
    const bookedAt = new Date(Date.now() - 60_000).toISOString();
    await publish(
      emitted(
        'dispatch.appointment.assigned',
        { appointment: boardView({ id: 12, customerId: 12, status: 'assigned', version: 2 }) },
        root.id,
      ),
    );
    await historyOnceItHas('appointment', 12, 1);
    await publish({
      ...emitted('booking.appointment.requested', requestedPayload(12, 'Early Bird'), null),
      occurredAt: bookedAt,
    });
    const entries = await historyOnceItHas('appointment', 12, 2);
    expect(entries.map((e) => [e.action, e.at])).toEqual([
      ['assigned', expect.any(String)],
      ['booked', bookedAt],
    ]);
  });

  it("erases a deleted customer's personal data from past entries, later ones and the states", async () => {
    const job = (overrides: Parameters<typeof boardView>[0]) =>
      boardView({
        id: 21,
        customerId: 6,
        location: '9 Elm St, Cincinnati, Ohio 45202',
        ...overrides,
      });
    await publish(
      emitted(
        'booking.appointment.requested',
        requestedPayload(21, 'Gone Soon', { customerId: 6 }),
        null,
      ),
    );
    await publish(
      emitted(
        'booking.customer.updated',
        {
          customer: { id: 6, name: 'Gone Sooner', phone: '8595550006', email: 'gone@example.com' },
        },
        root.id,
      ),
    );
    await publish(
      emitted(
        'dispatch.appointment.updated',
        {
          appointment: job({ customer: { name: 'Gone Sooner', phone: '8595550006' }, version: 2 }),
        },
        root.id,
      ),
    );
    await historyOnceItHas('appointment', 21, 2);
    const [edited] = await historyOnceItHas('customer', 6, 1);
    expect(edited.changes).toContainEqual({
      field: 'Name',
      from: 'Gone Soon',
      to: 'Gone Sooner',
      redacted: false,
    });

    await publish(emitted('booking.customer.deleted', { customerId: 6 }, root.id));
    const customer = await historyOnceItHas('customer', 6, 2);
    expect(customer.map((e) => e.action)).toEqual(['deleted', 'edited']);
    // What dispatch says after the delete (the name leaves the job) comes out redacted too.
    await publish(
      emitted(
        'dispatch.appointment.updated',
        { appointment: job({ customer: { name: 'Deleted customer', phone: '' }, version: 3 }) },
        root.id,
      ),
    );
    const appointment = await historyOnceItHas('appointment', 21, 3);

    const everything = JSON.stringify([customer, appointment]);
    for (const personal of [
      'Gone Soon',
      '555',
      'gone@example.com',
      'Elm St',
      'Gate code',
      'Deleted customer',
    ])
      expect(everything).not.toContain(personal);
    expect(customer[1].changes).toContainEqual({
      field: 'Name',
      from: null,
      to: null,
      redacted: true,
    });
    expect(appointment[0].changes).toContainEqual({
      field: 'Customer name',
      from: null,
      to: null,
      redacted: true,
    });
    // The vehicle is not personal: it stays.
    expect(appointment.at(-1)?.changes).toContainEqual({
      field: 'Vehicle',
      from: null,
      to: '2019 Toyota Camry (Blue)',
      redacted: false,
    });
    const { rows } = await db.query(
      "SELECT state FROM audit_subjects WHERE (entity, entity_id) IN (('customer', 6), ('appointment', 21))",
    );
    expect(JSON.stringify(rows)).not.toMatch(/Gone|555|Elm St|Gate code/);
  });

  it('keeps no personal data of a customer deleted while the board changes their job (each of 20)', async () => {
    // Two consumers, two transactions: the job's entry and its customer's erasure must see each
    // other, whichever commits first. The jobs are new to the log (the board spoke before booking
    // did), so the entry and the state are rows the erasure cannot find while uncommitted.
    const ids = Array.from({ length: 20 }, (_, k) => 400 + k);
    const updated = (id: number) =>
      emitted(
        'dispatch.appointment.updated',
        {
          appointment: boardView({
            id,
            customerId: id,
            customer: { name: 'Racer Gone', phone: '(513) 555-0199' },
            location: '7 Vine St, Cincinnati, Ohio 45202',
            notes: 'Dog in the yard',
          }),
        },
        root.id,
      );
    await Promise.all([
      ...ids.map((id) => publish(emitted('booking.customer.deleted', { customerId: id }, root.id))),
      ...ids.map((id) => publish(updated(id))),
    ]);
    await consumerDrained(nats, 'identity-audit-booking');
    await consumerDrained(nats, 'identity-audit-dispatch');
    const { rows: entries } = await db.query(
      'SELECT entity_id, changes FROM audit_entries WHERE customer_id = ANY($1)',
      [ids],
    );
    expect(entries).toHaveLength(ids.length * 2); // 'deleted' and 'updated'
    const { rows: states } = await db.query(
      `SELECT entity_id, state FROM audit_subjects
        WHERE entity IN ('customer', 'appointment') AND entity_id = ANY($1)`,
      [ids],
    );
    const personal = /Racer|555|Vine St|Dog in the yard/;
    const kept = [...entries, ...states].filter((row) => personal.test(JSON.stringify(row)));
    expect(kept.map((row) => row.entity_id)).toEqual([]);
  });

  it('answers newest first a page at a time, and an empty page for a thing with no history', async () => {
    const item = {
      id: 5,
      name: 'AGM 48',
      description: null,
      sku: null,
      category: 'battery',
      quantity: 1,
      minQuantity: 1,
      unitCost: 150,
      warrantyMonths: 12,
      vanMinQuantity: 0,
      byLocation: [],
      price: 170,
      notes: null,
    };
    for (let cost = 100; cost < 100 + AUDIT_PAGE_SIZE + 2; cost++)
      await publish(
        emitted(
          'inventory.item.changed',
          { item: { ...item, unitCost: cost }, movement: null },
          root.id,
        ),
      );
    await consumerDrained(nats, 'identity-audit-inventory');
    const first = await history('item', 5);
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0].changes).toEqual([
      { field: 'Unit cost', from: '$150.00', to: '$151.00', redacted: false },
    ]);
    expect(first.nextBefore).toBe(first.entries.at(-1)?.id);
    const second = await history('item', 5, first.nextBefore as number);
    expect(second.entries.map((e) => e.action)).toEqual(['edited', 'created']);
    expect(second.nextBefore).toBeNull();

    expect(await history('item', 999)).toEqual({ entries: [], nextBefore: null });
  });

  it('refuses to delete an entry, or change anything of one but its changes', async () => {
    const [{ id }] = (await db.query('SELECT id FROM audit_entries ORDER BY id LIMIT 1')).rows;
    await expect(db.query('DELETE FROM audit_entries WHERE id = $1', [id])).rejects.toThrow(
      /append-only/,
    );
    await expect(
      db.query("UPDATE audit_entries SET actor_name = 'Someone else' WHERE id = $1", [id]),
    ).rejects.toThrow(/append-only/);
    await expect(db.query('TRUNCATE audit_entries')).rejects.toThrow(/append-only/);
    await expect(
      db.query("UPDATE audit_entries SET changes = '[]' WHERE id = $1", [id]),
    ).resolves.toMatchObject({ rowCount: 1 });
  });
});
