import { randomBytes } from 'node:crypto';
import type { DashboardAppointment, User } from '@cincy/contracts';
import {
  ApiClient,
  DEMO_LOGINS,
  fillDemoDayEarlier,
  freePort,
  removeStackData,
  resumeDemoDay,
  Stack,
  startStack,
  withDatabaseName,
} from '@cincy/stack';

// `npm start -- --demo` in two parts, as the start script runs them, on a database of its own.
describe('the demo day', () => {
  const id = randomBytes(4).toString('hex');
  const where = {
    databaseUrl: withDatabaseName(
      process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
      `cincy_demo_${id}`,
    ),
    natsUrl: process.env.NATS_URL || 'nats://127.0.0.1:4222',
    natsPrefix: `demo${id}`,
  };
  let stack: Stack | undefined;
  let admin: ApiClient;
  let stop: AbortController;

  const launch = async (serviceEnv: Record<string, string> = {}) =>
    startStack({
      env: {
        ...process.env,
        DATABASE_URL: where.databaseUrl,
        NATS_URL: where.natsUrl,
        NATS_PREFIX: where.natsPrefix,
        PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
      },
      admin: { username: 'admin', password: DEMO_LOGINS.admin },
      serviceEnv,
    });

  beforeAll(async () => {
    const earlier = await fillDemoDayEarlier(launch, () => undefined);
    expect(earlier.filledAt).not.toBeNull();
    stack = await launch();
    const day = await resumeDemoDay(stack.baseUrl, earlier);
    stop = new AbortController();
    void day.keepTeamOnline(stop.signal);
    admin = new ApiClient(stack.baseUrl);
    await admin.login('admin', DEMO_LOGINS.admin);
  }, 180_000);

  afterAll(async () => {
    stop?.abort();
    await stack?.stop();
    await removeStackData(where);
  }, 60_000);

  it('fills the board with a job in every state, one past the SLA, and future jobs', async () => {
    const board = await admin.request<DashboardAppointment[]>('GET', '/api/appointments');
    const states = new Set(board.map((a) => a.status));
    for (const state of ['pending', 'accepted', 'en_route', 'on_location', 'completed', 'declined'])
      expect([state, states.has(state as never)]).toEqual([state, true]);
    const minutesAgo = (a: DashboardAppointment) =>
      (Date.now() - new Date(a.requestedAt).getTime()) / 60_000;
    expect(
      board.some((a) => a.status === 'pending' && !a.scheduledDate && minutesAgo(a) >= 60),
    ).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(board.filter((a) => a.scheduledDate && a.scheduledDate > today).length).toBe(3);
  });

  it('has 20 to 40 customers with service history and battery serials', async () => {
    const customers = await admin.request<{ id: number; totalJobs: number }[]>(
      'GET',
      '/api/customers',
    );
    expect(customers.length).toBeGreaterThanOrEqual(20);
    expect(customers.length).toBeLessThanOrEqual(40);
    const returning = customers.find((c) => c.totalJobs === 2)!;
    const history = await admin.request<{ batterySerialNumber: string }[]>(
      'GET',
      `/api/customers/${returning.id}/service-records`,
    );
    expect(history).toHaveLength(2);
    expect(history.every((r) => /^DEMO-\d{6}$/.test(r.batterySerialNumber))).toBe(true);
  });

  it('stocks batteries, one of them low, less what was installed', async () => {
    const items = await admin.request<{ quantity: number; minQuantity: number }[]>(
      'GET',
      '/api/inventory',
    );
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.filter((i) => i.quantity <= i.minQuantity)).toHaveLength(1);
    expect(await admin.request('GET', '/api/dashboard/batteries-sold-today')).toBe(28);
  });

  it('has the team online with positions around Cincinnati', async () => {
    const team = await admin.request<(User & { currentLocation: { lat: number; lng: number } })[]>(
      'GET',
      '/api/users/locations',
    );
    const usernames: readonly string[] = DEMO_LOGINS.technicians;
    const technicians = team.filter((u) => usernames.includes(u.username));
    expect(technicians).toHaveLength(3);
    for (const t of technicians) {
      expect(t.status).toBe('online');
      expect(Math.abs(t.currentLocation.lat - 39.1)).toBeLessThan(0.2);
      expect(Math.abs(t.currentLocation.lng + 84.5)).toBeLessThan(0.2);
    }
  });

  it('fills only once: a second run finds the database filled', async () => {
    const again = await fillDemoDayEarlier(launch, () => undefined);
    expect(again.filledAt).toBeNull();
  }, 60_000);
});
