import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  addDays,
  businessDate,
  type DashboardAppointment,
  type DashboardStats,
  type TimeSlot,
} from '@cincy/contracts';
import { ALL_WEEK_SHIFTS, ApiClient, bookAsap, login, Stack, startStack } from '@cincy/stack';
import type { Page } from 'playwright-core';
import { cardStatus, dialog, eventually, statValue, watchConsole } from '../src/board';
import { addTechnician } from '../src/office';
import { launchBrowser, TestBrowser } from '../src/browser';
import {
  PHONE,
  boardSection,
  businessNoonToday,
  jobCard,
  publicStackEnv,
  signInToBoard,
  signInToFieldApp,
  toastIn,
} from '../src/public-site';

// A dispatcher's day: shifts set, the hour grid following them, a new ASAP request assigned to the
// technician the board suggests, that technician (signed in to the field app) working it to
// completion while the dispatcher's board and map follow live, and the day view and the tiles showing what was measured.
describe('dispatching (shifts, assignment, live boards, the day view)', () => {
  const secret = () => randomBytes(9).toString('base64url');
  const admin = { username: 'e2e-dispatcher', password: `E2e-${secret()}` };
  /** Near the customer (downtown) and far from them (Florence, KY). */
  const near = {
    username: 'e2e-near',
    password: `Tech-${secret()}`,
    name: 'Dana Near',
    position: { latitude: 39.105, longitude: -84.515, accuracy: 10 },
  };
  const far = {
    username: 'e2e-far',
    password: `Tech-${secret()}`,
    name: 'Lee Far',
    position: { latitude: 38.999, longitude: -84.627, accuracy: 10 },
  };
  const suffix = randomBytes(3).toString('hex');
  const customer = {
    name: `E2E Dispatch ${suffix}`,
    phone: `513557${String(parseInt(suffix, 16) % 10_000).padStart(4, '0')}`,
  };
  let stack: Stack | undefined;
  let staff: ApiClient;
  let adminBrowser: TestBrowser | undefined;
  let techBrowser: TestBrowser | undefined;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    stack = await startStack({
      throwaway: { label: 'e2edispatch' },
      admin,
      serviceEnv: publicStackEnv(businessNoonToday()),
    });
    staff = await login(stack.baseUrl, admin.username, admin.password);
    for (const t of [near, far]) {
      const user = await addTechnician(staff, t);
      ids[t.username] = user.id;
      const own = await login(stack.baseUrl, t.username, t.password);
      await own.request('PUT', `/api/users/${user.id}/location`, t.position);
    }
    adminBrowser = await launchBrowser({ baseURL: stack.baseUrl });
    techBrowser = await launchBrowser({ baseURL: stack.baseUrl, viewport: PHONE });
    await techBrowser.context.grantPermissions(['geolocation'], { origin: stack.baseUrl });
    await techBrowser.context.setGeolocation(near.position);
  }, 180_000);

  afterAll(async () => {
    await techBrowser?.close();
    await adminBrowser?.close();
    await stack?.stop();
  }, 60_000);

  async function explain(error: unknown): Promise<Error> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cincy-dispatching-'));
    for (const [who, browser] of [
      ['dispatcher', adminBrowser],
      ['technician', techBrowser],
    ] as const)
      await browser?.page
        .screenshot({ path: path.join(dir, `${who}.png`), fullPage: true })
        .catch(() => undefined);
    return new Error(
      `${(error as Error).message}\nscreenshots: ${dir}\n--- recent service output ---\n${stack?.recentOutput()}`,
    );
  }

  async function statusOnBoard(page: Page, name: string, status: string) {
    await eventually(
      `${name} reads ${status}`,
      () => cardStatus(jobCard(page, name).first()),
      (text) => text.trim() === status,
    );
  }

  test('shifts, the suggested technician, a job worked live, the measured day', async () => {
    try {
      await dispatchADay();
    } catch (error) {
      throw await explain(error);
    }
  }, 240_000);

  async function dispatchADay() {
    const adminPage = adminBrowser!.page;
    const techPage = techBrowser!.page;
    adminPage.setDefaultTimeout(20_000);
    techPage.setDefaultTimeout(20_000);
    const adminConsole = watchConsole(adminPage);

    // Shifts: both work around the clock, but tomorrow Dana only 10-12 and Lee has the day off.
    const tomorrow = addDays(businessDate(businessNoonToday()), 1);
    // (Dispatch hears of a new technician a few milliseconds after identity answers.)
    for (const t of [near, far]) {
      await eventually(
        `${t.name}'s weekly pattern set`,
        () =>
          staff.request('PUT', `/api/schedules/${ids[t.username]}/weekly`, {
            shifts: ALL_WEEK_SHIFTS,
          }),
        () => true,
      );
    }
    await staff.request('PUT', `/api/schedules/${ids[near.username]}/dates/${tomorrow}`, {
      shifts: [{ start: '10:00', end: '12:00' }],
    });
    await staff.request('PUT', `/api/schedules/${ids[far.username]}/dates/${tomorrow}`, {
      shifts: [],
    });

    // The Schedules screen shows both on shift now.
    await signInToBoard(adminPage, admin.username, admin.password);
    await adminPage.goto('/schedules');
    for (const t of [near, far]) {
      await adminPage.getByText(t.name, { exact: true }).first().waitFor();
    }
    expect(await adminPage.getByText('On shift now', { exact: true }).count()).toBe(2);

    // The hour grid follows: tomorrow only 10 and 11 AM are open (one technician each).
    const grid = await eventually(
      "tomorrow's hour grid follows the shifts",
      () => staff.request<TimeSlot[]>('GET', `/api/time-slots?date=${tomorrow}`),
      (slots) => slots.filter((s) => s.available).length === 2,
    );
    expect(grid.filter((s) => s.available).map((s) => s.hour)).toEqual([10, 11]);
    expect(grid.find((s) => s.hour === 14)?.reason).toBe('Outside working hours');

    // A customer books ASAP; the dispatcher's board suggests Dana, who is nearest.
    await adminPage.goto('/dispatch');
    await adminPage.getByRole('heading', { name: 'Available Jobs' }).waitFor();
    await bookAsap(stack!.baseUrl, customer);
    const card = boardSection(adminPage, 'Available Jobs').locator('[data-testid="job-card"]', {
      hasText: customer.name,
    });
    await card.waitFor();
    await eventually(
      'the card suggests Dana',
      () => card.getByTestId('best-suggestion').innerText(),
      (text) => text.includes(near.name),
    );

    // Assign: the dialog ranks Dana first and picks her; the card reads Assigned.
    await card.getByRole('button', { name: 'Assign', exact: true }).click();
    const assign = dialog(adminPage, `Assign ${customer.name}`);
    await assign.waitFor();
    await assign.getByRole('radio', { name: new RegExp(near.name) }).waitFor();
    // (antd's radio is a hidden input inside its label: the label reads the choice.)
    expect(await assign.locator('.ant-radio-wrapper').first().innerText()).toContain(near.name);
    await assign.getByRole('button', { name: `Assign ${near.name}` }).click();
    await assign.waitFor({ state: 'detached' });
    await statusOnBoard(adminPage, customer.name, 'Assigned');
    // The map draws the job in the assigned colour.
    await adminPage
      .locator(`.map-marker-appointment[title^="${customer.name}"] .map-dot`)
      .first()
      .waitFor();
    expect(
      await adminPage
        .locator(`.map-marker-appointment[title^="${customer.name}"] .map-dot`)
        .first()
        .evaluate((dot) => getComputedStyle(dot).backgroundColor),
    ).toBe('rgb(37, 99, 235)');

    // Dana signs in on her phone and lands on the field app. She works the job there: its steps
    // reach the API as these calls (the field app's outbox sends them), and the board follows.
    await signInToFieldApp(techPage, near.username, near.password);
    const dana = await login(stack!.baseUrl, near.username, near.password);
    const job = (await dana.request<DashboardAppointment[]>('GET', '/api/appointments')).find(
      (a) => a.customer.name === customer.name,
    )!;
    for (const [status, label] of [
      ['accepted', 'Accepted'],
      ['en_route', 'En Route'],
      ['on_location', 'On Location'],
    ] as const) {
      await dana.request('PATCH', `/api/appointments/${job.id}/status`, { status });
      await statusOnBoard(adminPage, customer.name, label);
    }

    // A minute on location, so the install has a duration to measure; then complete.
    await adminPage.waitForTimeout(61_000);
    await dana.request('POST', `/api/appointments/${job.id}/battery-tests`, {
      battery: 'old',
      ratingStandard: 'SAE',
      ratedCca: 600,
      measuredCca: 540,
      voltage: 12.6,
      stateOfHealth: 90,
      decision: 'GOOD',
    });
    await dana.request('POST', '/api/service-records', {
      appointmentId: job.id,
      customerId: job.customerId,
      serviceCode: 'test_only',
      technicianId: ids[near.username],
      technicianName: near.name,
    });
    await jobCard(adminPage, customer.name).waitFor({ state: 'detached' });

    // The tiles: one job, an install of about a minute, jobs per hour of shift (not per job).
    await eventually(
      'Completed Today',
      () => statValue(adminPage, 'Completed Today'),
      (v) => v.trim() === '1',
    );
    await eventually(
      'Avg Install Time',
      () => statValue(adminPage, 'Avg Install Time'),
      (v) => /^[12] min$/.test(v.trim()),
    );
    const stats = await staff.request<DashboardStats>('GET', '/api/dashboard/stats');
    expect(stats.averageInstallTime).toBeGreaterThanOrEqual(1);
    // Two technicians on shift since midnight: one job per that many hours, never 1 per job
    // (except in the day's first half hour, when the divisor is its one-hour floor).
    expect(stats.tasksPerAvailableHour).toBeLessThanOrEqual(1);

    // The day view: Dana's row holds the job, measured, at whatever hour this runs (the job's
    // times are the real clock's: the timeline widens past 7 AM-10 PM to hold it).
    await adminPage.goto('/day');
    const danaDay = adminPage.getByRole('region', { name: `${near.name}'s day` });
    const block = danaDay.locator('.day-job', { hasText: customer.name });
    await block.waitFor();
    expect(await block.innerText()).toContain('measured');
    expect(adminConsole.errors.filter((e) => !/tile/.test(e))).toEqual([]);
  }

  test('the day view moves a visit to the hour it is dragged to, once confirmed', async () => {
    try {
      await dragToAnotherHour();
    } catch (error) {
      throw await explain(error);
    }
  }, 120_000);

  /** A visit booked for 3 PM today (booking's clock: noon) dragged along the hours to 5 PM. */
  async function dragToAnotherHour() {
    const adminPage = adminBrowser!.page;
    const today = businessDate(businessNoonToday());
    const mover = { name: `E2E Moved ${suffix}`, phone: customer.phone.replace(/^513/, '859') };
    const created = await staff.createCustomer(mover);
    const visit = await staff.request<{ id: number }>('POST', '/api/appointments', {
      customerId: created.id,
      location: '1 Fountain Square, Cincinnati, Ohio 45202',
      preferredTime: today,
      scheduledDate: today,
      scheduledTime: '15:00:00',
    });
    await signInToBoard(adminPage, admin.username, admin.password);
    await adminPage.goto('/day');
    const open = adminPage.getByRole('region', { name: 'Unassigned jobs' });
    const block = open.locator('.day-job', { hasText: mover.name });
    await block.waitFor();
    // The block is taken 10 px into it and let go with its left edge on 5 PM's mark.
    const track = (await open.locator('.day-track').boundingBox())!;
    const tick = (await adminPage.locator('.day-tick', { hasText: /^5 PM$/ }).boundingBox())!;
    const fivePm = tick.x + tick.width / 2 - track.x;
    await block.dragTo(open.locator('.day-track'), {
      sourcePosition: { x: 10, y: 10 },
      targetPosition: { x: fivePm + 10, y: 10 },
    });
    const confirm = adminPage.locator('.ant-modal-confirm', {
      hasText: `Move ${mover.name} to 5 PM?`,
    });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('The customer is told by text and email.');
    await confirm.getByRole('button', { name: 'Move', exact: true }).click();
    await toastIn(adminPage).filter({ hasText: 'Visit Moved' }).first().waitFor();
    await eventually(
      'the board has the visit at 5 PM',
      async () => (await staff.appointments()).find((a) => a.id === visit.id)?.scheduledTime,
      (time) => time === '17:00:00',
    );
  }
});
