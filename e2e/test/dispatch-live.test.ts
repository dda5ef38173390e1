import { randomBytes } from 'node:crypto';
import { ApiClient, bookAsap, startStack, Stack } from '@cincy/stack';
import { launchBrowser, TestBrowser } from '../src/browser';
import { businessNoonToday, publicStackEnv } from '../src/public-site';

// Signed-in staff see a new booking on the dispatch board as it happens, without reloading.
describe('dispatch board (live)', () => {
  const admin = { username: 'e2e-admin', password: `E2e-${randomBytes(9).toString('base64url')}` };
  let stack: Stack | undefined;
  let browser: TestBrowser | undefined;

  beforeAll(async () => {
    // Booking's clock is pinned to noon so the ASAP booking is inside service hours at any hour.
    stack = await startStack({
      throwaway: { label: 'e2e' },
      admin,
      serviceEnv: publicStackEnv(businessNoonToday()),
    });
    browser = await launchBrowser({ baseURL: stack.baseUrl });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 60_000);

  /** Adds what the server and the services said to a failure, so it can be read without a rerun. */
  async function explain(err: unknown, what: string): Promise<Error> {
    let board = '(could not read /api/appointments)';
    try {
      const staff = new ApiClient(stack!.baseUrl);
      await staff.login(admin.username, admin.password);
      board = JSON.stringify(
        (await staff.appointments()).map((a) => ({
          id: a.id,
          status: a.status,
          name: a.customer?.name,
        })),
      );
    } catch (e) {
      board += `: ${(e as Error).message}`;
    }
    return new Error(
      `${what}: ${(err as Error).message}\npage: ${browser?.page.url()}\n/api/appointments: ${board}\n` +
        `--- recent service output ---\n${stack?.recentOutput()}`,
    );
  }

  test('signs in, sees a booking arrive without a reload, signs out to /', async () => {
    const page = browser!.page;
    page.setDefaultTimeout(20_000);

    // Sign in through the login page.
    await page.goto('/login');
    await page.getByText('Admin Login').first().waitFor();
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    const boardLoaded = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/appointments' &&
        r.request().method() === 'GET' &&
        r.ok(),
    );
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dispatch');
    await boardLoaded;

    // From here on the document must stay the same one: a marker on window survives only if the
    // page is never reloaded or navigated away from.
    let fullLoads = 0;
    page.on('load', () => (fullLoads += 1));
    await page.evaluate(() => {
      (window as unknown as { __e2eMarker?: string }).__e2eMarker = 'same-document';
    });

    // A visitor books ASAP through the API, exactly as the public booking form does.
    const suffix = randomBytes(3).toString('hex');
    const name = `E2E Live ${suffix}`;
    const phone = `513555${String(parseInt(suffix, 16) % 10_000).padStart(4, '0')}`;
    const booked = await bookAsap(stack!.baseUrl, { name, phone });
    expect(booked.customer.id).toEqual(expect.any(Number));
    expect(booked.appointment.id).toEqual(expect.any(Number));

    // Its job card appears on the open board.
    try {
      await page
        .locator('[data-testid="job-card"]', { hasText: name })
        .first()
        .waitFor({ state: 'visible' });
    } catch (err) {
      throw await explain(err, `the job card for "${name}" did not appear on /dispatch`);
    }
    expect(new URL(page.url()).pathname).toBe('/dispatch');
    expect(fullLoads).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker),
    ).toBe('same-document');

    // Sign out from the navigation bar: the browser goes to /.
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');

    // The session is over on the server too: the board now sends the visitor to the login page.
    await page.goto('/dispatch');
    await page.waitForURL((url) => url.pathname === '/login');
  });
});
