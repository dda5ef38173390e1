import {
  BatteryTest,
  PRICES,
  referenceFrom,
  ServiceCode,
  TestDecision,
  TestedBattery,
  addDays,
  businessInstant,
  daysInRange,
} from '@cincy/contracts';
import type { Client } from 'pg';
import { inTransaction } from './database';
import {
  DEMO_INSTALL_MINUTES,
  DEMO_SHIFT,
  DEMO_TECHNICIANS,
  DEMO_TRAVEL_MINUTES,
  HistoryCustomer,
  historyCustomer,
  mileageOf,
  seededRandom,
  vehicleParts,
} from './demo-day-plan';

export { seededRandom };

/**
 * Past days of closed jobs for the demo's Reports screen and the reports bench, written straight
 * into dispatch's tables (as the bench's `seedCompletedHistory` does: booking 50,000 jobs through
 * the API would take longer than the bench). Each day's jobs come from a PRNG seeded with the day,
 * so a day reads the same in every run and whatever range it is filled in; ids are derived from
 * the day, so filling a day again writes nothing new. Then dispatch's own `refresh_report_days`
 * turns the days into report rows, as when jobs close live.
 */

/**
 * Ids from here up are history's: booked ids count up from 1 and the bench's seeded history uses
 * 1e9 + n, so neither ever reaches them. A job's id is FIRST + day number * 100 + its index.
 */
export const DEMO_HISTORY_FIRST_ID = 2_000_000_000;
const MAX_JOBS_PER_DAY = 100;
/** The customer id of the bench's history: no booked customer has it, so none is touched. */
const NO_CUSTOMER = 0;
/** Customers a day can have distinct names for (more jobs in a day share some). */
const CUSTOMERS_PER_DAY = 25;

export interface HistoryTechnician {
  id: number;
  name: string;
  username: string;
}

/**
 * Stand-ins for the team where the real ids are not known (the bench): the demo team's names,
 * and as many more as the volume needs (about five visits a day each), since nobody is in two
 * places at once.
 */
function benchTechnicians(jobsPerDay: number): HistoryTechnician[] {
  const count = Math.max(DEMO_TECHNICIANS.length, Math.ceil(jobsPerDay / 5));
  return Array.from({ length: count }, (_, i) => {
    const t = DEMO_TECHNICIANS[i % DEMO_TECHNICIANS.length];
    const crew = Math.floor(i / DEMO_TECHNICIANS.length);
    return {
      id: DEMO_HISTORY_FIRST_ID + 1 + i,
      name: crew ? `${t.name} ${crew + 1}` : t.name,
      username: crew ? `${t.username}${crew + 1}` : t.username,
    };
  });
}

export interface DemoHistoryOptions {
  /** How many days, ending with `endDate`. */
  days: number;
  /** The last day filled (YYYY-MM-DD, a business date), usually yesterday. */
  endDate: string;
  /** The average; each day varies around it, weekends quieter. At most 100. */
  jobsPerDay?: number;
  /** Who did the jobs; the demo team's names with ids of their own when not given. */
  technicians?: readonly HistoryTechnician[];
  /**
   * The demo's: each job's customer (one job each, their id the job's) goes into the Customer
   * Database with the visit and, when it was completed, its service record, so every job a report
   * counts is one a customer's history shows. Else the board's rows only, for a customer id no
   * one has (the bench's, where nobody opens a customer).
   */
  withCustomers?: boolean;
}

export interface HistoryJob {
  id: number;
  customer: HistoryCustomer;
  /** 'ASAP' or the scheduled date. */
  preferredTime: string;
  scheduledDate: string | null;
  scheduledTime: string | null;
  scheduledStartTime: Date | null;
  status: 'completed' | 'declined' | 'cancelled';
  technician: HistoryTechnician | null;
  requestedAt: Date;
  acceptedAt: Date | null;
  enRouteAt: Date | null;
  onLocationAt: Date | null;
  completedAt: Date | null;
  closedAt: Date;
  travelMinutes: number | null;
  installMinutes: number | null;
  serviceCode: ServiceCode | null;
  price: number;
}

/** What a fill wrote, for a test or the bench to compare with the report. */
export interface DemoHistoryTotals {
  jobs: number;
  completed: number;
  closedWithoutService: number;
  batteries: number;
  revenue: number;
}

