import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiError, bookAsap, login, startStack, Stack } from '@cincy/stack';
import type { InventoryItem, UserLocation } from '@cincy/contracts';
import type { Page } from 'playwright-core';
import {
  cardStatus,
  dialog,
  eventually,
  seedBattery,
  soldToday,
  statValue,
  watchConsole,
  type SeededItem,
} from '../src/board';
import { launchBrowser, TestBrowser } from '../src/browser';
import {
  PHONE,
  boardSection,
  businessNoonToday,
  chooseOption,
  describeViolations,
  jobCard,
  labelled,
  publicStackEnv,
  runAxe,
  signInToBoard,
  toastIn,
} from '../src/public-site';

// A technician works two jobs from a phone (accept, en route, on location, complete: a battery
// installation, then a warranty replacement of that battery) while an admin's board follows
// every step live; the admin declines a call; the technician shows on the admin's map.
describe('field work (board actions, completion dialog, map)', () => {
  const secret = () => randomBytes(9).toString('base64url');
  const admin = { username: 'e2e-admin', password: `E2e-${secret()}` };
  const technician = { username: 'e2e-tech', password: `Tech-${secret()}`, name: 'Terry Tech' };
  /** Where the technician's phone says it is (Norwood, away from the bookings' address). */
  const phonePosition = { latitude: 39.13, longitude: -84.47, accuracy: 15 };
  const suffix = randomBytes(3).toString('hex');
  const customer = {
    name: `E2E Field ${suffix}`,
    phone: `513556${String(parseInt(suffix, 16) % 10_000).padStart(4, '0')}`,
  };
  const otherCustomer = { name: `E2E Other ${suffix}`, phone: '5135550199' };
  const declinedCustomer = { name: `E2E Decline ${suffix}`, phone: '5135550188' };
  const firstSerial = `E2E-SN-${suffix}-1`;

  let stack: Stack | undefined;
  let adminBrowser: TestBrowser | undefined;
  let techBrowser: TestBrowser | undefined;
  let battery: SeededItem;
  let technicianId: number;

  beforeAll(async () => {
    stack = await startStack({
      throwaway: { label: 'e2efield' },
      admin,
      serviceEnv: publicStackEnv(businessNoonToday()),
    });
    const staff = await login(stack.baseUrl, admin.username, admin.password);
    const created = await staff.request<{ id: number }>('POST', '/api/users', {
      username: technician.username,
      name: technician.name,
      role: 'technician',
      password: technician.password,
    });
    technicianId = created.id;
    battery = await seedBattery(stack.databaseUrl, {
      name: 'E2E AGM 48',
      description: 'Group 48 AGM',
      sku: 'AGM-48',
      quantity: 3,
    });
    adminBrowser = await launchBrowser({ baseURL: stack.baseUrl });
    techBrowser = await launchBrowser({ baseURL: stack.baseUrl, viewport: PHONE });
    await techBrowser.context.grantPermissions(['geolocation'], { origin: stack.baseUrl });
    await techBrowser.context.setGeolocation(phonePosition);
  }, 180_000);

  afterAll(async () => {
    await techBrowser?.close();
    await adminBrowser?.close();
    await stack?.stop();
  }, 60_000);

  async function stock(): Promise<number> {
    const staff = await login(stack!.baseUrl, admin.username, admin.password);
    const items = await staff.request<InventoryItem[]>('GET', '/api/inventory?category=battery');
    return items.find((i) => i.id === battery.id)!.quantity;
  }

  /** Clicks a card's button and waits for the toast that answers it. */
  async function act(page: Page, name: string, button: string, toast: string | RegExp) {
    await jobCard(page, name).getByRole('button', { name: button, exact: true }).click();
    await toastIn(page).filter({ hasText: toast }).first().waitFor();
  }

  async function statusOnBoard(page: Page, name: string, status: string) {
    await eventually(
      `${name} reads ${status}`,
      () => cardStatus(jobCard(page, name).first()),
      (text) => text.trim() === status,
    );
  }

  /** Screenshots of both boards and the services' last words, for a failure read without a rerun. */
  async function explain(error: unknown): Promise<Error> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cincy-field-work-'));
    for (const [who, browser] of [
      ['admin', adminBrowser],
      ['technician', techBrowser],
    ] as const)
      await browser?.page
        .screenshot({ path: path.join(dir, `${who}.png`), fullPage: true })
        .catch(() => undefined);
    return new Error(
      `${(error as Error).message}\nscreenshots: ${dir}\n--- recent service output ---\n${stack?.recentOutput()}`,
    );
  }

  test('a technician works two jobs from a phone while the admin board follows live', async () => {
    try {
      await workTwoJobs();
    } catch (error) {
      throw await explain(error);
    }
  });

  test("after Accept, the phone shows the job's next step without scrolling", async () => {
    try {
      await acceptFarDown();
    } catch (error) {
      throw await explain(error);
    }
  });

  /**
   * A technician scrolls down a list of open jobs and accepts the last one: the job, with its next
   * step (En Route), is then on the phone's first screen. On the way, no card shows the phone
   * number of a job another technician has.
   */
  async function acceptFarDown() {
    const techPage = techBrowser!.page;
    techPage.setDefaultTimeout(20_000);
    // Two technicians of their own, so nothing the other test left (an active job) is in the way.
    const staff = await login(stack!.baseUrl, admin.username, admin.password);
    const [scroller, colleague] = ['scroller', 'colleague'].map((who) => ({
      username: `e2e-${who}-${suffix}`,
      password: technician.password,
    }));
    for (const [user, name] of [
      [scroller, 'Scott Roller'],
      [colleague, 'Cole League'],
    ] as const)
      await staff.request('POST', '/api/users', { ...user, name, role: 'technician' });
    await signInToBoard(techPage, scroller.username, scroller.password);
    const names = ['Aa', 'Bb', 'Cc', 'Dd'].map((n) => `E2E Scroll ${n} ${suffix}`);
    const ids: number[] = [];
    for (const [i, name] of names.entries())
      ids.push(
        (await bookAsap(stack!.baseUrl, { name, phone: `51355502${i}${i}` })).appointment.id,
      );
    // The colleague takes the first one: In Progress shows it here, without its phone.
    await eventually(
      'the board has the new jobs',
      () => staff.request<{ id: number }[]>('GET', '/api/appointments'),
      (board) => ids.every((id) => board.some((a) => a.id === id)),
    );
    const colleagueApi = await login(stack!.baseUrl, colleague.username, colleague.password);
    await colleagueApi.request('PATCH', `/api/appointments/${ids[0]}/status`, {
      status: 'accepted',
    });
    const last = names[names.length - 1];
    const lastCard = boardSection(techPage, 'Available Jobs').locator('[data-testid="job-card"]', {
      hasText: last,
    });
    await lastCard.waitFor();
    await eventually(
      "the colleague's job shows no phone",
      () => jobCard(techPage, names[0]).innerText(),
      (text) => text.includes('Accepted') && !text.includes('555-0200'),
    );
    expect(await jobCard(techPage, names[0]).locator('a[href^="tel:"]').count()).toBe(0);

    // The technician scrolls to the last card (it is below the first screen) and accepts it.
    const accept = lastCard.getByRole('button', { name: 'Accept Job', exact: true });
    const before = await accept.boundingBox();
    expect(before!.y).toBeGreaterThan(PHONE.height); // the premise: it takes scrolling
    await accept.scrollIntoViewIfNeeded();
    await accept.click();
    await toastIn(techPage).filter({ hasText: 'Appointment accepted' }).first().waitFor();
    const current = boardSection(techPage, 'Your Current Job').locator('[data-testid="job-card"]', {
      hasText: last,
    });
    const next = current.getByRole('button', { name: 'En Route', exact: true });
    await next.waitFor();
    // No scrolling by the test from here: where the page put the job is what the technician sees.
    const box = await eventually(
      'the next step is on the first screen',
      () => next.boundingBox(),
      (b) => b !== null && b.y >= 0 && b.y + b.height <= PHONE.height,
      5_000,
    );
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  }

  async function workTwoJobs() {
    const adminPage = adminBrowser!.page;
    const techPage = techBrowser!.page;
    adminPage.setDefaultTimeout(20_000);
    techPage.setDefaultTimeout(20_000);
    // (Before sign-in, /api/users/current answers 401: the session restore reads that as signed out.)
    await signInToBoard(adminPage, admin.username, admin.password);
    await signInToBoard(techPage, technician.username, technician.password);
    const adminConsole = watchConsole(adminPage);
    const techConsole = watchConsole(techPage);
    await adminPage.getByRole('heading', { name: 'Available Jobs' }).waitFor();
    await techPage.getByRole('heading', { name: 'Available Jobs' }).waitFor();

    // From here on the admin's document must stay the same one: no reload, no navigation.
    let adminLoads = 0;
    adminPage.on('load', () => (adminLoads += 1));
    await adminPage.evaluate(() => {
      (window as unknown as { __e2eMarker?: string }).__e2eMarker = 'same-document';
    });

    // Two bookings arrive on both boards, through the API as a visitor.
    await bookAsap(stack!.baseUrl, customer, { vehicle: '2019 Toyota Camry (Blue)' });
    await bookAsap(stack!.baseUrl, otherCustomer);
    for (const page of [adminPage, techPage])
      for (const who of [customer.name, otherCustomer.name])
        await boardSection(page, 'Available Jobs')
          .locator('[data-testid="job-card"]', { hasText: who })
          .waitFor();

    // Accept: the card moves to In Progress on both boards.
    await act(techPage, customer.name, 'Accept Job', 'Appointment accepted, Keep member informed');
    await boardSection(adminPage, 'In Progress')
      .locator('[data-testid="job-card"]', { hasText: customer.name })
      .waitFor();
    await statusOnBoard(adminPage, customer.name, 'Accepted');
    expect(await jobCard(adminPage, customer.name).innerText()).toContain(technician.name);

    // While the technician has an active job, Accept is hidden on the other cards.
    const otherCard = jobCard(techPage, otherCustomer.name);
    await otherCard.waitFor();
    expect(await otherCard.getByRole('button', { name: 'Accept Job' }).count()).toBe(0);
    // A technician never sees Decline Call, and the API refuses it.
    expect(await techPage.getByRole('button', { name: 'Decline Call' }).count()).toBe(0);
    const techApi = await login(stack!.baseUrl, technician.username, technician.password);
    const otherId = Number(await otherCard.getAttribute('data-appointment-id'));
    const refused = await techApi.request('PATCH', `/api/appointments/${otherId}/decline`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);

    // En route, on location: the admin's card follows each step.
    await act(
      techPage,
      customer.name,
      'En Route',
      'Appointment status has been updated successfully.',
    );
    await statusOnBoard(adminPage, customer.name, 'En Route');
    await act(
      techPage,
      customer.name,
      'On Location',
      'Appointment status has been updated successfully.',
    );
    await statusOnBoard(adminPage, customer.name, 'On Location');

    // Complete: Battery Installed from stock.
    await jobCard(techPage, customer.name).getByRole('button', { name: 'Complete Job' }).click();
    const complete = dialog(techPage, 'Complete Job');
    await complete.waitFor();
    await chooseOption(techPage, 'Service Performed', 'Battery Installed');
    // Submitting without the battery details shows the combined battery message.
    await complete.getByRole('button', { name: 'Complete', exact: true }).click();
    await complete
      .getByText(
        'Battery serial numbers, inventory selection, and vehicle mileage are required for battery installation and warranty replacement',
      )
      .waitFor();
    // The dialog, its errors and the board behind it pass axe (WCAG A/AA) at phone size.
    const dialogViolations = await runAxe(techPage);
    expect(describeViolations(dialogViolations)).toBe('');
    await chooseOption(techPage, 'Select Battery', 'E2E AGM 48 - Group 48 AGM (Stock: 3)');
    await labelled(techPage, 'Battery Serial Number').fill(firstSerial);
    await labelled(techPage, 'Vehicle Mileage').fill('45210');
    await complete.getByRole('button', { name: 'Complete', exact: true }).click();
    await toastIn(techPage)
      .filter({ hasText: 'The service record has been saved successfully.' })
      .waitFor();
    await complete.waitFor({ state: 'detached' });

    // The admin's board: the job leaves In Progress, the day's numbers move.
    await jobCard(adminPage, customer.name).waitFor({ state: 'detached' });
    await eventually(
      'Batteries Sold Today',
      () => soldToday(adminPage),
      (v) => v.trim() === '1',
    );
    await eventually(
      'Completed Today',
      () => statValue(adminPage, 'Completed Today'),
      (v) => v.trim() === '1',
    );
    expect(await stock()).toBe(2);

    // A second visit of the same customer: a warranty replacement of that battery.
    await bookAsap(stack!.baseUrl, customer, { vehicle: '2019 Toyota Camry (Blue)' });
    await jobCard(techPage, customer.name).waitFor();
    await act(techPage, customer.name, 'Accept Job', 'Appointment accepted, Keep member informed');
    await act(
      techPage,
      customer.name,
      'En Route',
      'Appointment status has been updated successfully.',
    );
    await act(
      techPage,
      customer.name,
      'On Location',
      'Appointment status has been updated successfully.',
    );
    await statusOnBoard(adminPage, customer.name, 'On Location');
    await jobCard(techPage, customer.name).getByRole('button', { name: 'Complete Job' }).click();
    await complete.waitFor();
    await chooseOption(techPage, 'Service Performed', 'Warranty Replacement');
    // Only the previous serial is asked for until it is verified.
    expect(await labelled(techPage, 'Select Replacement Battery').count()).toBe(0);
    const previous = labelled(techPage, 'Previous Battery Serial Number');
    const verifyButton = complete.getByRole('button', {
      name: /Verify|Verifying\.\.\.|✓ Verified/,
    });
    expect(await verifyButton.isDisabled()).toBe(true);
    await previous.fill('NOT-A-SERIAL');
    await verifyButton.click();
    await toastIn(techPage).filter({ hasText: 'Serial Number Not Found' }).waitFor();
    await previous.fill(firstSerial);
    await verifyButton.click();
    await toastIn(techPage).filter({ hasText: 'Serial Number Verified' }).waitFor();
    await complete.getByRole('button', { name: '✓ Verified' }).waitFor();
    expect(await complete.getByRole('button', { name: '✓ Verified' }).isDisabled()).toBe(true);
    expect(await previous.getAttribute('readonly')).not.toBeNull();
    await chooseOption(
      techPage,
      'Select Replacement Battery',
      'E2E AGM 48 - Group 48 AGM (Stock: 2)',
    );
    await labelled(techPage, 'New Battery Serial Number').fill(`E2E-SN-${suffix}-2`);
    await labelled(techPage, 'Vehicle Mileage').fill('51002');
    await complete.getByRole('button', { name: 'Complete', exact: true }).click();
    await toastIn(techPage)
      .filter({ hasText: 'The service record has been saved successfully.' })
      .waitFor();
    await jobCard(adminPage, customer.name).waitFor({ state: 'detached' });
    await eventually(
      'Completed Today',
      () => statValue(adminPage, 'Completed Today'),
      (v) => v.trim() === '2',
    );
    // A warranty replacement takes stock but is not a sale.
    expect(await stock()).toBe(1);
    expect((await soldToday(adminPage)).trim()).toBe('1');

    // The admin declines a call, after confirming it; it leaves both boards.
    await bookAsap(stack!.baseUrl, declinedCustomer);
    await jobCard(adminPage, declinedCustomer.name).waitFor();
    await jobCard(adminPage, declinedCustomer.name)
      .getByRole('button', { name: 'Decline Call' })
      .click();
    const confirm = dialog(adminPage, 'Decline Call');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Decline Call' }).click();
    await toastIn(adminPage).filter({ hasText: 'Call Declined' }).waitFor();
    await jobCard(adminPage, declinedCustomer.name).waitFor({ state: 'detached' });
    await jobCard(techPage, declinedCustomer.name).waitFor({ state: 'detached' });

    // The technician's phone reported its position: a marker on the admin's map, and Online Team.
    const staff = await login(stack!.baseUrl, admin.username, admin.password);
    await eventually(
      'the technician is online with a position',
      () => staff.request<UserLocation[]>('GET', '/api/users/locations'),
      (users) =>
        users.some(
          (u) => u.id === technicianId && u.status === 'online' && u.currentLocation !== null,
        ),
    );
    await adminPage.getByRole('button', { name: 'Refresh Locations' }).click();
    await adminPage
      .locator(`.map-marker-technician[title="Technician ${technician.name}"]`)
      .waitFor();
    await adminPage
      .getByRole('complementary', { name: 'Team and map' })
      .getByTestId('team-member')
      .filter({ hasText: technician.name })
      .waitFor();
    // The appointment still open (the other customer's) is drawn too.
    await adminPage.locator(`.map-marker-appointment[title^="${otherCustomer.name}"]`).waitFor();

    // The admin's board, with its map and team, passes axe too.
    expect(describeViolations(await runAxe(adminPage))).toBe('');

    // The admin's board followed everything without a reload or a navigation.
    expect(new URL(adminPage.url()).pathname).toBe('/dispatch');
    expect(adminLoads).toBe(0);
    expect(
      await adminPage.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker),
    ).toBe('same-document');

    // Nothing broke: the only console errors allowed are the map's tile check (no internet here).
    const unexpected = (errors: string[]) =>
      errors.filter((e) => !/Failed to load resource/.test(e) || !/tile/.test(e));
    expect(unexpected(adminConsole.errors)).toEqual([]);
    expect(unexpected(techConsole.errors)).toEqual([]);
  }
});
