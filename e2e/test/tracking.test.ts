import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DashboardAppointment, TimeSlot } from '@cincy/contracts';
import { ApiClient, login, startStack, Stack } from '@cincy/stack';
import type { Page } from 'playwright-core';
import { eventually } from '../src/board';
import { addTechnician } from '../src/office';
import { launchBrowser, TestBrowser } from '../src/browser';
import {
  PHONE,
  businessNoonToday,
  fillBookingForm,
  publicStackEnv,
  submitButton,
  tomorrow,
  type BookingInput,
} from '../src/public-site';

// The customer's side of a visit (issue 21), on a phone-size browser: a booking made on the form
// lands on its private confirmation link, whose tracking page follows the technician's steps live
// (the van on the map only while on the way, first name only); then another booking is cancelled
// from its page and its hour is bookable again.
describe("the customer's side: a private link, live tracking, cancelling", () => {
  const secret = () => randomBytes(9).toString('base64url');
  const admin = { username: 'e2e-tracking-admin', password: `E2e-${secret()}` };
  const technician = {
    username: 'e2e-tracking-dana',
    password: `Tech-${secret()}`,
    name: 'Dana Quillfeather',
  };
  const suffix = randomBytes(2).toString('hex');
  const visitor: BookingInput = {
    firstName: 'Robin',
    lastName: `Tracker${suffix}`,
    phone: `(513) 558-${String(parseInt(suffix, 16) % 10_000).padStart(4, '0')}`,
    street: '1200 Vine St',
    city: 'Cincinnati',
    state: 'Ohio',
    zip: '45202',
  };
  const now = businessNoonToday();
  const nextDay = tomorrow(now);

  let stack: Stack | undefined;
  let staff: ApiClient;
  let tech: ApiClient;
  let techId = 0;
  let browser: TestBrowser | undefined;

  beforeAll(async () => {
    stack = await startStack({
      throwaway: { label: 'e2etracking' },
      admin,
      // One visit fills an hour, so a cancelled visit's hour visibly opens again.
      serviceEnv: publicStackEnv(now, { SLOT_CAPACITY: '1' }),
    });
    staff = await login(stack.baseUrl, admin.username, admin.password);
    techId = (await addTechnician(staff, technician)).id;
    tech = await login(stack.baseUrl, technician.username, technician.password);
    browser = await launchBrowser({ baseURL: stack.baseUrl, viewport: PHONE });
    // The phone reads the same noon as the booking service: at 8 AM its own clock would have the
    // form suggest 9 AM, an hour the pinned server says has passed.
    await browser.context.clock.setFixedTime(now);
    browser.page.setDefaultTimeout(20_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 60_000);

  async function explain(error: unknown): Promise<Error> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cincy-tracking-'));
    await browser?.page
      .screenshot({ path: path.join(dir, 'customer.png'), fullPage: true })
      .catch(() => undefined);
    return new Error(
      `${(error as Error).message}\nscreenshot: ${dir}\n--- recent service output ---\n${stack?.recentOutput()}`,
    );
  }

  const heading = (page: Page, name: string) =>
    page.getByRole('heading', { level: 1, name, exact: true });
  const vanMap = (page: Page) => page.getByRole('figure', { name: /^Map showing where/ });

  /** The technician (or dispatcher) moves the job on; the customer's page follows by itself. */
  async function step(id: number, status: 'accepted' | 'en_route' | 'on_location') {
    await tech.request('PATCH', `/api/appointments/${id}/status`, { status });
  }

  async function reportPosition(latitude: number, longitude: number) {
    await tech.request('PUT', `/api/users/${techId}/location`, {
      latitude,
      longitude,
      accuracy: 10,
    });
  }

  test('a booking tracked live to completion; another cancelled, its hour free again', async () => {
    try {
      await trackAVisit();
      await cancelAVisit();
    } catch (error) {
      throw await explain(error);
    }
  }, 240_000);

  async function trackAVisit() {
    const page = browser!.page;
    await page.goto('/customer-form');
    await fillBookingForm(page, visitor);
    await page.getByLabel('I agree to the terms of service').check();
    await submitButton(page).click();

    // The confirmation page is the booking's private link: nothing personal in the address.
    await page.waitForURL((u) => u.pathname.startsWith('/confirmation/'));
    await heading(page, 'Service Request Received').waitFor();
    const url = page.url();
    for (const personal of [visitor.lastName, '558', 'Vine', visitor.firstName]) {
      expect(url).not.toContain(personal);
    }
    const reference = (await page.locator('.pub-reference-code').first().innerText()).trim();
    expect(reference).toMatch(/^CB-[2-9A-HJKMNP-TV-Z]{5}$/);
    expect(await page.locator('dl').innerText()).toContain(
      `${visitor.firstName} ${visitor.lastName}`,
    );

    await page.getByRole('link', { name: 'Track your technician' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/track/'));
    await heading(page, 'We have your request').waitFor();
    expect(await page.getByText(reference).count()).toBeGreaterThan(0);
    expect(await vanMap(page).count()).toBe(0);

    const board = await staff.request<DashboardAppointment[]>('GET', '/api/appointments');
    const job = board.find((a) => a.customer.name === `${visitor.firstName} ${visitor.lastName}`)!;
    expect(job).toBeDefined();

    // The dispatcher assigns Dana: the page names her, by first name only.
    await eventually(
      'dispatch knows Dana',
      () => staff.request('POST', `/api/appointments/${job.id}/assign`, { technicianId: techId }),
      () => true,
    );
    await heading(page, 'Dana will be your technician').waitFor();
    await step(job.id, 'accepted');

    // On the way: the van shows on the map where she is, with an estimate.
    await reportPosition(39.16, -84.46);
    await step(job.id, 'en_route');
    await heading(page, 'Dana is on the way').waitFor();
    await reportPosition(39.14, -84.48);
    await vanMap(page).waitFor();
    await page.getByText(/^Arriving in about \d+ min$/).waitFor();

    // Arrived: the position stops being shared at once.
    await step(job.id, 'on_location');
    await heading(page, 'Dana has arrived').waitFor();
    await vanMap(page).waitFor({ state: 'detached' });

    // A test-only visit: the old battery tested at the car, then the visit done.
    await tech.request('POST', `/api/appointments/${job.id}/battery-tests`, {
      battery: 'old',
      ratingStandard: 'SAE',
      ratedCca: 600,
      measuredCca: 480,
      voltage: 12.48,
      stateOfHealth: 82,
      decision: 'GOOD_RECHARGE',
    });
    await tech.request('POST', '/api/service-records', {
      appointmentId: job.id,
      customerId: job.customerId,
      serviceCode: 'test_only',
    });
    await heading(page, 'Your battery service is complete').waitFor();
    await page.getByText('Your old battery tested at 82 % health: GOOD - RECHARGE').waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toContain('Quillfeather');
    expect(text).not.toContain(visitor.lastName);
    expect(text).not.toContain('Vine St');
    expect(await page.getByRole('button', { name: 'Cancel visit' }).count()).toBe(0);
  }

  async function cancelAVisit() {
    const page = browser!.page;
    // A visit booked for tomorrow at 3 PM fills that hour (one visit per hour here).
    const visitorClient = new ApiClient(stack!.baseUrl);
    const customer = await visitorClient.request<{ id: number }>('POST', '/api/customers', {
      name: `Casey Canceller${suffix}`,
      phone: '(513) 555-0177',
      email: null,
    });
    const booked = await visitorClient.request<{ token: string }>('POST', '/api/appointments', {
      customerId: customer.id,
      location: '1 Fountain Square, Cincinnati, Ohio 45202',
      vehicle: null,
      preferredTime: nextDay,
      scheduledDate: nextDay,
      scheduledTime: '15:00:00',
      notes: null,
    });
    const threePm = async () =>
      (await staff.request<TimeSlot[]>('GET', `/api/time-slots?date=${nextDay}`)).find(
        (s) => s.hour === 15,
      )!;
    expect((await threePm()).available).toBe(false);

    await page.goto(`/track/${booked.token}`);
    await heading(page, 'Your visit is booked').waitFor();
    await page.getByRole('button', { name: 'Cancel visit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your visit?' });
    await dialog.getByLabel('Reason (optional)').fill('The car started after all');
    await dialog.getByRole('button', { name: 'Cancel visit' }).click();
    await heading(page, 'Cancelled').waitFor();
    await page.getByRole('link', { name: 'Book another visit' }).waitFor();

    // The hour is bookable again once booking hears of the cancellation.
    await eventually('3 PM is free again', threePm, (slot) => slot.available);
    const board = await staff.request<DashboardAppointment[]>('GET', '/api/appointments');
    expect(board.find((a) => a.customerId === customer.id)?.status).toBe('cancelled');
  }
});