/** Days since 1970-01-01. */
const dayNumber = (date: string) => daysInRange('1970-01-01', date) - 1;

const MINUTE = 60_000;
const plus = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MINUTE);

/** One day's jobs: the same for the same day, technicians and average, in any run. */
export function planHistoryDay(
  date: string,
  jobsPerDay: number,
  technicians: readonly HistoryTechnician[],
): HistoryJob[] {
  const random = seededRandom(dayNumber(date) * 7919 + 17);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const quieter = weekday === 0 || weekday === 6 ? 0.6 : 1;
  const count = Math.min(
    MAX_JOBS_PER_DAY,
    Math.max(1, Math.round(jobsPerDay * quieter * (0.75 + random() * 0.5))),
  );
  const firstId = DEMO_HISTORY_FIRST_ID + dayNumber(date) * MAX_JOBS_PER_DAY;
  const planned = Array.from({ length: count }, (_, n): HistoryJob => {
    const customer = historyCustomer(dayNumber(date) * CUSTOMERS_PER_DAY + n);
    const asap = random() < 0.7;
    // ASAP: asked for between 8:00 and 18:59, so the visit ends inside the 8-9 shift;
    // scheduled: booked days ahead for an hour slot.
    const hour = between(8, 18);
    const scheduledStart = businessInstant(date, hour);
    const requestedAt = asap
      ? businessInstant(date, between(8, 18), between(0, 59))
      : plus(scheduledStart, -between(1, 4) * 24 * 60 - between(0, 600));
    // A scheduled visit is taken up to 20 min before its hour, never before the shift starts.
    const early = hour === 8 ? 0 : between(0, 20);
    const clockStart = asap ? requestedAt : plus(scheduledStart, -early);
    const roll = random();
    const status = roll < 0.88 ? 'completed' : roll < 0.95 ? 'declined' : 'cancelled';
    const base = {
      id: firstId + n,
      customer,
      preferredTime: asap ? 'ASAP' : date,
      scheduledDate: asap ? null : date,
      scheduledTime: asap ? null : `${String(hour).padStart(2, '0')}:00:00`,
      scheduledStartTime: asap ? null : scheduledStart,
      requestedAt,
      acceptedAt: null,
      enRouteAt: null,
      onLocationAt: null,
      completedAt: null,
      travelMinutes: null,
      installMinutes: null,
      serviceCode: null,
      price: 0,
    };
    if (status !== 'completed') {
      // Declined by the office, mostly before anyone had it; cancelled by the customer, at times
      // after a technician was given the job.
      const technician = random() < (status === 'cancelled' ? 0.4 : 0.2) ? pick(technicians) : null;
      return { ...base, status, technician, closedAt: plus(clockStart, between(5, 60)) };
    }
    const acceptedAt = plus(clockStart, between(1, asap ? 25 : 10));
    const enRouteAt = plus(acceptedAt, between(0, 4));
    const travelMinutes = between(DEMO_TRAVEL_MINUTES.min, DEMO_TRAVEL_MINUTES.max);
    const onLocationAt = plus(enRouteAt, travelMinutes);
    const installMinutes = between(DEMO_INSTALL_MINUTES.min, DEMO_INSTALL_MINUTES.max);
    const completedAt = plus(onLocationAt, installMinutes);
    const work = random();
    const serviceCode: ServiceCode =
      work < 0.75
        ? 'battery_installed'
        : work < 0.8
          ? 'warranty_replacement'
          : work < 0.95
            ? 'test_only'
            : 'no_service';
    const price =
      serviceCode === 'battery_installed' ? (random() < 0.4 ? PRICES.agm : PRICES.leadAcid) : 0;
    return {
      ...base,
      status,
      technician: pick(technicians),
      acceptedAt,
      enRouteAt,
      onLocationAt,
      completedAt,
      closedAt: completedAt,
      travelMinutes,
      installMinutes,
      serviceCode,
      price,
    };
  });
  return oneVisitAtATime(date, planned, technicians);
}

/** Minutes a technician takes between finishing one visit and accepting the next. */
const BETWEEN_VISITS_MINUTES = 5;

