import { setTimeout as wait } from 'node:timers/promises';
import { LOCATION, User, addDays, businessDate, isWithinServiceHours } from '@cincy/contracts';
import { ApiClient, ApiError, asapAppointmentInput } from './api-client';
import {
  DEMO_ADMIN_PASSWORD,
  DEMO_ITEMS,
  DEMO_TECHNICIAN_PASSWORD,
  DEMO_TECHNICIANS,
  DemoCustomer,
  demoCustomers,
  demoFutureDates,
  demoMorning,
} from './demo-day-plan';
import { fillDemoHistory } from './demo-history';
import type { Stack } from './start-stack';

/** Days of closed jobs before today, for the Reports screen. */
const HISTORY_DAYS = 90;

/** Customers whose visits are done (service history), how many came twice, and the open jobs. */
const COMPLETED = 24;
const RETURNING = 4;
const OPEN_STATES = ['pending', 'pending', 'accepted', 'en_route', 'on_location', 'declined'];
const FUTURE_HOURS = ['10:00:00', '14:00:00', '17:00:00'];
const DEMO_SHIFTS = Array.from({ length: 7 }, (_, weekday) => ({
  weekday,
  start: '08:00',
  end: '21:00',
}));

export interface DemoTechnician {
  user: User;
  client: ApiClient;
  position: { latitude: number; longitude: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Retries a step while dispatch has not yet heard of the booking (its board is fed by booking's
 * events, a few milliseconds behind). A completion needs no retry: dispatch decides it on its
 * own live job.
 */
async function once<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      const retryable = err instanceof ApiError && [404, 409].includes(err.status);
      if (!retryable || attempt >= 50) throw err;
      await sleep(100);
    }
  }
}

export class DemoDay {
  private readonly admin: ApiClient;
  private readonly customers = demoCustomers(COMPLETED + OPEN_STATES.length + 5);
  private readonly customerIds = new Map<DemoCustomer, number>();
  technicians: DemoTechnician[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly adminUsername = 'admin',
  ) {
    this.admin = new ApiClient(baseUrl);
  }

  async signIn(): Promise<void> {
    await this.admin.login(this.adminUsername, DEMO_ADMIN_PASSWORD);
  }

  /** Signs the admin in; true when the database has no customers yet (the demo fills it once). */
  async isEmpty(): Promise<boolean> {
    await this.signIn();
    return (await this.admin.request<unknown[]>('GET', '/api/customers')).length === 0;
  }

  /** The team (created when missing), each signed in and online where they work. */
  async signInTeam(): Promise<DemoTechnician[]> {
    const existing = await this.admin.request<User[]>('GET', '/api/users');
    this.technicians = [];
    for (const t of DEMO_TECHNICIANS) {
      const user =
        existing.find((u) => u.username === t.username) ??
        (await this.admin.request<User>('POST', '/api/users', {
          username: t.username,
          name: t.name,
          role: 'technician',
          password: DEMO_TECHNICIAN_PASSWORD,
          employeeId: null,
        }));
      // Every day 8 AM to 9 PM: the hour grid, the ASAP queue and Jobs per Hour follow shifts.
      // (`once`: dispatch hears of a new technician a few milliseconds after identity answers.)
      await once(() =>
        this.admin.request('PUT', `/api/schedules/${user.id}/weekly`, { shifts: DEMO_SHIFTS }),
      );
      const client = new ApiClient(this.baseUrl);
      await client.login(t.username, DEMO_TECHNICIAN_PASSWORD);
      this.technicians.push({ user, client, position: { ...t.position } });
    }
    await this.reportPositions();
    return this.technicians;
  }

  /** Position and heartbeat of each technician, a little further along their round each time. */
  async reportPositions(): Promise<void> {
    await Promise.all(
      this.technicians.map(async (t) => {
        t.position.latitude += (Math.random() - 0.5) * 0.004;
        t.position.longitude += (Math.random() - 0.5) * 0.004;
        await t.client.request('PUT', `/api/users/${t.user.id}/location`, {
          ...t.position,
          accuracy: 12,
        });
        await t.client.request('POST', `/api/users/${t.user.id}/heartbeat`);
      }),
    );
  }

  /** Keeps the team online (heartbeats, moving positions) until the signal aborts. */
  async keepTeamOnline(
    signal: AbortSignal,
    everyMs = LOCATION.heartbeatIntervalMs / 5,
  ): Promise<void> {
    while (!signal.aborted) {
      // The timer takes its abort listener off again when it fires: one listener per wait, not
      // one more every minute for as long as the demo runs.
      const waited = await wait(everyMs, true, { signal }).catch(() => false);
      if (waited) await this.reportPositions().catch(() => undefined);
    }
  }

  /** Stock, one item low. */
  async stockShelves(): Promise<{ id: number }[]> {
    const items: { id: number }[] = [];
    for (const item of DEMO_ITEMS) {
      items.push(
        await this.admin.request<{ id: number }>('POST', '/api/inventory', {
          ...item,
          description: `${item.name} battery`,
          category: 'battery',
          notes: null,
        }),
      );
    }
    return items;
  }

  private async book(customer: DemoCustomer, when?: { date: string; time: string }) {
    const created = await this.admin.request<{ id: number }>('POST', '/api/customers', {
      name: customer.name,
      phone: customer.phone,
      email: null,
    });
    this.customerIds.set(customer, created.id);
    return this.bookFor(created.id, customer, when);
  }

