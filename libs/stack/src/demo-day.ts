import { setTimeout as wait } from 'node:timers/promises';
import { LOCATION, User, addDays, businessDate, isWithinServiceHours } from '@cincy/contracts';
import { ApiClient, ApiError, asapAppointmentInput } from './api-client';
import type { Client } from 'pg';
import { inTransaction } from './database';
import {
  DEMO_ADMIN_PASSWORD,
  DEMO_ITEMS,
  DEMO_SHIFT,
  DEMO_TECHNICIAN_PASSWORD,
  DEMO_TECHNICIANS,
  DemoCustomer,
  demoCustomers,
  demoFutureDates,
  demoMorning,
  planCompletedVisits,
  OpenStepState,
  PlannedVisit,
  VISITS_END_BEFORE_MINUTES,
  openStateAt,
  planOpenSteps,
  vehicleParts,
} from './demo-day-plan';
import { fillDemoHistory } from './demo-history';
import type { Stack } from './start-stack';

/** Days of closed jobs before today, for the Reports screen. */
const HISTORY_DAYS = 90;

/** Customers whose visits are done (service history), how many came twice, and the open jobs. */
const COMPLETED = 24;
const RETURNING = 4;
/** Every this many completed visits, one is left owing (the rest are paid at the door). */
const OWED_EVERY = 7;
const OPEN_STATES = [
  'pending',
  'pending',
  'accepted',
  'en_route',
  'on_location',
  'declined',
] as const;
const FUTURE_HOURS = ['10:00:00', '14:00:00', '17:00:00'];
const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const DEMO_SHIFTS = Array.from({ length: 7 }, (_, weekday) => ({
  weekday,
  start: hh(DEMO_SHIFT.startHour),
  end: hh(DEMO_SHIFT.endHour),
}));

/** A planned visit as booked: the ids its records were written under. */
export interface BookedVisit {
  visit: PlannedVisit;
  appointmentId: number;
  customerId: number;
}

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
async function once<T>(step: () => Promise<T>, attempts = 50): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      const retryable = err instanceof ApiError && [404, 409].includes(err.status);
      if (!retryable || attempt >= attempts) throw err;
      await sleep(100);
    }
  }
}