/**
 * One technician cannot be in two places: each completed job, in the order it was taken, goes to
 * whoever is free first, and waits for them when nobody is (its steps move later together). A
 * visit lasts at least 26 min plus the gap, so nobody does more than about two an hour. A job
 * that could no longer be finished inside the shift is one the office declined.
 */
function oneVisitAtATime(
  date: string,
  jobs: HistoryJob[],
  technicians: readonly HistoryTechnician[],
): HistoryJob[] {
  const shiftEnd = businessInstant(date, DEMO_SHIFT.endHour);
  const freeAt = new Map(technicians.map((t) => [t.id, new Date(0)]));
  const byAccept = jobs
    .filter((j) => j.status === 'completed')
    .sort((a, b) => a.acceptedAt!.getTime() - b.acceptedAt!.getTime() || a.id - b.id);
  const settled = new Map<number, HistoryJob>();
  for (const job of byAccept) {
    const technician = technicians.reduce((first, t) =>
      freeAt.get(t.id)! < freeAt.get(first.id)! ? t : first,
    );
    const wait = Math.max(0, freeAt.get(technician.id)!.getTime() - job.acceptedAt!.getTime());
    const later = (at: Date | null) => new Date(at!.getTime() + wait);
    const completedAt = later(job.completedAt);
    if (completedAt > shiftEnd) {
      settled.set(job.id, {
        ...job,
        status: 'declined',
        technician: null,
        acceptedAt: null,
        enRouteAt: null,
        onLocationAt: null,
        completedAt: null,
        closedAt: plus(job.requestedAt, 30),
        travelMinutes: null,
        installMinutes: null,
        serviceCode: null,
        price: 0,
      });
      continue;
    }
    freeAt.set(technician.id, plus(completedAt, BETWEEN_VISITS_MINUTES));
    settled.set(job.id, {
      ...job,
      technician,
      acceptedAt: later(job.acceptedAt),
      enRouteAt: later(job.enRouteAt),
      onLocationAt: later(job.onLocationAt),
      completedAt,
      closedAt: completedAt,
    });
  }
  return jobs.map((j) => settled.get(j.id) ?? j);
}

/** The jobs of `days` days ending with `endDate`, oldest day first. */
export function planDemoHistory(options: DemoHistoryOptions): HistoryJob[] {
  const { days, endDate, jobsPerDay = 15, technicians = benchTechnicians(jobsPerDay) } = options;
  const jobs: HistoryJob[] = [];
  for (let i = days - 1; i >= 0; i--) {
    jobs.push(...planHistoryDay(addDays(endDate, -i), jobsPerDay, technicians));
  }
  return jobs;
}

export function historyTotals(jobs: readonly HistoryJob[]): DemoHistoryTotals {
  const completed = jobs.filter((j) => j.status === 'completed');
  return {
    jobs: jobs.length,
    completed: completed.length,
    closedWithoutService: jobs.length - completed.length,
    batteries: completed.filter(
      (j) => j.serviceCode === 'battery_installed' || j.serviceCode === 'warranty_replacement',
    ).length,
    revenue: completed.reduce((sum, j) => sum + j.price, 0),
  };
}

const CHUNK = 2_000;

/** Writes the history into the stack's database (dispatch's schema) and its report rows. */
export async function fillDemoHistory(
  databaseUrl: string,
  options: DemoHistoryOptions,
): Promise<DemoHistoryTotals> {
  const jobs = planDemoHistory(options);
  const from = addDays(options.endDate, 1 - options.days);
  const customers = options.withCustomers === true;
  await inTransaction(
    databaseUrl,
    async (client) => {
      for (let i = 0; i < jobs.length; i += CHUNK) {
        const chunk = jobs.slice(i, i + CHUNK);
        await insertJobs(client, chunk, customers);
        if (customers) await insertCustomers(client, chunk);
      }
      if (customers) await countDailySales(client, from, options.endDate);
      await client.query('SELECT refresh_report_days($1, $2)', [from, options.endDate]);
    },
    'dispatch',
  );
  return historyTotals(jobs);
}