  private async bookFor(
    customerId: number,
    customer: DemoCustomer,
    when?: { date: string; time: string },
  ) {
    const input = asapAppointmentInput(customerId, {
      location: customer.location,
      vehicle: customer.vehicle,
    });
    const body = when
      ? { ...input, preferredTime: when.date, scheduledDate: when.date, scheduledTime: when.time }
      : input;
    const appointment = await this.admin.request<{ id: number }>('POST', '/api/appointments', body);
    return { customerId, appointmentId: appointment.id };
  }

  private async move(tech: DemoTechnician, id: number, to: string[]) {
    for (const status of to) {
      await once(() => tech.client.request('PATCH', `/api/appointments/${id}/status`, { status }));
    }
  }

  /**
   * The earlier part of the day, booked while booking's clock shows `demoMorning` (so the open
   * ones are past the SLA): completed visits with serials and stock (some customers twice), then
   * one open job in each board state.
   */
  async fillEarlierToday(items: { id: number }[]): Promise<void> {
    const lanes = this.technicians.map((tech, lane) => async () => {
      // Lane by lane, so a returning customer's first visit (i - COMPLETED) is already booked.
      for (let i = lane; i < COMPLETED + RETURNING; i += this.technicians.length) {
        const customer = this.customers[i % COMPLETED];
        const job =
          i < COMPLETED
            ? await this.book(customer)
            : await this.bookFor(this.customerIds.get(customer)!, customer);
        await this.move(tech, job.appointmentId, ['accepted', 'en_route', 'on_location']);
        await tech.client.request('POST', '/api/service-records', {
          appointmentId: job.appointmentId,
          customerId: job.customerId,
          serviceCode: 'battery installed',
          batterySerialNumber: `DEMO-${String(7000 + i).padStart(6, '0')}`,
          previousBatterySerialNumber: null,
          vehicleMileage: String(30_000 + i * 4_250),
          completionNotes: 'Tested alternator and terminals; old battery recycled.',
          inventoryItemId: items[i % (items.length - 1)].id,
          technicianId: tech.user.id,
          technicianName: tech.user.name,
        });
      }
    });
    await Promise.all(lanes.map((lane) => lane()));

    const open = this.customers.slice(COMPLETED, COMPLETED + OPEN_STATES.length);
    for (const [i, state] of OPEN_STATES.entries()) {
      const { appointmentId } = await this.book(open[i]);
      const tech = this.technicians[i % this.technicians.length];
      if (state === 'declined') {
        await once(() => this.admin.request('PATCH', `/api/appointments/${appointmentId}/decline`));
      } else if (state !== 'pending') {
        const path = ['accepted', 'en_route', 'on_location'];
        await this.move(tech, appointmentId, path.slice(0, path.indexOf(state) + 1));
      }
    }
  }

  /** On the real clock: jobs in the coming days and, within the ASAP window, fresh requests. */
  async fillFromNow(now: Date, asapOpen: boolean): Promise<void> {
    const rest = this.customers.slice(COMPLETED + OPEN_STATES.length);
    const dates = demoFutureDates(now);
    for (const [i, date] of dates.entries()) {
      await this.book(rest[i], { date, time: FUTURE_HOURS[i] });
    }
    if (asapOpen) {
      for (const customer of rest.slice(dates.length)) await this.book(customer);
    }
  }
}

export interface DemoEarlier {
  /** When the demo began filling; null when the database was filled by an earlier run. */
  filledAt: Date | null;
}

/**
 * The demo's first part, on a stack whose booking clock shows `demoMorning` (an hour and a
 * quarter ago, inside the ASAP window), so the open jobs it books are past the SLA once the real
 * clock resumes. Fills only an empty database, then stops that stack.
 */
export async function fillDemoDayEarlier(
  launch: (serviceEnv: Record<string, string>) => Promise<Stack>,
  note: (text: string) => void,
): Promise<DemoEarlier> {
  const now = new Date();
  const stack = await launch({ BOOKING_FIXED_NOW: demoMorning(now).toISOString() });
  try {
    const day = new DemoDay(stack.baseUrl);
    if (!(await day.isEmpty())) {
      note('Demo day: already filled (drop the database cincy_battery_demo to start over)');
      return { filledAt: null };
    }
    note('Demo day: filling an empty database (team, stock, customers, the day so far)');
    const team = await day.signInTeam();
    await day.fillEarlierToday(await day.stockShelves());
    const history = await fillDemoHistory(stack.databaseUrl, {
      days: HISTORY_DAYS,
      endDate: addDays(businessDate(now), -1),
      technicians: team.map(({ user }) => user),
    });
    note(`Demo day: ${history.jobs} jobs of the ${HISTORY_DAYS} days before, for Reports`);
    note('Demo day: restarting on the real clock');
    return { filledAt: now };
  } finally {
    await stack.stop();
  }
}

/** The demo's second part, on the real clock: the coming days' jobs, the team signed in. */
export async function resumeDemoDay(baseUrl: string, earlier: DemoEarlier): Promise<DemoDay> {
  const day = new DemoDay(baseUrl);
  await day.signIn();
  if (earlier.filledAt) await day.fillFromNow(earlier.filledAt, isWithinServiceHours(new Date()));
  await day.signInTeam();
  return day;
}

export const DEMO_LOGINS = {
  admin: DEMO_ADMIN_PASSWORD,
  technicians: DEMO_TECHNICIANS.map((t) => t.username),
  technicianPassword: DEMO_TECHNICIAN_PASSWORD,
};
