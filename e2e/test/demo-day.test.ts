import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  addDays,
  businessDate,
  businessParts,
  CUSTOMER_PAGE_SIZE,
  missingTest,
  type CustomerSummary,
  type CustomerVisits,
  type DashboardAppointment,
  type DayJob,
  type DayView,
  type MoneyReport,
  type Report,
  type ServiceRecord,
  type User,
} from '@cincy/contracts';
import {
  ApiClient,
  DEMO_HISTORY_FIRST_ID,
  DEMO_LOGINS,
  DEMO_SERVICE_ENV,
  fillDemoDayEarlier,
  freePort,
  openStateAt,
  removeStackData,
  resumeDemoDay,
  Stack,
  startStack,
  withDatabaseName,
} from '@cincy/stack';
import type { Page } from 'playwright-core';
import { screenshotFinished, watchConsole } from '../src/board';
import { launchBrowser, TestBrowser } from '../src/browser';
import { PHONE, signInToBoard } from '../src/public-site';

const DESKTOP = { width: 1440, height: 900 };
const SHOTS = path.join(
  process.env.E2E_SCREENSHOTS_DIR ?? path.join(__dirname, '..', '..', 'tmp', 'demo-day'),
  new Date().toISOString().replace(/[:.]/g, '-'),
);
/** 'Fri, Nov 27, 2026', as the Day View heads a date. */
const shortDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
/** '23:58' as minutes after midnight. */
const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const minutes = (job: Pick<DayJob, 'start' | 'end'>) =>
  (new Date(job.end).getTime() - new Date(job.start).getTime()) / 60_000;

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
  /** When the demo was filled: what is under way then depends on the hour. */
  let filledAt: Date;
  const browsers: TestBrowser[] = [];

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
      serviceEnv: { ...DEMO_SERVICE_ENV, ...serviceEnv },
    });

  beforeAll(async () => {
    const earlier = await fillDemoDayEarlier(launch, () => undefined);
    expect(earlier.filledAt).not.toBeNull();
    filledAt = earlier.filledAt!;
    stack = await launch();
    const day = await resumeDemoDay(stack.baseUrl, earlier);
    stop = new AbortController();
    void day.keepTeamOnline(stop.signal);
    admin = new ApiClient(stack.baseUrl);
    await admin.login('admin', DEMO_LOGINS.admin);
  }, 180_000);

  afterAll(async () => {
    for (const b of browsers) await b.close();
    stop?.abort();
    await stack?.stop();
    await removeStackData(where);
  }, 60_000);

  it('fills the board with a job in every state, one past the SLA, and future jobs', async () => {
    const board = await admin.request<DashboardAppointment[]>('GET', '/api/appointments');
    const states = new Set(board.map((a) => a.status));
    // Completed only once a visit has finished today: at 8:30 AM a real day has none yet.
    const today = businessDate();
    const doneToday = (await customersRecords()).some(
      (r) => businessDate(new Date(r.completedAt)) === today,
    );
    expect(states.has('completed')).toBe(doneToday);
    // Nobody on the road outside the shift: at night the jobs under way are only accepted.
    const underWay = (['en_route', 'on_location'] as const).map((s) => openStateAt(s, filledAt));
    for (const state of ['pending', 'accepted', 'declined', ...underWay])
      expect([state, states.has(state as never)]).toEqual([state, true]);
    const onTheRoad = board.filter((a) => a.status === 'en_route' || a.status === 'on_location');
    expect(onTheRoad.length > 0).toBe(underWay.includes('on_location'));
    const minutesAgo = (a: DashboardAppointment) =>
      (Date.now() - new Date(a.requestedAt).getTime()) / 60_000;
    expect(
      board.some((a) => a.status === 'pending' && !a.scheduledDate && minutesAgo(a) >= 60),
    ).toBe(true);
    expect(board.filter((a) => a.scheduledDate && a.scheduledDate > today).length).toBe(3);
  });

  it("has the day's customers, and the history's in the Customer Database too", async () => {
    const customers = await allCustomers();
    const today = customers.filter((c) => c.id < DEMO_HISTORY_FIRST_ID);
    expect(today.length).toBeGreaterThanOrEqual(20);
    expect(today.length).toBeLessThanOrEqual(40);
    const returning = today.find((c) => c.totalJobs === 2)!;
    const history = await admin.request<{ batterySerialNumber: string }[]>(
      'GET',
      `/api/customers/${returning.id}/service-records`,
    );
    expect(history).toHaveLength(2);
    expect(history.every((r) => /^DEMO-\d{6}$/.test(r.batterySerialNumber))).toBe(true);
    // One customer a job of the 90 days before, each with their visit, as a real list grows.
    const earlier = customers.filter((c) => c.id >= DEMO_HISTORY_FIRST_ID);
    expect(earlier.length).toBeGreaterThan(600);
    expect(new Set(earlier.map((c) => c.name)).size).toBe(earlier.length);
    const someone = earlier.find((c) => c.totalJobs === 1)!;
    const visits = await admin.request<CustomerVisits>(
      'GET',
      `/api/customers/${someone.id}/visits`,
    );
    expect(visits.total).toBe(1);
    expect(visits.visits[0].reference).toMatch(/^CB-[0-9A-Z]{5}$/);
  });

  let customerList: Promise<CustomerSummary[]> | undefined;
  /** Every customer in the Customer Database, page by page (nothing changes them meanwhile). */
  function allCustomers(): Promise<CustomerSummary[]> {
    customerList ??= (async () => {
      const all: CustomerSummary[] = [];
      for (let offset = 0; ; offset += CUSTOMER_PAGE_SIZE) {
        const page = await admin.request<CustomerSummary[]>(
          'GET',
          `/api/customers?offset=${offset}`,
        );
        all.push(...page);
        if (page.length < CUSTOMER_PAGE_SIZE) return all;
      }
    })();
    return customerList;
  }

  let recordList: Promise<ServiceRecord[]> | undefined;
  /** Every service record of every customer in the Customer Database, ten requests at a time. */
  function allRecords(): Promise<ServiceRecord[]> {
    recordList ??= (async () => {
      const customers = await allCustomers();
      const records: ServiceRecord[] = [];
      for (let i = 0; i < customers.length; i += 10) {
        const pages = await Promise.all(
          customers
            .slice(i, i + 10)
            .map((c) =>
              admin.request<ServiceRecord[]>('GET', `/api/customers/${c.id}/service-records`),
            ),
        );
        records.push(...pages.flat());
      }
      return records;
    })();
    return recordList;
  }

  /** The service records of the demo's own visits (the history's jobs have ids of their own). */
  async function customersRecords(): Promise<ServiceRecord[]> {
    return (await allRecords()).filter((r) => r.appointmentId < DEMO_HISTORY_FIRST_ID);
  }

  it('stocks batteries, one of them low, less what was installed', async () => {
    const items = await admin.request<{ quantity: number; minQuantity: number }[]>(
      'GET',
      '/api/inventory',
    );
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.filter((i) => i.quantity <= i.minQuantity)).toHaveLength(1);
    // Sold today: the visits finished today (a morning demo has done fewer than an evening one).
    const records = await customersRecords();
    expect(records).toHaveLength(28);
    const today = businessDate();
    expect(await admin.request('GET', '/api/dashboard/batteries-sold-today')).toBe(
      records.filter((r) => businessDate(new Date(r.completedAt)) === today).length,
    );
  });

  it("times the day so far as a real day's: 15-25 min at each car, inside the 8-9 shift", async () => {
    const records = await customersRecords();
    const days = [...new Set(records.map((r) => businessDate(new Date(r.completedAt))))].sort();
    const today = businessDate();
    let completed = 0;
    for (const date of new Set([...days, today])) {
      const view = await admin.request<DayView>('GET', `/api/dispatch/day?date=${date}`);
      const jobs = [...view.unassigned, ...view.rows.flatMap((r) => r.jobs)];
      for (const job of jobs)
        expect([job.customerName, minutes(job) > 0]).toEqual([job.customerName, true]);
      for (const job of jobs.filter((j) => j.status === 'completed')) {
        completed++;
        expect(job.measured).toBe(true);
        expect(minutes(job)).toBeGreaterThanOrEqual(15);
        expect(minutes(job)).toBeLessThanOrEqual(25);
        expect(businessParts(new Date(job.start)).hour).toBeGreaterThanOrEqual(8);
        expect(businessParts(new Date(job.end)).hour).toBeLessThan(21);
      }
    }
    expect(completed).toBe(28);
    // One battery per car, and miles its age makes plausible (8,000-15,000 a year).
    const cars = records.map(
      (r) => `${r.customerId} ${r.vehicleYear} ${r.vehicleMake} ${r.vehicleModel}`,
    );
    expect(new Set(cars).size).toBe(records.length);
    // Each record stands on the tests its service needs; the history's have the old battery's.
    expect(records.filter((r) => missingTest(r.serviceCode, r.batteryTests) !== null)).toEqual([]);
    const history = records.filter((r) => r.appointmentId >= DEMO_HISTORY_FIRST_ID);
    expect(history.every((r) => r.batteryTests.some((t) => t.battery === 'old'))).toBe(true);
    for (const r of records) {
      const years = businessParts().year - Number(r.vehicleYear) + 0.5;
      expect(Number(r.vehicleMileage) / years).toBeGreaterThan(6_000);
      expect(Number(r.vehicleMileage) / years).toBeLessThan(18_000);
    }
    // From the demo's first visit on, Reports count what the customers' records hold.
    const report = await admin.request<Report>('GET', `/api/reports?from=${days[0]}&to=${today}`);
    expect(report.totals.jobsCompleted).toBe(records.length);
    expect(report.totals.batteriesInstalled).toBe(
      records.filter((r) => r.serviceCode === 'battery_installed').length,
    );
    expect(report.totals.averageInstallMinutes).toBeGreaterThanOrEqual(15);
    expect(report.totals.averageInstallMinutes).toBeLessThanOrEqual(25);
  });

  it("counts in Reports, over the whole history, just what the customers' records hold", async () => {
    const records = await allRecords();
    const first = records.map((r) => businessDate(new Date(r.completedAt))).sort()[0];
    expect(first <= addDays(businessDate(), -85)).toBe(true);
    const report = await admin.request<Report>(
      'GET',
      `/api/reports?from=${first}&to=${businessDate()}`,
    );
    expect(report.totals.jobsCompleted).toBe(records.length);
    // A warranty replacement fits a battery too, at no charge.
    expect(report.totals.batteriesInstalled).toBe(
      records.filter((r) => r.batterySerialNumber !== null).length,
    );
    expect(report.totals.revenue).toBe(records.reduce((sum, r) => sum + r.price, 0));
    // Every battery fitted has its own serial, and every car its plausible miles.
    const serials = records.flatMap((r) => (r.batterySerialNumber ? [r.batterySerialNumber] : []));
    expect(new Set(serials).size).toBe(serials.length);
    for (const r of records) {
      const years = businessParts().year - Number(r.vehicleYear) + 0.5;
      expect([r.id, Number(r.vehicleMileage) / years > 6_000]).toEqual([r.id, true]);
    }
  }, 120_000);

  it("takes most of the day's money at the door, by cash or check, at the visits' times", async () => {
    const today = businessDate();
    const money = await admin.request<MoneyReport>(
      'GET',
      `/api/reports/money?from=${addDays(today, -3)}&to=${today}`,
    );
    expect(money.totals.invoices).toBe(28);
    const paid = money.methods.reduce((n, m) => n + m.payments, 0);
    expect(paid).toBe(24);
    expect(money.methods.map((m) => m.method).sort()).toEqual(['cash', 'check']);
    expect(money.outstanding.count).toBe(4);
    expect(money.totals.collectedCents + money.outstanding.owedCents).toBe(
      money.totals.invoicedCents,
    );
    // Issued as each visit ended, not when the demo was filled.
    const ends = new Set(
      (await customersRecords()).map((r) => new Date(r.completedAt).toISOString()),
    );
    for (const owed of money.outstanding.invoices) {
      expect(ends.has(new Date(owed.issuedAt).toISOString())).toBe(true);
    }
  });

  /** Opens `route`, waits for `title` and the lists to finish drawing, saves the screenshot. */
  async function shoot(page: Page, name: string, route: string | null, title: string) {
    await screenshotFinished(page, SHOTS, name, route, title);
    return page.locator('body').innerText();
  }

  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows Reports, the Day View and the board as a real day at ${viewport.width} px`, async () => {
      mkdirSync(SHOTS, { recursive: true });
      console.log(`Demo day screenshots: ${SHOTS}`);
      const browser = await launchBrowser({ baseURL: stack!.baseUrl, viewport });
      browsers.push(browser);
      const page = browser.page;
      const { errors } = watchConsole(page);
      await signInToBoard(page, 'admin', DEMO_LOGINS.admin);
      await shoot(page, 'board', '/dispatch', 'Dispatch Dashboard');
      const day = await shoot(page, 'day', '/day', 'Day View');
      // The day before too: a morning demo's completed visits are yesterday's.
      await page.getByRole('button', { name: 'Previous day' }).click();
      const yesterday = addDays(businessDate(), -1);
      await page.getByText(shortDay(yesterday)).first().waitFor();
      const dayBefore = await shoot(page, 'day-before', null, 'Day View');
      // No block reads "03:33-03:33": every time span shown lasts a while. A job worked late
      // runs past midnight ("23:58-00:18" at night), so the length is taken around the clock.
      const spans = [...`${day}\n${dayBefore}`.matchAll(/(\d\d:\d\d)-(\d\d:\d\d)/g)];
      expect(spans.length).toBeGreaterThan(0);
      for (const [span, start, end] of spans) {
        const length = (clockMinutes(end) - clockMinutes(start) + 24 * 60) % (24 * 60);
        expect([span, length > 0]).toEqual([span, true]);
      }
      await shoot(page, 'reports', '/reports', 'Reports');
      // A returning customer's record: their visits, counted, one line each inside the screen.
      await shoot(page, 'customers', '/customer-database', 'Customer Database');
      const returning = (await allCustomers()).find(
        (c) => c.id < DEMO_HISTORY_FIRST_ID && c.totalJobs === 2,
      )!;
      await page.getByLabel('Search customers').fill(returning.phone);
      await page.getByRole('button', { name: `View History: ${returning.name}` }).click();
      const visits = page.getByRole('region', { name: 'Visits' });
      await visits.getByText(/^2 visits: 2 completed/).waitFor();
      // The dialog has finished opening: the picture shows it, not its fade.
      await page.waitForFunction(() => document.getAnimations().length === 0);
      await page.screenshot({ path: path.join(SHOTS, `customer-visits-${viewport.width}.png`) });
      const box = (await visits.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      for (const line of await visits.getByRole('listitem').all()) {
        const row = (await line.boundingBox())!;
        expect(row.x + row.width).toBeLessThanOrEqual(viewport.width);
      }
      expect(errors.filter((e) => !/Failed to load resource/.test(e) || !/tile/.test(e))).toEqual(
        [],
      );
    }, 90_000);
  }

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