/** One statement per table for a chunk: arrays unnested into rows; a day filled before is kept. */
async function insertJobs(
  client: Client,
  jobs: readonly HistoryJob[],
  withCustomers: boolean,
): Promise<void> {
  const column = <T>(pick: (job: HistoryJob) => T) => jobs.map(pick);
  await client.query(
    `INSERT INTO board_appointments
       (id, customer_id, customer_name, customer_phone, location, vehicle, preferred_time,
        scheduled_date, scheduled_time, scheduled_start_time, priority, status, technician_id,
        technician_username, technician_name, requested_at, accepted_at, en_route_at,
        on_location_at, completed_at, closed_at, version, created_at, updated_at)
     SELECT id, CASE WHEN $2 THEN id ELSE ${NO_CUSTOMER} END, name, phone, location, vehicle, preferred, scheduled_date, scheduled_time,
            scheduled_start, 'normal', status, technician_id, technician_username,
            technician_name, requested_at, accepted_at, en_route_at, on_location_at,
            completed_at, closed_at, 5, requested_at, closed_at
       FROM unnest($1::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                   $8::date[], $9::text[], $10::timestamptz[], $11::text[], $12::int[],
                   $13::text[], $14::text[], $15::timestamptz[], $16::timestamptz[],
                   $17::timestamptz[], $18::timestamptz[], $19::timestamptz[],
                   $20::timestamptz[])
         AS j(id, name, phone, location, vehicle, preferred, scheduled_date, scheduled_time,
              scheduled_start, status, technician_id, technician_username, technician_name,
              requested_at, accepted_at, en_route_at, on_location_at, completed_at, closed_at)
     ON CONFLICT (id) DO NOTHING`,
    [
      column((j) => j.id),
      withCustomers,
      column((j) => j.customer.name),
      column((j) => j.customer.phone),
      column((j) => j.customer.location),
      column((j) => j.customer.vehicle),
      column((j) => j.preferredTime),
      column((j) => j.scheduledDate),
      column((j) => j.scheduledTime),
      column((j) => j.scheduledStartTime),
      column((j) => j.status),
      column((j) => j.technician?.id ?? null),
      column((j) => j.technician?.username ?? null),
      column((j) => j.technician?.name ?? null),
      column((j) => j.requestedAt),
      column((j) => j.acceptedAt),
      column((j) => j.enRouteAt),
      column((j) => j.onLocationAt),
      column((j) => j.completedAt),
      column((j) => j.closedAt),
    ],
  );
  const done = jobs.filter((j) => j.status === 'completed');
  await client.query(
    `INSERT INTO job_metrics
       (user_id, appointment_id, job_start_time, job_end_time, arrival_time,
        location_marked_time, travel_time, job_duration, service_code, price)
     SELECT user_id, appointment_id, accepted_at, completed_at, on_location_at, on_location_at,
            travel, install, service_code, price
       FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::timestamptz[],
                   $5::timestamptz[], $6::int[], $7::int[], $8::text[], $9::numeric[])
         AS m(user_id, appointment_id, accepted_at, completed_at, on_location_at, travel,
              install, service_code, price)
     ON CONFLICT (appointment_id) DO NOTHING`,
    [
      done.map((j) => j.technician!.id),
      done.map((j) => j.id),
      done.map((j) => j.acceptedAt),
      done.map((j) => j.completedAt),
      done.map((j) => j.onLocationAt),
      done.map((j) => j.travelMinutes),
      done.map((j) => j.installMinutes),
      done.map((j) => j.serviceCode),
      done.map((j) => j.price),
    ],
  );
}

/**
 * Each job's customer as booking and inventory keep them (booking's trigger files the address
 * and the car), the visit with a reference to read out, and a completed visit's service record:
 * a serial for every battery fitted, the car's details and the miles its age makes plausible.
 * The stock levels stay as they are: the history's batteries were restocked long since.
 */