export class DemoDay {
  private readonly admin: ApiClient;
  private readonly customers = demoCustomers(COMPLETED + OPEN_STATES.length + 5);
  private readonly customerIds = new Map<DemoCustomer, number>();
  technicians: DemoTechnician[] = [];
  /** The completed visits booked by `fillEarlierToday`, for `retimeVisits`. */
  readonly completed: BookedVisit[] = [];
  /** Its open jobs under way, for `retimeOpenJobs`. */
  readonly underWay: { appointmentId: number; state: OpenStepState }[] = [];

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
    vehicle = customer.vehicle,
  ) {
    const input = asapAppointmentInput(customerId, { location: customer.location, vehicle });
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
   * ones are past the SLA): completed visits with serials and stock (some customers twice, for
   * their other car), all finished a little before `now`, then one open job in each board state
   * (`openStateAt`: none on the road at night). The API stamps each step with the moment it ran;
   * `retimeVisits` gives the completed ones their plan's.
   */
  async fillEarlierToday(items: { id: number }[], now: Date): Promise<void> {
    const lanes = this.technicians.length;
    // Visits end before the real clock's now: `retimeVisits` stamps their steps, booking's clock
    // (`demoMorning`) only the open jobs.
    const until = new Date(now.getTime() - VISITS_END_BEFORE_MINUTES * 60_000);
    const plan = planCompletedVisits({ count: COMPLETED, returning: RETURNING, lanes, until });
    const work = this.technicians.map((tech, lane) => async () => {
      // Lane by lane, so a returning customer's first visit (i - COMPLETED) is already booked.
      for (const visit of plan.filter((v) => v.lane === lane)) {
        const i = visit.index;
        const customer = this.customers[visit.customer];
        const job =
          i < COMPLETED
            ? await this.book(customer)
            : await this.bookFor(
                this.customerIds.get(customer)!,
                customer,
                undefined,
                visit.vehicle,
              );
        this.completed.push({ visit, ...job });
        await this.move(tech, job.appointmentId, ['accepted', 'en_route', 'on_location']);
        await tech.client.request('POST', '/api/service-records', {
          appointmentId: job.appointmentId,
          customerId: job.customerId,
          serviceCode: 'battery installed',
          batterySerialNumber: `DEMO-${String(7000 + i).padStart(6, '0')}`,
          previousBatterySerialNumber: null,
          ...vehicleParts(visit.vehicle),
          vehicleMileage: String(visit.mileage),
          completionNotes: 'Tested alternator and terminals; old battery recycled.',
          inventoryItemId: items[i % (items.length - 1)].id,
          technicianId: tech.user.id,
          technicianName: tech.user.name,
        });
        await this.payAtTheDoor(tech, job.appointmentId, i);
      }
    });
    await Promise.all(work.map((lane) => lane()));

    const open = this.customers.slice(COMPLETED, COMPLETED + OPEN_STATES.length);
    for (const [i, planned] of OPEN_STATES.entries()) {
      const { appointmentId } = await this.book(open[i]);
      const tech = this.technicians[i % this.technicians.length];
      if (planned === 'declined') {
        await once(() => this.admin.request('PATCH', `/api/appointments/${appointmentId}/decline`));
      } else if (planned !== 'pending') {
        const state = openStateAt(planned, now);
        const path = ['accepted', 'en_route', 'on_location'];
        await this.move(tech, appointmentId, path.slice(0, path.indexOf(state) + 1));
        this.underWay.push({ appointmentId, state });
      }
    }
  }

  /**
   * Most customers pay the technician at the door, by cash or check (cards pay through a hosted
   * checkout the demo does not walk through); every `OWED_EVERY`th still owes, for the Money
   * report's list and its reminder.
   */
  private async payAtTheDoor(tech: DemoTechnician, appointmentId: number, index: number) {
    if (index % OWED_EVERY === OWED_EVERY - 1) return;
    // Billing issues the invoice once it has heard of the booking, the record and the battery
    // (three consumers: up to 30 s on a loaded machine).
    const invoice = await once(
      () =>
        tech.client.request<{ id: number; totalCents: number }>(
          'GET',
          `/api/appointments/${appointmentId}/invoice`,
        ),
      300,
    );
    const check = index % 4 === 0;
    await tech.client.request('POST', `/api/invoices/${invoice.id}/payments`, {
      method: check ? 'check' : 'cash',
      amountCents: invoice.totalCents,
      checkNumber: check ? String(1040 + index) : null,
    });
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
    await day.fillEarlierToday(await day.stockShelves(), now);
    await retimeVisits(stack.databaseUrl, day.completed);
    await retimeOpenJobs(stack.databaseUrl, day.underWay, now);
    // History ends the day before the demo's own visits begin: from that day on, every job a
    // report counts is a booked one, in the records of a customer in the Customer Database.
    const firstVisitDay = day.completed.map((v) => businessDate(v.visit.completedAt)).sort()[0];
    const history = await fillDemoHistory(stack.databaseUrl, {
      days: HISTORY_DAYS,
      endDate: addDays(firstVisitDay ?? businessDate(now), -1),
      technicians: team.map(({ user }) => user),
      withCustomers: true,
    });
    note(`Demo day: ${history.jobs} jobs of the ${HISTORY_DAYS} days before, for Reports`);
    note('Demo day: restarting on the real clock');
    return { filledAt: now };
  } finally {
    await stack.stop();
  }
}

/**
 * Gives the completed visits the times of their plan in every service's copy (the API stamped
 * each step with the second it ran: "03:33-03:33"), then recounts what those times feed: the
 * report days, the board's daily totals, batteries sold per day, each customer's Last Service.
 * Written straight into the tables, as the history is, on the demo's own database only.
 */
