import {
  DashboardAppointment,
  FIELD_POOL,
  FieldJobs,
  SOCKET_EVENTS,
  SocketPayloads,
} from '@cincy/contracts';
import { eventually } from '@cincy/platform/testing';
import { ApiClient } from '@cincy/stack';
import { DataSource } from 'typeorm';
import { WholeStack, startWholeStack, statusOf } from './whole-stack';

let stack: WholeStack;
let admin: ApiClient;
let itemId: number;

const newTechnician = (username: string) => stack.newUser(username);
const book = async () => (await stack.book()).appointmentId;
const listen = (client: ApiClient) => stack.listen(client);

const patchStatus = (client: ApiClient, id: number | string, status: string) =>
  client.request<DashboardAppointment>('PATCH', `/api/appointments/${id}/status`, {
    status,
    technicianId: null,
    technicianUsername: null,
  });

beforeAll(async () => {
  stack = await startWholeStack();
  admin = stack.admin;
  [{ id: itemId }] = await stack
    .service('inventory')
    .get(DataSource)
    .query(
      `INSERT INTO inventory_items (name, description, sku, category, quantity, min_quantity, unit_cost)
     VALUES ('H6 AGM', 'Group 48', 'AGM-H6', 'battery', 3, 1, 150) RETURNING id`,
    );
}, 60_000);

afterAll(() => stack?.stop(), 60_000);