async function insertCustomers(client: Client, jobs: readonly HistoryJob[]): Promise<void> {
  const column = <T>(pick: (job: HistoryJob) => T) => jobs.map(pick);
  const ids = column((j) => j.id);
  await client.query(
    `INSERT INTO booking.customers
       (id, name, phone, phone_digits, total_jobs, last_service_at, created_at, updated_at)
     SELECT id, name, phone, phone, CASE WHEN status = 'declined' THEN 0 ELSE 1 END,
            completed_at, requested_at, closed_at
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::timestamptz[],
                   $6::timestamptz[], $7::timestamptz[])
         AS c(id, name, phone, status, completed_at, requested_at, closed_at)
     ON CONFLICT (id) DO NOTHING`,
    [
      ids,
      column((j) => j.customer.name),
      column((j) => j.customer.phone),
      column((j) => j.status),
      column((j) => j.completedAt),
      column((j) => j.requestedAt),
      column((j) => j.closedAt),
    ],
  );
  await client.query(
    `INSERT INTO inventory.customers (id, name, phone)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[]) ON CONFLICT (id) DO NOTHING`,
    [ids, column((j) => j.customer.name), column((j) => j.customer.phone)],
  );
  // Booking's trigger writes to its own tables unqualified: it runs on booking's search path.
  await client.query('SET LOCAL search_path = booking');
  await client.query(
    `INSERT INTO appointments
       (id, customer_id, location, vehicle, preferred_time, status, scheduled_date,
        scheduled_time, scheduled_start_time, requested_at, created_at)
     SELECT id, id, location, vehicle, preferred, status, scheduled_date, scheduled_time,
            scheduled_start, requested_at, requested_at
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::date[],
                   $7::text[], $8::timestamptz[], $9::timestamptz[])
         AS a(id, location, vehicle, preferred, status, scheduled_date, scheduled_time,
              scheduled_start, requested_at)
     ON CONFLICT (id) DO NOTHING`,
    [
      ids,
      column((j) => j.customer.location),
      column((j) => j.customer.vehicle),
      column((j) => j.preferredTime),
      column((j) => j.status),
      column((j) => j.scheduledDate),
      column((j) => j.scheduledTime),
      column((j) => j.scheduledStartTime),
      column((j) => j.requestedAt),
    ],
  );
  // A reference seeded by the job; the rare one a live booking already has is left out.
  await client.query(
    `INSERT INTO appointment_references (appointment_id, reference)
     SELECT * FROM unnest($1::int[], $2::text[]) ON CONFLICT DO NOTHING`,
    [ids, column((j) => historyReference(j.id))],
  );
  await client.query('SET LOCAL search_path = dispatch');
  const records = jobs.filter((j) => j.status === 'completed').map(serviceRecordOf);
  const field = <T>(pick: (record: HistoryRecord) => T) => records.map(pick);
  await client.query(
    `INSERT INTO inventory.service_records
       (appointment_id, customer_id, service_code, completion_notes, technician_id,
        technician_name, battery_serial_number, previous_battery_serial_number, vehicle_year,
        vehicle_make, vehicle_model, vehicle_color, vehicle_mileage, inventory_item_id,
        completed_at, price, battery_tests)
     SELECT r.id, r.id, code, notes, technician_id, technician_name, serial, previous, year,
            make, model, color, mileage, (SELECT i.id FROM inventory.inventory_items i
                                           WHERE i.sku = r.sku ORDER BY i.id LIMIT 1),
            completed_at, price, tests
       FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[],
                   $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[],
                   $13::text[], $14::timestamptz[], $15::numeric[], $16::jsonb[])
         AS r(id, code, notes, technician_id, technician_name, serial, previous, year, make,
              model, color, mileage, sku, completed_at, price, tests)
      WHERE NOT EXISTS (SELECT 1 FROM inventory.service_records s WHERE s.appointment_id = r.id)`,
    [
      field((r) => r.job.id),
      field((r) => r.job.serviceCode),
      field((r) => r.notes),
      field((r) => r.job.technician!.id),
      field((r) => r.job.technician!.name),
      field((r) => r.serial),
      field((r) => r.previousSerial),
      field((r) => r.vehicle.vehicleYear),
      field((r) => r.vehicle.vehicleMake),
      field((r) => r.vehicle.vehicleModel),
      field((r) => r.vehicle.vehicleColor),
      field((r) => r.mileage),
      field((r) => r.sku),
      field((r) => r.job.completedAt),
      field((r) => r.job.price),
      field((r) => JSON.stringify(r.tests)),
    ],
  );
}

interface HistoryRecord {
  job: HistoryJob;
  notes: string;
  serial: string | null;
  previousSerial: string | null;
  sku: string | null;
  vehicle: ReturnType<typeof vehicleParts>;
  mileage: string;
  /** The battery tests the record keeps, as a technician takes them (issue 35). */
  tests: BatteryTest[];
}