export async function retimeVisits(
  databaseUrl: string,
  visits: readonly BookedVisit[],
): Promise<void> {
  if (visits.length === 0) return;
  const column = <T>(pick: (v: BookedVisit) => T) => visits.map(pick);
  const planned = `unnest($1::int[], $2::int[], $3::timestamptz[], $4::timestamptz[],
      $5::timestamptz[], $6::timestamptz[], $7::timestamptz[], $8::int[], $9::int[])
    AS v(id, customer_id, requested, accepted, en_route, on_location, completed, travel, install)`;
  const params = [
    column((v) => v.appointmentId),
    column((v) => v.customerId),
    column((v) => v.visit.requestedAt),
    column((v) => v.visit.acceptedAt),
    column((v) => v.visit.enRouteAt),
    column((v) => v.visit.onLocationAt),
    column((v) => v.visit.completedAt),
    column((v) => v.visit.travelMinutes),
    column((v) => v.visit.installMinutes),
  ];
  const dates = column((v) => businessDate(v.visit.completedAt)).sort();
  const local = (at: string) => `(${at} AT TIME ZONE 'America/New_York')::date`;
  await inTransaction(databaseUrl, async (client) => {
    await retimeSteps(
      client,
      planned,
      params,
      'completed_at = v.completed, closed_at = v.completed, updated_at = v.completed',
    );
    await client.query(
      `UPDATE dispatch.job_metrics m
          SET job_start_time = v.accepted, job_end_time = v.completed,
              arrival_time = v.on_location, location_marked_time = v.on_location,
              travel_time = v.travel, job_duration = v.install
         FROM ${planned} WHERE m.appointment_id = v.id`,
      params,
    );
    await client.query(
      `UPDATE booking.customers c SET last_service_at = last.completed
         FROM (SELECT customer_id, max(completed) AS completed FROM ${planned} GROUP BY 1) last
        WHERE c.id = last.customer_id`,
      params,
    );
    await client.query(
      `UPDATE inventory.service_records r SET completed_at = v.completed
         FROM ${planned} WHERE r.appointment_id = v.id`,
      params,
    );
    // Issued as the visit ends, paid at the door a couple of minutes later.
    await client.query(
      `UPDATE billing.invoices i SET issued_at = v.completed
         FROM ${planned} WHERE i.appointment_id = v.id`,
      params,
    );
    await client.query(
      `UPDATE billing.payments p SET received_at = v.completed + interval '2 minutes'
         FROM billing.invoices i, ${planned}
        WHERE p.invoice_id = i.id AND i.appointment_id = v.id`,
      params,
    );
    await client.query(
      `UPDATE inventory.inventory_transactions t SET created_at = v.completed
         FROM ${planned} WHERE t.appointment_id = v.id`,
      params,
    );
    // Recounted from the records: before the demo's fill these tables were empty.
    await client.query('DELETE FROM inventory.daily_sales');
    await client.query(
      `INSERT INTO inventory.daily_sales (sale_date, batteries_sold)
       SELECT ${local('completed_at')}, count(*) FROM inventory.service_records
        WHERE service_code = 'battery_installed' GROUP BY 1`,
    );
    await client.query(
      `UPDATE dispatch.daily_metrics SET total_tasks_completed = 0, total_install_time = 0,
              total_install_count = 0, average_install_time = 0`,
    );
    await client.query(
      `INSERT INTO dispatch.daily_metrics
         (metric_date, total_tasks_completed, total_install_time, total_install_count,
          average_install_time, last_updated)
       SELECT ${local('job_end_time')}, count(*), sum(job_duration), count(job_duration),
              round(avg(job_duration)), now()
         FROM dispatch.job_metrics GROUP BY 1
       ON CONFLICT (metric_date) DO UPDATE SET
         total_tasks_completed = EXCLUDED.total_tasks_completed,
         total_install_time = EXCLUDED.total_install_time,
         total_install_count = EXCLUDED.total_install_count,
         average_install_time = EXCLUDED.average_install_time, last_updated = now()`,
    );
    await client.query('SET LOCAL search_path = dispatch');
    await client.query('SELECT refresh_report_days($1, $2)', [dates[0], businessDate(new Date())]);
  });
}

/**
 * The open jobs under way get the steps of their plan (`planOpenSteps`: the last hour, or at night
 * last evening's) in dispatch's copy and booking's request time.
 */
export async function retimeOpenJobs(
  databaseUrl: string,
  jobs: readonly { appointmentId: number; state: OpenStepState }[],
  now: Date,
): Promise<void> {
  const planned = jobs.map((job) => ({ id: job.appointmentId, ...planOpenSteps(job.state, now) }));
  if (planned.length === 0) return;
  const params = [
    planned.map((j) => j.id),
    planned.map((j) => j.requestedAt),
    planned.map((j) => j.acceptedAt),
    planned.map((j) => j.enRouteAt),
    planned.map((j) => j.onLocationAt),
  ];
  const steps = `unnest($1::int[], $2::timestamptz[], $3::timestamptz[], $4::timestamptz[],
      $5::timestamptz[]) AS v(id, requested, accepted, en_route, on_location)`;
  await inTransaction(databaseUrl, (client) => retimeSteps(client, steps, params));
}

/**
 * A job's steps as planned (`steps`: rows of id, requested, accepted, en_route, on_location) in
 * dispatch's copy, `more` of its columns besides, and the request's time in booking's.
 */
async function retimeSteps(client: Client, steps: string, params: unknown[], more?: string) {
  await client.query(
    `UPDATE dispatch.board_appointments a
        SET requested_at = v.requested, accepted_at = v.accepted, en_route_at = v.en_route,
            on_location_at = v.on_location, created_at = v.requested${more ? `, ${more}` : ''}
       FROM ${steps} WHERE a.id = v.id`,
    params,
  );
  await client.query(
    `UPDATE booking.appointments a SET requested_at = v.requested, created_at = v.requested
       FROM ${steps} WHERE a.id = v.id`,
    params,
  );
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