describe('field work through the gateway', () => {
  it('lets only an admin create users, and the new technician sign in', async () => {
    const { user, client } = await newTechnician('tina');
    expect(user).toMatchObject({ username: 'tina', role: 'technician' });
    expect(JSON.stringify(user)).not.toMatch(/password/i);
    expect(
      await statusOf(
        client.request('POST', '/api/users', {
          username: 'x',
          name: 'X',
          password: 'whatever works 19',
        }),
      ),
    ).toBe(403);
    expect(await statusOf(new ApiClient(stack.base).request('POST', '/api/users', {}))).toBe(401);
    expect(
      await statusOf(
        admin.request('POST', '/api/users', {
          username: 'TINA',
          name: 'T',
          password: 'whatever works 19',
        }),
      ),
    ).toBe(409);
  });

  it('runs a job from booking to completed with stock, counts and pushes, refusing what the rules refuse', async () => {
    const a = await newTechnician('amos');
    const b = await newTechnician('bea');
    const lead = await newTechnician('lead.tech');
    expect(await lead.client.request('GET', '/api/users/current')).toMatchObject({
      privileged: true,
    });
    expect(await a.client.request('GET', '/api/users/current')).toMatchObject({
      privileged: false,
    });
    const { socket, heard } = await listen(admin);
    try {
      const id = await book();

      // Two technicians accept at once: exactly one wins.
      const [first, second] = await Promise.all([
        statusOf(patchStatus(a.client, id, 'accepted')),
        statusOf(patchStatus(b.client, id, 'accepted')),
      ]);
      expect([first, second].sort()).toEqual([200, 409]);
      const [winner, loser] = first === 200 ? [a, b] : [b, a];

      expect(await statusOf(patchStatus(loser.client, id, 'en_route'))).toBe(403);
      expect(await statusOf(patchStatus(winner.client, id, 'on_location'))).toBe(409);
      expect(await statusOf(patchStatus(winner.client, id, 'finished'))).toBe(400);
      expect(await statusOf(patchStatus(winner.client, 'abc', 'en_route'))).toBe(400);
      // Only an admin or the named account may decline.
      expect(
        await statusOf(winner.client.request('PATCH', `/api/appointments/${id}/decline`)),
      ).toBe(403);

      await patchStatus(winner.client, id, 'en_route');
      await patchStatus(winner.client, id, 'on_location');
      const board = await admin.appointments();
      const job = board.find((x) => x.id === id)!;
      expect(job).toMatchObject({ status: 'on_location', technician: { name: winner.user.name } });

      // The loser may not complete it; the winner completes it with a battery from stock.
      const record = {
        appointmentId: id,
        customerId: job.customerId,
        serviceCode: 'battery installed',
        batterySerialNumber: 'SN-FIELD-1',
        vehicleMileage: '52000',
        inventoryItemId: itemId,
        technicianId: winner.user.id,
        technicianName: winner.user.name,
      };
      expect(await statusOf(loser.client.request('POST', '/api/service-records', record))).toBe(
        403,
      );
      expect(
        await statusOf(
          winner.client.request('POST', '/api/service-records', { ...record, serviceCode: '' }),
        ),
      ).toBe(400);
      await winner.client.request('POST', '/api/service-records', record);
      expect(await statusOf(winner.client.request('POST', '/api/service-records', record))).toBe(
        409,
      );

      await eventually(
        async () => (await admin.appointments()).find((x) => x.id === id)?.status === 'completed',
      );
      const items = await winner.client.request<{ id: number; quantity: number }[]>(
        'GET',
        '/api/inventory?category=battery',
      );
      expect(items.find((i) => i.id === itemId)?.quantity).toBe(2);
      expect(await admin.request('GET', '/api/dashboard/batteries-sold-today')).toBe(1);
      const stats = await admin.request<{ completedToday: number }>('GET', '/api/dashboard/stats');
      expect(stats.completedToday).toBe(1);
      expect(
        await winner.client.request('POST', '/api/service-records/verify-serial', {
          customerId: job.customerId,
          serialNumber: 'sn-field-1',
        }),
      ).toEqual({ verified: true, warrantyEndedOn: null });

      // The named account (any case) and admins decline; a second decline is a conflict.
      const other = await book();
      const declined = await lead.client.request<{ message: string }>(
        'PATCH',
        `/api/appointments/${other}/decline`,
      );
      expect(declined.message).toBe('The appointment has been declined successfully.');
      expect(await statusOf(admin.request('PATCH', `/api/appointments/${other}/decline`))).toBe(
        409,
      );

      // Every step reached the other board without asking.
      await eventually(async () => {
        const types = heard
          .filter((h) => h.name === SOCKET_EVENTS.boardChanged)
          .map((h) => (h.payload as SocketPayloads['board.changed']).type);
        return [
          'dispatch.appointment.opened',
          'dispatch.appointment.accepted',
          'dispatch.appointment.departed',
          'dispatch.appointment.arrived',
          'dispatch.appointment.completed',
          'dispatch.appointment.declined',
        ].every((t) => types.includes(t));
      });
      const names = new Set(heard.map((h) => h.name));
      for (const name of [
        SOCKET_EVENTS.statsChanged,
        SOCKET_EVENTS.salesChanged,
        SOCKET_EVENTS.inventoryChanged,
      ])
        expect(names).toContain(name);
    } finally {
      socket.close();
    }
  });

  it("sends the field app the technician's jobs and only the oldest of the open pool", async () => {
    const fiona = await newTechnician('fiona');
    const gus = await newTechnician('gus');
    const fieldJobs = (client: ApiClient) =>
      client.request<FieldJobs>('GET', '/api/dispatch/field-jobs');
    const openPool = async () =>
      (await admin.request<DashboardAppointment[]>('GET', '/api/appointments')).filter(
        (j) => j.status === 'pending' && !j.scheduledDate,
      );
    while ((await openPool()).length < FIELD_POOL.sent + 3) await book();
    const before = await openPool();
    const gusJob = before[0].id; // the oldest: in the pool sent, until Gus takes it
    const fionaJob = before.at(-1)!.id; // the newest: beyond the pool sent
    await patchStatus(gus.client, gusJob, 'accepted');
    await admin.request('POST', `/api/appointments/${fionaJob}/assign`, {
      technicianId: fiona.user.id,
    });

    const { jobs, poolTotal } = await fieldJobs(fiona.client);
    const pool = jobs.filter((j) => j.status === 'pending');
    const boardPool = await openPool();
    // The oldest of the pool, in the board's order, and how many there are in all.
    expect(poolTotal).toBe(boardPool.length);
    expect(pool.map((j) => j.id)).toEqual(boardPool.slice(0, FIELD_POOL.sent).map((j) => j.id));
    // Her own job although it is beyond the pool sent; not Gus's, whose customer is not hers.
    expect(jobs.find((j) => j.id === fionaJob)).toMatchObject({ technicianId: fiona.user.id });
    expect(jobs.some((j) => j.id === gusJob)).toBe(false);
    expect(pool.every((j) => j.customer.phone !== '')).toBe(true);
    expect(
      await statusOf(new ApiClient(stack.base).request('GET', '/api/dispatch/field-jobs')),
    ).toBe(401);
  }, 120_000);

  it('takes positions and heartbeats for one’s own id only', async () => {
    const { user, client } = await newTechnician('pat');
    const { socket, heard } = await listen(admin);
    const position = { latitude: 39.13, longitude: -84.52, accuracy: 8 };
    expect(await client.request('PUT', `/api/users/${user.id}/location`, position)).toMatchObject({
      stored: true,
    });
    // The other boards' map moves without asking.
    await eventually(async () =>
      heard.some(
        (h) =>
          h.name === SOCKET_EVENTS.teamChanged &&
          (h.payload as SocketPayloads['team.changed']).user.currentLocation?.lat === 39.13,
      ),
    );
    socket.close();
    expect(
      await statusOf(client.request('PUT', `/api/users/${user.id + 1000}/location`, position)),
    ).toBe(403);
    expect(
      await statusOf(
        client.request('PUT', `/api/users/${user.id}/location`, { latitude: 'north' }),
      ),
    ).toBe(400);
    expect(await client.request('POST', `/api/users/${user.id}/heartbeat`)).toEqual({
      message: 'Heartbeat received',
    });
    expect(await statusOf(client.request('POST', `/api/users/1/heartbeat`))).toBe(403);
    const team = await client.request<{ id: number; status: string; currentLocation: unknown }[]>(
      'GET',
      '/api/users/locations',
    );
    expect(team.find((u) => u.id === user.id)).toMatchObject({
      status: 'online',
      currentLocation: { lat: 39.13, lng: -84.52 },
    });
    expect(await statusOf(new ApiClient(stack.base).request('GET', '/api/users/locations'))).toBe(
      401,
    );
  });

  it('serves the map configuration to staff', async () => {
    expect(await admin.request('GET', '/api/dashboard/map')).toEqual({
      tileUrl: expect.stringContaining('{z}/{x}/{y}'),
      attribution: expect.any(String),
    });
  });
});