/**
 * The tests of a visit, drawn from the job's own seed: the old battery tested on arrival (failing
 * where it was replaced or declined, passing on a test-only visit), the new one after it went in.
 */
function historyTests(job: HistoryJob, fitted: boolean, agm: boolean): BatteryTest[] {
  const random = seededRandom(job.id * 31 + 7);
  const code = job.serviceCode!;
  const ratedCca = agm ? 760 : 640;
  const done = job.completedAt!.getTime();
  const failing = code !== 'test_only';
  const health = failing ? 5 + Math.floor(random() * 40) : 70 + Math.floor(random() * 26);
  const decision: TestDecision = !failing
    ? health < 80
      ? 'GOOD_RECHARGE'
      : 'GOOD'
    : code === 'warranty_replacement' && random() < 0.5
      ? 'BAD_CELL'
      : 'REPLACE';
  const test = (battery: TestedBattery, stateOfHealth: number, at: number): BatteryTest => ({
    id: job.id * 2 + (battery === 'new' ? 1 : 0),
    appointmentId: job.id,
    battery,
    ratingStandard: 'SAE',
    ratedCca,
    measuredCca: Math.round((ratedCca * Math.max(stateOfHealth, 30)) / 100),
    voltage: Math.round((11.8 + (stateOfHealth / 100) * 0.9) * 100) / 100,
    stateOfHealth,
    decision: battery === 'new' ? 'GOOD' : decision,
    starter: null,
    charging: battery === 'old' ? { voltage: 14.1, result: 'NO_PROBLEMS' } : null,
    testCode: `D${job.id}${battery === 'old' ? 'A' : 'B'}`,
    technicianId: job.technician!.id,
    technicianName: job.technician!.name,
    testedAt: new Date(at).toISOString(),
  });
  const tests = [test('old', health, done - 12 * 60_000)];
  if (fitted) tests.push(test('new', 100, done - 60_000));
  return tests;
}

const NOTES: Record<ServiceCode, string> = {
  battery_installed: 'Tested alternator and terminals; old battery recycled.',
  warranty_replacement: 'Failed load test under warranty; replaced at no charge.',
  test_only: 'Battery and charging system tested good; no replacement needed.',
  no_service: 'Customer declined the replacement at the door.',
};

/** A completed job's record; the battery's model follows its price (AGM or flooded). */
function serviceRecordOf(job: HistoryJob): HistoryRecord {
  const code = job.serviceCode!;
  const fitted = code === 'battery_installed' || code === 'warranty_replacement';
  const n = job.id - DEMO_HISTORY_FIRST_ID;
  const agm = job.price === PRICES.agm || (code === 'warranty_replacement' && n % 2 === 0);
  return {
    job,
    notes: NOTES[code],
    serial: fitted ? `DEMO-${n}` : null,
    previousSerial: code === 'warranty_replacement' ? `DEMO-W${n}` : null,
    sku: fitted ? (agm ? (n % 3 ? 'AGM-H6' : 'AGM-H7') : n % 4 ? 'FL-35' : 'FL-24F') : null,
    vehicle: vehicleParts(job.customer.vehicle),
    mileage: String(mileageOf(job.customer.vehicle, job.completedAt!, job.customer.yearlyMiles)),
    tests: historyTests(job, fitted, agm),
  };
}

/** A reference drawn from a PRNG seeded with the job: the same in every fill. */
function historyReference(id: number): string {
  const random = seededRandom(id);
  return referenceFrom((max) => Math.floor(random() * max));
}

/** Batteries fitted per business day of the range, recounted from the service records. */
async function countDailySales(client: Client, from: string, to: string): Promise<void> {
  const day = `(completed_at AT TIME ZONE 'America/New_York')::date`;
  await client.query(
    `INSERT INTO inventory.daily_sales (sale_date, batteries_sold)
     SELECT ${day}, count(*) FROM inventory.service_records
      WHERE service_code = 'battery_installed' AND ${day} BETWEEN $1 AND $2
      GROUP BY 1
     ON CONFLICT (sale_date) DO UPDATE SET batteries_sold = EXCLUDED.batteries_sold`,
    [from, to],
  );
}
