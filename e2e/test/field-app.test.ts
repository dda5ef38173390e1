import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient, bookAsap, login, startStack, Stack } from '@cincy/stack';
import type {
  BatteryTest,
  DashboardAppointment,
  JobPhoto,
  ServiceHistoryRow,
} from '@cincy/contracts';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { eventually, seedBattery, type SeededItem } from '../src/board';
import { addTechnician } from '../src/office';
import { launchBrowser, TestBrowser } from '../src/browser';
import { barcodeCamera } from '../src/fake-camera';
import { pdfText } from '../src/pdf-text';
import { PHONE, businessAsapNow, publicStackEnv } from '../src/public-site';

// The field app (/field, issue 34) on a phone-size Chromium: a technician works a job through a
// parking garage (no signal from On my way to Complete, the app reopened offline), a step queued
// offline that the office overtook is refused and said, a visit's evidence taken at the door
// (issue 35: the test, the label's photo, the signature, the serial scanned by a fake camera),
// and one outbox sent by two tabs at once.
describe('the field app: steps taken without signal', () => {
  const secret = () => randomBytes(9).toString('base64url');
  const suffix = randomBytes(3).toString('hex');
  const admin = { username: `e2e-field-admin`, password: `E2e-${secret()}` };
  const technician = (name: string) => ({
    username: `e2e-field-${name.split(' ')[0].toLowerCase()}`,
    password: `Tech-${secret()}`,
    name,
  });
  const dana = technician('Dana Garage');
  const sam = technician('Sam Basement');
  const lee = technician('Lee Relief');
  const kim = technician('Kim Twotabs');
  const dee = technician('Dee Door');

  let stack: Stack | undefined;
  let office: ApiClient;
  let battery: SeededItem;
  const ids = new Map<string, number>();
  const browsers: TestBrowser[] = [];
  let db: Client;

  beforeAll(async () => {
    // Booking's clock inside service hours and never ahead: the phone's taps come after it.
    stack = await startStack({
      throwaway: { label: 'e2efieldapp' },
      admin,
      serviceEnv: publicStackEnv(businessAsapNow()),
    });
    office = await login(stack.baseUrl, admin.username, admin.password);
    for (const t of [dana, sam, lee, kim, dee]) {
      ids.set(t.username, (await addTechnician(office, t)).id);
    }
    battery = await seedBattery(stack.databaseUrl, {
      name: 'E2E Field AGM 48',
      description: 'Group 48 AGM',
      sku: `FIELD-${suffix}`,
      quantity: 5,
    });
    db = new Client({ connectionString: stack.databaseUrl });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await db?.end();
    await stack?.stop();
  }, 60_000);

  async function phone(args: string[] = []): Promise<TestBrowser> {
    const browser = await launchBrowser({ baseURL: stack!.baseUrl, viewport: PHONE, args });
    browser.page.setDefaultTimeout(20_000);
    browsers.push(browser);
    return browser;
  }

  async function explain(error: unknown): Promise<Error> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cincy-field-app-'));
    for (const [i, browser] of browsers.entries())
      for (const [j, page] of browser.context.pages().entries())
        await page
          .screenshot({ path: path.join(dir, `phone-${i}-${j}.png`), fullPage: true })
          .catch(() => undefined);
    const outboxes = [];
    for (const browser of browsers)
      outboxes.push(
        await browser.page
          .evaluate(
            () =>
              new Promise((resolve) => {
                const open = indexedDB.open('cincy-field');
                open.onsuccess = () => {
                  const all = open.result.transaction('outbox').objectStore('outbox').getAll();
                  all.onsuccess = () => resolve(all.result);
                };
              }),
          )
          .catch(() => null),
      );
    return new Error(
      `${(error as Error).message}\noutboxes: ${JSON.stringify(outboxes)}\nscreenshots: ${dir}\n--- recent service output ---\n${stack?.recentOutput()}`,
    );
  }

  const run = (body: () => Promise<void>) => async () => {
    try {
      await body();
    } catch (error) {
      throw await explain(error);
    }
  };

  /** An ASAP job for a new customer, given to `to` by the office. */
  async function jobFor(
    customerName: string,
    to: { username: string },
  ): Promise<{ id: number; token: string }> {
    const { appointment } = await bookAsap(stack!.baseUrl, {
      name: customerName,
      phone: '(513) 555-0142',
    });
    await eventually(
      `${customerName} is assigned`,
      () =>
        office.request('POST', `/api/appointments/${appointment.id}/assign`, {
          technicianId: ids.get(to.username),
        }),
      () => true,
    );
    return { id: appointment.id, token: String(appointment.token) };
  }

  async function signIn(page: Page, who: { username: string; password: string }) {
    await page.goto('/field/');
    await page.getByLabel('Username').fill(who.username);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Now', level: 2 }).waitFor();
    // The app shell is kept by the service worker once it is active: the app opens offline.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
  }

  const card = (page: Page, customerName: string) =>
    page.getByRole('article', { name: customerName });
  const tap = (page: Page, customerName: string, button: string) =>
    card(page, customerName).getByRole('button', { name: button, exact: true }).click();
  const waitingLine = (page: Page, text: string) =>
    page.getByRole('status').filter({ hasText: text }).first().waitFor();

  /** The status the phone kept for a job (what it opens with offline), if it kept the job. */
  const keptStatus = (page: Page, id: number) =>
    page.evaluate(
      (jobId) =>
        new Promise<string | null>((resolve) => {
          const open = indexedDB.open('cincy-field');
          open.onsuccess = () => {
            const all = open.result.transaction('kv').objectStore('kv').getAll();
            all.onsuccess = () => {
              const jobs = (all.result as { jobs?: { id: number; status: string }[] }[]).flatMap(
                (entry) => entry.jobs ?? [],
              );
              resolve(jobs.find((j) => j.id === jobId)?.status ?? null);
            };
          };
        }),
      id,
    );

  /**
   * The steps dispatch announced for a job, in order (not its `updated` changes: the invoice's
   * state follows a completion).
   */
  async function stepsOf(id: number): Promise<string[]> {
    const { rows } = await db.query<{ type: string }>(
      `SELECT type FROM dispatch.outbox WHERE (payload -> 'appointment' ->> 'id')::int = $1
          AND type <> 'dispatch.appointment.updated'
        ORDER BY seq`,
      [id],
    );
    return rows.map((r) => r.type.replace('dispatch.appointment.', ''));
  }

  async function statusOf(id: number): Promise<string | undefined> {
    const board = await office.request<DashboardAppointment[]>('GET', '/api/appointments');
    return board.find((a) => a.id === id)?.status;
  }

  /** The old battery's test typed from the tester's printout: 41 % health, REPLACE. */
  async function testOldBattery(page: Page, customer: string) {
    const form = card(page, customer);
    await tap(page, customer, 'Test battery');
    await form.getByLabel('Rated CCA (label)').fill('600');
    await form.getByLabel('Measured CCA', { exact: true }).fill('250');
    await form.getByLabel('Voltage (V)', { exact: true }).fill('12.05');
    await form.getByLabel('State of health (%)').fill('41');
    await form.getByLabel('Decision').selectOption('REPLACE');
    await form.getByRole('button', { name: 'Save test' }).click();
  }

  const accepted = (id: number) =>
    eventually(
      'accepted on the server',
      () => statusOf(id),
      (s) => s === 'accepted',
    );

  test(
    'a job worked from On my way to Complete without signal reaches the office once, in order, with the times of the taps',
    run(async () => {
      const customer = `Garage Customer ${suffix}`;
      const { id } = await jobFor(customer, dana);
      const { page, context } = await phone();
      await signIn(page, dana);
      await tap(page, customer, 'Accept');
      await accepted(id);
      await eventually(
        'the phone kept it accepted',
        () => keptStatus(page, id),
        (s) => s === 'accepted',
      );

      // Into the garage: the app opens again without signal, from what the phone kept.
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('status').filter({ hasText: 'Offline' }).first().waitFor();
      const departedAt = new Date();
      await tap(page, customer, 'On my way');
      await waitingLine(page, '1 step waiting for signal');
      await page.waitForTimeout(1_500);
      const arrivedAt = new Date();
      await tap(page, customer, 'Arrived');
      await waitingLine(page, '2 steps waiting for signal');
      // The old battery's test, typed from the tester at the car.
      const form = card(page, customer);
      await testOldBattery(page, customer);
      await waitingLine(page, '3 steps waiting for signal');
      await form.getByText('Old battery: 41 % health, REPLACE').waitFor();
      await tap(page, customer, 'Complete');
      await form.getByLabel('Service performed').selectOption('battery installed');
      await form.getByLabel('Battery', { exact: true }).selectOption(String(battery.id));
      await form
        .getByLabel('New battery serial number', { exact: true })
        .fill(`FIELD-SN-${suffix}`);
      await form.getByLabel('Vehicle mileage').fill('84,120');
      await form.getByRole('button', { name: 'Complete job' }).click();
      await waitingLine(page, '4 steps waiting for signal');
      expect(await stepsOf(id)).toEqual(['opened', 'assigned', 'accepted']);
      await page.waitForTimeout(3_000);

      // Signal again: each step goes once, in order, with when it was tapped.
      const backAt = new Date();
      await context.setOffline(false);
      // Done today shows at once (the app shows each job as its steps leave it); then sent.
      await page.getByRole('heading', { name: 'Done today' }).waitFor();
      await page
        .getByText(/waiting for signal/)
        .first()
        .waitFor({ state: 'detached' });
      await eventually(
        'completed on the board',
        () => statusOf(id),
        (s) => s === 'completed',
      );
      expect(await stepsOf(id)).toEqual([
        'opened',
        'assigned',
        'accepted',
        'departed',
        'arrived',
        'completed',
      ]);
      const { rows } = await db.query<{ en_route_at: Date; on_location_at: Date }>(
        'SELECT en_route_at, on_location_at FROM dispatch.board_appointments WHERE id = $1',
        [id],
      );
      expect(rows[0].en_route_at.getTime()).toBeGreaterThanOrEqual(departedAt.getTime() - 1_000);
      expect(rows[0].en_route_at.getTime()).toBeLessThan(arrivedAt.getTime());
      expect(rows[0].on_location_at.getTime()).toBeLessThan(backAt.getTime() - 2_000);
      const records = await db.query<{
        battery_serial_number: string;
        completed_at: Date;
        battery_tests: { decision: string; voltage: number; testedAt: string }[];
      }>(
        `SELECT battery_serial_number, completed_at, battery_tests FROM inventory.service_records
          WHERE appointment_id = $1`,
        [id],
      );
      expect(records.rows).toHaveLength(1);
      expect(records.rows[0].battery_serial_number).toBe(`FIELD-SN-${suffix}`);
      // The test went before the completion that carries it, with the time it was taken.
      const [test] = records.rows[0].battery_tests;
      expect(test).toMatchObject({ decision: 'REPLACE', voltage: 12.05 });
      expect(Date.parse(test.testedAt)).toBeLessThan(backAt.getTime() - 2_000);
      expect(records.rows[0].completed_at.getTime()).toBeLessThan(backAt.getTime() - 2_000);
    }),
    240_000,
  );

  test(
    'a step the office overtook while the phone had no signal is refused and said; the other steps go',
    run(async () => {
      const current = `Basement Current ${suffix}`;
      const offered = `Basement Offered ${suffix}`;
      const { id: currentId } = await jobFor(current, sam);
      const { id: offeredId } = await jobFor(offered, sam);
      const { page, context } = await phone();
      await signIn(page, sam);
      await tap(page, current, 'Accept');
      // The card moves at the tap; going offline must wait for the server to have the accept.
      await accepted(currentId);

      await context.setOffline(true);
      await tap(page, current, 'On my way');
      await tap(page, offered, 'Hand back');
      await card(page, offered).getByLabel('Why are you handing it back?').fill('Flat tire');
      await card(page, offered).getByRole('button', { name: 'Hand back' }).click();
      await waitingLine(page, '2 steps waiting for signal');
      // Meanwhile the office gives the offered job to Lee.
      await office.request('POST', `/api/appointments/${offeredId}/assign`, {
        technicianId: ids.get(lee.username),
      });

      await context.setOffline(false);
      const refusal = page.getByRole('alert').filter({ hasText: 'Hand back' });
      await refusal.waitFor();
      expect(await refusal.innerText()).toContain(offered);
      await eventually(
        'on the way',
        () => statusOf(currentId),
        (s) => s === 'en_route',
      );
      const board = await office.request<DashboardAppointment[]>('GET', '/api/appointments');
      expect(board.find((a) => a.id === offeredId)).toMatchObject({
        status: 'assigned',
        technicianId: ids.get(lee.username),
      });
      expect(await stepsOf(offeredId)).toEqual(['opened', 'assigned', 'assigned']);
      // Read, and gone.
      await refusal.getByRole('button', { name: 'OK' }).click();
      await refusal.waitFor({ state: 'detached' });
    }),
    240_000,
  );

  test(
    "at the door: the old battery tested and the label photographed with signal; the customer's signature, the serial scanned by the camera and the completion without; all of it in the office and on the receipt",
    run(async () => {
      const customer = `Door Customer ${suffix}`;
      const serial = `DH6-${suffix.toUpperCase()}-0482`;
      const { id, token } = await jobFor(customer, dee);
      // The phone's camera sees the new battery's label: its serial as a Code 128 barcode.
      const camera = await barcodeCamera(serial);
      const { page, context } = await phone(camera.chromiumArgs);
      await signIn(page, dee);
      // Opened again, the app runs from what its service worker keeps (as on any later day).
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      // Each tap shows the next step once it is taken.
      for (const [step, next] of [
        ['Accept', 'On my way'],
        ['On my way', 'Arrived'],
        ['Arrived', 'Test battery'],
      ]) {
        await tap(page, customer, step);
        await card(page, customer).getByRole('button', { name: next, exact: true }).waitFor();
      }
      await eventually(
        'on location',
        () => statusOf(id),
        (s) => s === 'on_location',
      );

      // The old battery's test, typed from the tester's printout.
      const form = card(page, customer);
      await testOldBattery(page, customer);
      await form.getByText('Old battery: 41 % health, REPLACE').waitFor();

      // A photo of the label (any real image will do: the screen itself), made small and sent.
      const shot = await page.screenshot({ type: 'jpeg' });
      await page.locator(`#photo-${id}-label`).setInputFiles({
        name: 'label.jpg',
        mimeType: 'image/jpeg',
        buffer: shot,
      });
      await form.getByRole('img', { name: "New battery's label", exact: true }).waitFor();
      await eventually(
        'the test reached the office',
        () => office.request<BatteryTest[]>('GET', `/api/appointments/${id}/battery-tests`),
        (tests) => tests.length === 1,
      );

      // In the basement: the signature, then the completion with the serial read by the camera.
      await context.setOffline(true);
      await tap(page, customer, 'Customer signs');
      const signatureBox = await form.getByLabel('Signature box: sign with a finger').boundingBox();
      const { x, y, width, height } = signatureBox!;
      await page.mouse.move(x + 20, y + height / 2);
      await page.mouse.down();
      for (let i = 1; i <= 10; i++)
        await page.mouse.move(
          x + 20 + (i * (width - 40)) / 10,
          y + height / 2 + (i % 2 ? -20 : 20),
        );
      await page.mouse.up();
      await form.getByLabel("Customer's name").fill('Robin Door');
      await form.getByRole('button', { name: 'Save signature' }).click();
      await waitingLine(page, '1 step waiting for signal');
      await form.getByRole('img', { name: "Customer's signature (waiting for signal)" }).waitFor();

      await tap(page, customer, 'Complete');
      await form.getByLabel('Service performed').selectOption('battery installed');
      await form.getByLabel('Battery', { exact: true }).selectOption(String(battery.id));
      await form.getByRole('button', { name: 'Scan barcode: new battery serial number' }).click();
      await form.getByLabel('Camera, reading the new battery serial number').waitFor();
      await eventually(
        'the serial read from the label',
        () => form.getByLabel('New battery serial number', { exact: true }).inputValue(),
        (value) => value === serial,
      );
      // Read, the camera closes.
      await form.getByLabel('Camera, reading the new battery serial number').waitFor({
        state: 'detached',
      });
      await form.getByLabel('Vehicle mileage').fill('61,200');
      await form.getByRole('button', { name: 'Complete job' }).click();
      await waitingLine(page, '2 steps waiting for signal');

      await context.setOffline(false);
      await page
        .getByText(/waiting for signal/)
        .first()
        .waitFor({ state: 'detached' });
      await eventually(
        'completed on the board',
        () => statusOf(id),
        (s) => s === 'completed',
      );

      // The office: the test and the photos on the job, and the customer's history.
      const photos = await office.request<JobPhoto[]>('GET', `/api/appointments/${id}/photos`);
      expect(photos.map((p) => [p.kind, p.signedBy, p.contentType])).toEqual([
        ['label', null, 'image/jpeg'],
        ['signature', 'Robin Door', 'image/png'],
      ]);
      // The label's photo went small and without metadata: well under the screenshot's size.
      expect(photos[0].bytes).toBeGreaterThan(1_000);
      expect(photos[0].bytes).toBeLessThan(shot.length);
      const res = await fetch(`${stack!.baseUrl}/api/photos/${photos[1].id}`, {
        headers: { Cookie: office.jar.header() ?? '' },
      });
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
      const board = await office.request<DashboardAppointment[]>('GET', '/api/appointments');
      const customerId = board.find((a) => a.id === id)!.customerId;
      const history = await eventually(
        "the customer's history",
        () =>
          office.request<ServiceHistoryRow[]>(
            'GET',
            `/api/customers/${customerId}/service-records`,
          ),
        (rows) => rows.length === 1,
      );
      expect(history[0]).toMatchObject({
        appointmentId: id,
        batterySerialNumber: serial,
        batteryTests: [{ battery: 'old', stateOfHealth: 41, decision: 'REPLACE' }],
      });

      // The receipt the customer downloads prints the test as the tester did.
      const receipt = await eventually(
        'the receipt',
        () => fetch(`${stack!.baseUrl}/api/track/${token}/receipt`),
        (r) => r.status === 200,
      );
      const text = pdfText(Buffer.from(await receipt.arrayBuffer()));
      expect(text).toContain('Battery tests');
      expect(text).toContain('REPLACE');
      expect(text).toContain(serial);
    }),
    180_000,
  );

  test(
    'one outbox sent by two tabs at once makes each step once',
    run(async () => {
      const customer = `Two Tabs ${suffix}`;
      const { id } = await jobFor(customer, kim);
      const { page, context } = await phone();
      await signIn(page, kim);
      await tap(page, customer, 'Accept');
      await accepted(id);
      const second = await context.newPage();
      await second.goto('/field/');
      await card(second, customer).getByRole('button', { name: 'On my way' }).waitFor();

      await context.setOffline(true);
      await tap(page, customer, 'On my way');
      await tap(page, customer, 'Arrived');
      // The other tab hears of the steps (one outbox on the phone).
      await waitingLine(second, '2 steps waiting for signal');
      await context.setOffline(false);
      await eventually(
        'on location',
        () => statusOf(id),
        (s) => s === 'on_location',
      );
      await page.waitForTimeout(2_000);
      expect(await stepsOf(id)).toEqual(['opened', 'assigned', 'accepted', 'departed', 'arrived']);
    }),
    240_000,
  );
});
