import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { bookAsap, login, startStack, Stack } from '@cincy/stack';
import type { Page } from 'playwright-core';
import { eventually, screenshotFinished, seedBattery, watchConsole } from '../src/board';
import { addTechnician } from '../src/office';
import { launchBrowser, TestBrowser } from '../src/browser';
import {
  PHONE,
  businessNoonToday,
  publicStackEnv,
  signInToBoard,
  signInToFieldApp,
} from '../src/public-site';

// Every staff screen at a desktop's 1440 px and a phone's 390 px, as an admin and as a
// technician (whose sign-in opens the field app): screenshots for a person to look at (the folder is printed), and what a machine can
// hold them to: each screen shows its title, nothing scrolls sideways on the phone, and the
// browser logs no error.

const DESKTOP = { width: 1440, height: 900 };
const SHOTS = path.join(
  process.env.E2E_SCREENSHOTS_DIR ?? path.join(__dirname, '..', '..', 'tmp', 'staff-screens'),
  new Date().toISOString().replace(/[:.]/g, '-'),
);

describe('the staff screens, at 1440 px and 390 px', () => {
  const secret = () => randomBytes(9).toString('base64url');
  const admin = { username: 'shots-admin', password: `Shots-${secret()}` };
  const tech = { username: 'shots-tech', password: `Tech-${secret()}`, name: 'Dana Field' };
  let stack: Stack | undefined;
  const browsers: TestBrowser[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    console.log(`Staff screen screenshots: ${SHOTS}`);
    stack = await startStack({
      throwaway: { label: 'e2eshots' },
      admin,
      serviceEnv: publicStackEnv(businessNoonToday()),
    });
    const staff = await login(stack.baseUrl, admin.username, admin.password);
    const technician = await addTechnician(staff, tech);
    // A working week, and a day off next week: the Schedules and Day screens have both to show.
    await staff.request('PUT', `/api/schedules/${technician.id}/weekly`, {
      shifts: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '21:00' })),
    });
    await seedBattery(stack.databaseUrl, {
      name: 'H6 AGM',
      description: 'Group 48 AGM',
      sku: 'AGM-48',
      quantity: 2,
    });
    await seedBattery(stack.databaseUrl, {
      name: '24F Lead Acid',
      description: 'Group 24F flooded',
      sku: 'LA-24F',
      quantity: 9,
    });
    const booked: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { appointment } = await bookAsap(stack.baseUrl, {
        name: `Screen Customer ${i + 1}`,
        phone: `51355530${String(i).padStart(2, '0')}`,
      });
      booked.push(appointment.id);
    }
    // One job offered to the technician: the assigned state on both boards.
    // (Likewise of the booking.)
    await eventually(
      'the first job assigned',
      () =>
        staff.request<{ status: string }>('POST', `/api/appointments/${booked[0]}/assign`, {
          technicianId: technician.id,
        }),
      (job) => job.status === 'assigned',
    );
  }, 180_000);

  afterAll(async () => {
    for (const b of browsers) await b.close();
    await stack?.stop();
  }, 60_000);

  /** Signed in on /login: an admin on the board, a technician on the field app. */
  async function signedIn(
    who: { username: string; password: string },
    viewport = DESKTOP,
    signIn = signInToBoard,
  ) {
    const browser = await launchBrowser({ baseURL: stack!.baseUrl, viewport });
    browsers.push(browser);
    await signIn(browser.page, who.username, who.password);
    return browser.page;
  }

  /** A fresh browser (nothing cached) holding the session of a sign-in made over the API. */
  async function freshSignedIn(who: { username: string; password: string }) {
    const session = await login(stack!.baseUrl, who.username, who.password);
    const browser = await launchBrowser({ baseURL: stack!.baseUrl, viewport: DESKTOP });
    browsers.push(browser);
    await browser.context.addCookies([
      { name: 'cb_session', value: session.jar.get('cb_session')!, url: stack!.baseUrl },
    ]);
    return browser.page;
  }

  /** Console errors but the map's tiles, which cannot load without the internet. */
  const realErrors = (errors: string[]) =>
    errors.filter((e) => !/Failed to load resource/.test(e) || !/tile/.test(e));

  /** Opens `route`, waits for `title`, saves the screenshot and checks the page. */
  async function shoot(page: Page, name: string, route: string | null, title: string) {
    await screenshotFinished(page, SHOTS, name, route, title);
    const width = page.viewportSize()!.width;
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect([name, width, overflow <= 1]).toEqual([name, width, true]);
  }

  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows every admin screen finished at ${viewport.width} px`, async () => {
      const page = await signedIn(admin, viewport);
      const { errors } = watchConsole(page);
      await shoot(page, 'admin-dispatch', null, 'Dispatch Dashboard');
      await shoot(page, 'admin-customers', '/customer-database', 'Customer Search');
      await shoot(page, 'admin-inventory', '/inventory', 'Inventory Management');
      await shoot(page, 'admin-schedules', '/schedules', 'Schedules');
      await shoot(page, 'admin-day', '/day', 'Day View');
      await shoot(page, 'admin-messages', '/messages', 'Messages');
      await shoot(page, 'admin-reports', '/reports', 'Reports');
      await shoot(page, 'admin-users', '/user-management', 'User Management');
      await page.getByRole('button', { name: 'Create User' }).click();
      await shoot(page, 'admin-user-dialog', null, 'Create New User');
      expect(realErrors(errors)).toEqual([]);
    }, 120_000);

    it(`shows a technician's field app and customers finished at ${viewport.width} px`, async () => {
      const page = await signedIn(tech, viewport, signInToFieldApp);
      const { errors } = watchConsole(page);
      await shoot(page, 'tech-field', null, 'Now');
      await shoot(page, 'tech-customers', '/customer-database', 'Customer Search');
      expect(realErrors(errors)).toEqual([]);
    }, 120_000);
  }

  it("opened at its address, a screen asks for all of its code in one round, not after the frame's", async () => {
    const page = await freshSignedIn(admin);
    // A page's chunk asked for only once the antd frame's chunk arrived and drew is the chain of
    // waves the preload removes: the page's chunk is now asked for before the frame's is in.
    const asked = new Map<string, number>();
    const arrived = new Map<string, number>();
    const chunk = (url: string) => /\/assets\/([a-z-]+)-[\w-]{8}\.js$/.exec(url)?.[1];
    page.on('request', (r) => {
      const name = chunk(r.url());
      if (name && !asked.has(name)) asked.set(name, performance.now());
    });
    page.on('requestfinished', (r) => {
      const name = chunk(r.url());
      if (name && !arrived.has(name)) arrived.set(name, performance.now());
    });
    await page.goto('/customer-database');
    await page.getByText('Customer Search', { exact: true }).first().waitFor();
    expect(asked.get('customer-database-page')).toBeLessThan(arrived.get('staff-frame')!);
  }, 60_000);

  it('opened at its address, a screen asks who is signed in while its code downloads, not once the frame has drawn', async () => {
    const page = await freshSignedIn(admin);
    // The staff frame's chunk is held back (5 s at most): the sign-in guard lives in it, so a
    // session check that waited for the frame to draw is not asked while it is held.
    let release!: () => void;
    const asked = new Promise<void>((resolve) => (release = resolve));
    let frameHeld = true;
    let askedWhileHeld = false;
    await page.route(/\/assets\/staff-frame-[\w-]{8}\.js$/, async (route) => {
      await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      frameHeld = false;
      await route.continue();
    });
    page.on('request', (r) => {
      if (new URL(r.url()).pathname !== '/api/users/current') return;
      askedWhileHeld ||= frameHeld;
      release();
    });
    await page.goto('/customer-database');
    await page.getByText('Customer Search', { exact: true }).first().waitFor();
    expect(askedWhileHeld).toBe(true);
  }, 60_000);

  it('shows the login page finished at both widths', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const browser = await launchBrowser({ baseURL: stack!.baseUrl, viewport });
      browsers.push(browser);
      await shoot(browser.page, 'login', '/login', 'Admin Login');
    }
  }, 60_000);
});
