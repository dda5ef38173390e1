import { randomBytes } from 'node:crypto';
import { BoardChanged, DashboardAppointment, SOCKET_EVENTS } from '@cincy/contracts';
import { ApiClient, bookAsap, startStack, Stack } from '@cincy/stack';
import { io, Socket } from 'socket.io-client';
import { eventually } from '../src/board';
import { addBattery, addTechnician, statusOf } from '../src/office';
import { businessNoonToday, publicStackEnv } from '../src/public-site';

// npm start --replicas gateway=2,dispatch=2: one stack, two gateways, two dispatch processes.
// Each event is applied once (dispatch's counts, inventory's stock), both boards are live, a
// dispatch process can die and its sibling carries on, and sign-in limits span the gateways.
const JOBS = 6;
const STOCK = 20;

describe('a stack with two gateways and two dispatch processes', () => {
  const admin = { username: 'e2e-admin', password: `E2e-${randomBytes(9).toString('base64url')}` };
  const technician = { username: 'replica.tech', password: 'replica-tech-pass-1' };
  let stack: Stack | undefined;
  let staff: ApiClient[] = [];
  let field: ApiClient[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await startStack({
      throwaway: { label: 'e2e' },
      admin,
      serviceEnv: publicStackEnv(businessNoonToday()),
      replicas: { gateway: 2, dispatch: 2 },
    });
    staff = stack.baseUrls.map((base) => new ApiClient(base));
    for (const client of staff) await client.login(admin.username, admin.password);
    await addTechnician(staff[0], { ...technician, name: 'Replica Tech' });
    field = stack.baseUrls.map((base) => new ApiClient(base));
    for (const client of field) await client.login(technician.username, technician.password);
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await stack?.stop();
  }, 60_000);

  /** What one gateway pushes to a signed-in admin: each board change's type and job. */
  async function listen(client: ApiClient): Promise<BoardChanged[]> {
    const heard: BoardChanged[] = [];
    const socket = io(client.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { Cookie: client.jar.header() ?? '' },
      reconnection: false,
    });
    sockets.push(socket);
    socket.on(SOCKET_EVENTS.boardChanged, (change: BoardChanged) => heard.push(change));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return heard;
  }

  it('runs every replica it was asked for', () => {
    expect(Object.keys(stack!.pids()).sort()).toEqual(
      [
        'billing',
        'booking',
        'dispatch',
        'dispatch#2',
        'gateway',
        'gateway#2',
        'identity',
        'inventory',
        'notify',
      ].sort(),
    );
    expect(new Set(stack!.baseUrls).size).toBe(2);
  });

  it('applies each event once, keeps both boards live, and survives a dispatch process dying', async () => {
    const heard = await Promise.all(staff.map(listen));
    const battery = await addBattery(staff[0], 'Replica AGM', STOCK);
    const ids: number[] = [];
    for (let n = 0; n < JOBS; n++) {
      if (n === JOBS / 2) process.kill(stack!.pids().dispatch, 'SIGKILL'); // dispatch#2 carries on
      const gateway = n % 2; // alternate gateways for every step
      const { appointment } = await bookAsap(stack!.baseUrls[gateway], {
        name: `Replica Customer ${n}`,
        phone: `513555300${n}`,
      });
      ids.push(appointment.id);
      const tech = field[gateway];
      const job = await eventually(
        'the booking on the board',
        async () => (await tech.appointments()).find((a) => a.id === appointment.id),
        Boolean,
      );
      for (const status of ['accepted', 'en_route', 'on_location']) {
        await tech.request('PATCH', `/api/appointments/${appointment.id}/status`, {
          status,
          technicianId: null,
          technicianUsername: null,
        });
      }
      const me = await tech.request<{ id: number; name: string }>('GET', '/api/users/current');
      await tech.request('POST', '/api/service-records', {
        appointmentId: appointment.id,
        customerId: job!.customerId,
        serviceCode: 'battery installed',
        batterySerialNumber: `SN-REPLICA-${n}`,
        vehicleMileage: '40000',
        inventoryItemId: battery.id,
        technicianId: me.id,
        technicianName: me.name,
      });
      // The completion reaches dispatch as inventory's event; the technician's next accept waits
      // for it, as their board does (a killed dispatch's pulled events come back after 5 s).
      await eventually(
        'the job completed on the board',
        async () => (await tech.appointments()).find((a) => a.id === appointment.id)?.status,
        (status) => status === 'completed',
      );
    }

    // Both boards: every job once, completed.
    for (const client of staff) {
      await eventually(
        'every job once on this board, completed',
        async () =>
          (await client.appointments()).filter((a: DashboardAppointment) => ids.includes(a.id)),
        (mine) => mine.length === JOBS && mine.every((a) => a.status === 'completed'),
      );
    }
    // Counted once each: a doubly applied completion would count twice or take two batteries.
    for (const client of staff) {
      const stats = await client.request<{ completedToday: number }>('GET', '/api/dashboard/stats');
      expect(stats.completedToday).toBe(JOBS);
      expect(await client.request('GET', '/api/dashboard/batteries-sold-today')).toBe(JOBS);
    }
    const items = await staff[1].request<{ id: number; quantity: number }[]>(
      'GET',
      '/api/inventory?category=battery',
    );
    expect(items.find((i) => i.id === battery.id)?.quantity).toBe(STOCK - JOBS);
    // Both gateways pushed every job's completion to their own sockets.
    for (const changes of heard) {
      await eventually(
        "every completion pushed to this gateway's socket",
        async () =>
          new Set(
            changes
              .filter((c) => c.type === 'dispatch.appointment.completed')
              .map((c) => c.appointment.id),
          ),
        (completed) => ids.every((id) => completed.has(id)),
        10_000,
      );
    }
  });

  it('counts wrong passwords on both gateways together', async () => {
    const attempt = (base: string) =>
      statusOf(
        new ApiClient(base).request('POST', '/api/auth/login', {
          username: technician.username,
          password: 'not-the-password',
        }),
      );
    const [a, b] = stack!.baseUrls;
    for (const base of [a, b, a, b, a]) expect(await attempt(base)).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the broadcasts land
    expect(await attempt(b)).toBe(429);
  });
});
