import { randomBytes } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { VIN_MESSAGES, businessDate, businessInstant, businessParts } from '@cincy/contracts';
import { ApiClient, startStack, Stack } from '@cincy/stack';
import { eventually } from '../src/board';
import { launchBrowser, TestBrowser } from '../src/browser';
import {
  bookHourViaApi,
  boardSection,
  businessNoonToday,
  dateButton,
  DESKTOP,
  fieldError,
  fillBookingForm,
  hourButton,
  jobCard,
  labelled,
  PHONE,
  publicStackEnv,
  readRequestDetails,
  shortDate,
  signInToBoard,
  submitButton,
  toastIn,
  tomorrow,
  typeInto,
  type BookingInput,
  type Viewport,
} from '../src/public-site';

// The public booking form, driven as a visitor drives it, against a whole stack:
// ASAP and scheduled bookings reach the confirmation page and the dispatch board, every
// validation message of the form shows beside its field, a full hour answers the
// TIME_SLOT_FULL toast, and the phone/zip filters and make/model rules hold.
//
// Determinism: the booking service's clock is pinned to today 12:00 in Cincinnati
// (BOOKING_FIXED_NOW), and so is the visitor's browser clock, so ASAP is always inside the
// rapid-response window and no hour of tomorrow is past, whatever time the test runs.
// SLOT_CAPACITY=1: one booking fills an hour; each test uses its own hour of tomorrow.
describe('public booking form', () => {
  const admin = { username: 'e2e-admin', password: `E2e-${randomBytes(9).toString('base64url')}` };
  const now = businessNoonToday();
  const nextDay = tomorrow(now);
  const thisYear = businessParts(now).year;
  let stack: Stack | undefined;
  let visitor: TestBrowser | undefined;
  let staff: TestBrowser | undefined;

  beforeAll(async () => {
    stack = await startStack({
      throwaway: { label: 'e2e' },
      admin,
      serviceEnv: publicStackEnv(now, { SLOT_CAPACITY: '1' }),
    });
    visitor = await launchBrowser({ baseURL: stack.baseUrl });
    await visitor.context.clock.setFixedTime(now);
    visitor.page.setDefaultTimeout(20_000);
    staff = await launchBrowser({ baseURL: stack.baseUrl });
    staff.page.setDefaultTimeout(20_000);
    await signInToBoard(staff.page, admin.username, admin.password);
  }, 180_000);

  afterAll(async () => {
    await visitor?.close();
    await staff?.close();
    await stack?.stop();
  }, 60_000);

  const unique = () => randomBytes(3).toString('hex');

  /** Adds the page and the services' output to a failure, so it can be read without a rerun. */
  async function explained<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw new Error(
        `${what}: ${(err as Error).message}\nvisitor page: ${visitor?.page.url()}\n` +
          `--- recent service output ---\n${stack?.recentOutput()}`,
      );
    }
  }

  async function openForm(viewport: Viewport = DESKTOP): Promise<Page> {
    const page = visitor!.page;
    await page.setViewportSize(viewport);
    await page.goto('/customer-form');
    await page.getByRole('heading', { level: 1, name: 'Request Mobile Battery Service' }).waitFor();
    return page;
  }

  function person(tag: string): BookingInput {
    const id = unique();
    return {
      firstName: 'Erin',
      lastName: `${tag} ${id}`,
      phone: `(513) 555-${String(parseInt(id, 16) % 10_000).padStart(4, '0')}`,
      street: '1200  Vine St', // the double space is collapsed before sending
      city: 'Cincinnati',
      state: 'Ohio',
      zip: '45202',
      vehicle: { year: String(thisYear - 5), make: 'Toyota', model: 'Camry', color: 'Blue' },
      notes: `Gate code ${id}`,
    };
  }

  /**
   * Ticks the agreement, submits, and answers the booking body the form sent: one call, and
   * neither of the spec's two (POST /api/customers, POST /api/appointments) before it.
   */
  async function submitBooking(page: Page): Promise<Record<string, unknown>> {
    await page.getByLabel('I agree to the terms of service').check();
    const twoCalls: string[] = [];
    const onRequest = (r: Request) => {
      if (/\/api\/(customers|appointments)$/.test(new URL(r.url()).pathname))
        twoCalls.push(r.url());
    };
    page.on('request', onRequest);
    try {
      const posted = page.waitForRequest(
        (r) => new URL(r.url()).pathname === '/api/bookings' && r.method() === 'POST',
      );
      await submitButton(page).click();
      const body = (await posted).postDataJSON() as Record<string, unknown>;
      expect(twoCalls).toEqual([]);
      return body;
    } finally {
      page.off('request', onRequest);
    }
  }

  /** Opens the board fresh and returns the job card of a customer inside the named section. */
  async function findOnBoard(section: string, name: string) {
    const page = staff!.page;
    await page.goto('/dispatch');
    await page.getByRole('heading', { level: 1, name: 'Dispatch Dashboard' }).waitFor();
    const box = boardSection(page, section);
    if (section === 'Future Jobs') {
      const toggle = page.getByRole('button', { name: /^Future Jobs\s*\d+$/ });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    }
    const card = jobCard(box, name);
    await card.waitFor({ state: 'visible' });
    return card;
  }

  describe.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('ASAP booking at %s size', (_size, viewport) => {
    test('reaches /confirmation with the details, and the dispatch board', async () => {
      const page = await openForm(viewport);
      const who = person(`Asap${viewport.width}`);
      const name = `${who.firstName} ${who.lastName}`;
      await fillBookingForm(page, who);

      // ASAP is the default timing and shows no date or hour choice.
      await expect(
        page.getByRole('radio', { name: /ASAP Service \(Recommended\)/ }).isChecked(),
      ).resolves.toBe(true);
      expect(await page.getByRole('group', { name: 'Preferred Time' }).count()).toBe(0);

      const body = await submitBooking(page);
      expect(body).toMatchObject({
        location: '1200 Vine St, Cincinnati, OH 45202',
        vehicle: `${thisYear - 5} Toyota Camry (Blue)`,
        preferredTime: 'ASAP',
        scheduledDate: null,
        scheduledTime: null,
        notes: who.notes,
        status: 'pending',
        priority: 'normal',
      });

      await explained('ASAP booking did not reach /confirmation', () =>
        page.waitForURL((u) => u.pathname.startsWith('/confirmation/')),
      );
      await page.getByRole('heading', { level: 1, name: 'Service Request Received' }).waitFor();
      const details = await readRequestDetails(page);
      expect(details.Contact).toContain(name);
      expect(details.Contact).toContain(who.phone);
      expect(details['Service Location']).toBe('1200 Vine St, Cincinnati, OH 45202');
      expect(details.Vehicle).toBe(`${thisYear - 5} Toyota Camry (Blue)`);
      expect(details['Preferred Time']).toBe('ASAP');
      expect(details.Notes).toBe(who.notes);
      await expect(
        page.getByRole('link', { name: 'Return Home' }).getAttribute('href'),
      ).resolves.toBe('/');

      // Staff see it among the available jobs, with its phone and address.
      const card = await explained(`"${name}" is not under Available Jobs`, () =>
        findOnBoard('Available Jobs', name),
      );
      const text = await card.innerText();
      expect(text).toContain(who.phone);
      expect(text).toContain('1200 Vine St, Cincinnati, OH 45202');
      expect(text).toContain(who.notes);
    });
  });

  test('a scheduled booking (tomorrow, 2 PM) reaches /confirmation and Future Jobs', async () => {
    const page = await openForm(DESKTOP);
    const who = person('Later');
    const name = `${who.firstName} ${who.lastName}`;
    await fillBookingForm(page, { ...who, vehicle: undefined, notes: undefined });

    await page.getByRole('radio', { name: /Schedule for Later/ }).check();
    await expect(
      page.getByRole('group', { name: 'Preferred Date' }).getByRole('button').count(),
    ).resolves.toBe(7);
    expect(
      await page.getByRole('group', { name: 'Preferred Time' }).getByRole('button').count(),
    ).toBe(13);
    await dateButton(page, 'Tomorrow').click();
    await expect(dateButton(page, 'Tomorrow').getAttribute('aria-pressed')).resolves.toBe('true');
    // Tomorrow no hour is past: all 13 are open (nothing else is booked at 2 PM yet).
    await hourButton(page, '2 PM').click();
    await expect(hourButton(page, '2 PM').getAttribute('aria-pressed')).resolves.toBe('true');
    expect(await hourButton(page, '12 PM').getAttribute('aria-pressed')).toBe('false');

    expect(await submitBooking(page)).toMatchObject({
      preferredTime: nextDay,
      scheduledDate: nextDay,
      scheduledTime: '14:00:00',
      vehicle: null,
      notes: null,
    });
    await explained('scheduled booking did not reach /confirmation', () =>
      page.waitForURL((u) => u.pathname.startsWith('/confirmation/')),
    );
    const details = await readRequestDetails(page);
    expect(details['Preferred Time']).toBe(`${shortDate(nextDay)} at 2 PM`);
    expect(details.Vehicle).toBe('Not specified');
    expect(details.Contact).toContain(name);
    expect(details.Notes).toBeUndefined();

    await explained(`"${name}" is not under Future Jobs`, () => findOnBoard('Future Jobs', name));
    expect(await jobCard(boardSection(staff!.page, 'Available Jobs'), name).count()).toBe(0);
  });

  test('outside ASAP hours (10:40 PM) the form says why and opens on the first free hour, which books', async () => {
    // The visitor's clock at 10:40 PM tonight; the booking service's stays at noon, which takes a
    // visit tomorrow at 9 AM all the same.
    await visitor!.context.clock.setFixedTime(businessInstant(businessDate(now), 22, 40));
    try {
      const page = await openForm(PHONE);
      // Before anything is filled in: why ASAP is off, and the first free hour chosen.
      await page
        .getByText("ASAP service runs 9 AM - 9 PM; it's 10:40 PM now. Pick a time below.", {
          exact: true,
        })
        .waitFor();
      const asap = page.getByRole('radio', { name: /ASAP Service \(Recommended\)/ });
      expect(await asap.isDisabled()).toBe(true);
      expect(await asap.isChecked()).toBe(false);
      await expect(
        page.getByRole('radio', { name: /Schedule for Later/ }).isChecked(),
      ).resolves.toBe(true);
      await hourButton(page, '9 AM').waitFor();
      expect(await dateButton(page, 'Tomorrow').getAttribute('aria-pressed')).toBe('true');
      expect(await hourButton(page, '9 AM').getAttribute('aria-pressed')).toBe('true');
      // The grid states the hours it offers.
      await page.getByText('Available times: 9 AM - 9 PM', { exact: true }).waitFor();

      const who = person('Night');
      await fillBookingForm(page, { ...who, vehicle: undefined });
      expect(await submitBooking(page)).toMatchObject({
        preferredTime: nextDay,
        scheduledDate: nextDay,
        scheduledTime: '09:00:00',
      });
      await explained('the night booking did not reach /confirmation', () =>
        page.waitForURL((u) => u.pathname.startsWith('/confirmation/')),
      );
      expect((await readRequestDetails(page))['Preferred Time']).toBe(
        `${shortDate(nextDay)} at 9 AM`,
      );
    } finally {
      await visitor!.context.clock.setFixedTime(now);
    }
  });

  test('a visitor whose answer is lost and who sends again gets the one booking (the same Idempotency-Key)', async () => {
    const page = await openForm(DESKTOP);
    const who = person('Retry');
    const name = `${who.firstName} ${who.lastName}`;
    await fillBookingForm(page, who);
    await page.getByLabel('I agree to the terms of service').check();
    // The first send reaches the server and books; its answer never reaches the browser.
    const keys: (string | undefined)[] = [];
    await page.route('**/api/bookings', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      const response = await route.fetch();
      if (keys.length === 1) await route.abort('internetdisconnected');
      else await route.fulfill({ response });
    });
    try {
      await submitButton(page).click();
      const toast = toastIn(page);
      await toast.waitFor({ state: 'visible' });
      expect(await toast.innerText()).toContain('Please check your information and try again.');
      expect(new URL(page.url()).pathname).toBe('/customer-form');

      await submitButton(page).click();
      await explained('the retry did not reach /confirmation', () =>
        page.waitForURL((u) => u.pathname.startsWith('/confirmation/')),
      );
    } finally {
      await page.unroute('**/api/bookings');
    }
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(keys[1]).toBe(keys[0]);
    expect((await readRequestDetails(page)).Contact).toContain(name);

    // One customer with one job: the retry answered the booking the lost send made.
    const office = new ApiClient(stack!.baseUrl);
    await office.login(admin.username, admin.password);
    const found = await office.request<{ name: string; totalJobs: number }[]>(
      'GET',
      `/api/customers?search=${encodeURIComponent(who.lastName)}`,
    );
    expect(found.map((c) => [c.name, c.totalJobs])).toEqual([[name, 1]]);
  });

  test('a first and a last name of 50 characters each book', async () => {
    const page = await openForm(DESKTOP);
    const who = { ...person('Long'), firstName: 'F'.repeat(50), lastName: 'L'.repeat(50) };
    await fillBookingForm(page, { ...who, vehicle: undefined, notes: undefined });
    // The fields take 50 characters each, no more.
    await labelled(page, 'First Name').pressSequentially('F');
    expect(await labelled(page, 'First Name').inputValue()).toHaveLength(50);
    await page.getByLabel('I agree to the terms of service').check();
    await submitButton(page).click();
    await explained('the long name did not reach /confirmation', () =>
      page.waitForURL((u) => u.pathname.startsWith('/confirmation/')),
    );
    expect((await readRequestDetails(page)).Contact).toContain(`${who.firstName} ${who.lastName}`);
  });

  test('every validation message shows beside its field; the agreement gates the button', async () => {
    const page = await openForm(DESKTOP);
    const booking: Request[] = [];
    const onRequest = (r: Request) => {
      if (/\/api\/(customers|appointments|bookings)$/.test(new URL(r.url()).pathname))
        booking.push(r);
    };
    page.on('request', onRequest);
    try {
      const agree = page.getByLabel('I agree to the terms of service');
      const submit = submitButton(page);
      const field = (label: string) => labelled(page, label);

      // Unchecked agreement: the button stays disabled, and Enter in a field sends nothing.
      expect(await agree.isChecked()).toBe(false);
      expect(await submit.isDisabled()).toBe(true);
      await typeInto(page, 'First Name', 'Erin');
      await page.keyboard.press('Enter');
      expect(await submit.isDisabled()).toBe(true);
      await agree.check();
      expect(await submit.isEnabled()).toBe(true);
      await agree.uncheck();
      expect(await submit.isDisabled()).toBe(true);
      await field('First Name').fill('');

      // Empty submit: one message per required field, each tied to its field.
      await agree.check();
      await submit.click();
      const expected: [string, string][] = [
        ['First Name', 'First name is required'],
        ['Last Name', 'Last name is required'],
        ['Phone Number', 'Phone number must be at least 10 digits'],
        ['Street Address', 'Street address is required'],
        ['City', 'City is required'],
        ['State', 'State is required'],
        ['ZIP Code', 'ZIP code must be at least 5 digits'],
      ];
      await page.getByText('First name is required').waitFor();
      for (const [label, message] of expected) {
        expect({ label, ...(await fieldError(field(label))) }).toEqual({
          label,
          invalid: true,
          message,
        });
      }
      // Optional fields carry no message; focus goes to the first invalid field.
      for (const label of ['Vehicle Year', 'Make', 'Color', 'Notes']) {
        expect({ label, ...(await fieldError(field(label))) }).toEqual({
          label,
          invalid: false,
          message: '',
        });
      }
      expect(await field('First Name').evaluate((el) => el === document.activeElement)).toBe(true);

      // Bad values: a street without a house number, a 3-digit zip, a short phone.
      await typeInto(page, 'First Name', 'Erin');
      await typeInto(page, 'Last Name', 'Valid');
      await typeInto(page, 'Phone Number', '513555');
      await typeInto(page, 'Street Address', 'Vine Street');
      await typeInto(page, 'City', 'Cincinnati');
      await field('State').selectOption({ label: 'Kentucky' });
      await typeInto(page, 'ZIP Code', '452');
      await submit.click();
      await page.getByText('Street address should include a house number').waitFor();
      const bad: [string, string][] = [
        ['Phone Number', 'Phone number must be at least 10 digits'],
        ['Street Address', 'Street address should include a house number'],
        ['ZIP Code', 'ZIP code must be at least 5 digits'],
      ];
      for (const [label, message] of bad) {
        expect({ label, ...(await fieldError(field(label))) }).toEqual({
          label,
          invalid: true,
          message,
        });
      }
      // Fixed fields lost their messages as they were typed.
      for (const label of ['First Name', 'Last Name', 'City', 'State']) {
        expect({ label, ...(await fieldError(field(label))) }).toEqual({
          label,
          invalid: false,
          message: '',
        });
      }
      expect(await field('Phone Number').evaluate((el) => el === document.activeElement)).toBe(
        true,
      );

      // "12345-" passes the length rule but not the format rule.
      await field('ZIP Code').fill('');
      await typeInto(page, 'ZIP Code', '45202-');
      expect(await field('ZIP Code').inputValue()).toBe('45202-');
      await submit.click();
      await page.getByText('ZIP code must be in format 12345 or 12345-6789').waitFor();
      expect(await fieldError(field('ZIP Code'))).toEqual({
        invalid: true,
        message: 'ZIP code must be in format 12345 or 12345-6789',
      });

      // Nothing invalid was ever sent.
      expect(booking.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
      expect(new URL(page.url()).pathname).toBe('/customer-form');
    } finally {
      page.off('request', onRequest);
    }
  });

  test('a full hour answers the TIME_SLOT_FULL toast with the spec text (SLOT_CAPACITY=1)', async () => {
    const page = await openForm(DESKTOP);
    const who = person('Full');
    await fillBookingForm(page, { ...who, vehicle: undefined });
    await page.getByRole('radio', { name: /Schedule for Later/ }).check();
    const slotsLoaded = page.waitForResponse((r) => {
      const u = new URL(r.url());
      return u.pathname === '/api/time-slots' && u.searchParams.get('date') === nextDay && r.ok();
    });
    await dateButton(page, 'Tomorrow').click();
    await explained('the form did not load the time slots of tomorrow', () => slotsLoaded);
    await hourButton(page, '5 PM').click();
    await expect(hourButton(page, '5 PM').getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByLabel('I agree to the terms of service').check();

    // Someone else takes 5 PM between the form loading the slots and this visitor's submit.
    await bookHourViaApi(stack!.baseUrl, `Other Visitor ${unique()}`, '5135550199', nextDay, 17);

    const refused = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/bookings' && r.request().method() === 'POST',
    );
    await submitButton(page).click();
    const answer = await refused;
    expect(answer.status()).toBe(409);
    expect(await answer.json()).toMatchObject({ code: 'TIME_SLOT_FULL' });

    const toast = toastIn(page);
    await toast.waitFor({ state: 'visible' });
    expect(await toast.innerText()).toContain(
      'That time slot is fully booked. Please choose a different time or call us at (513) 555-0142 for alternative availability.',
    );
    expect(new URL(page.url()).pathname).toBe('/customer-form');
    // The visitor can try again: the button is back to its idle label.
    await page.getByRole('button', { name: 'Submit Service Request' }).waitFor();

    // Loaded afresh, the grid shows 5 PM as fully booked and disabled; 4 PM stays open.
    await openForm(DESKTOP);
    await fillBookingForm(page, { ...who, vehicle: undefined, notes: undefined });
    await page.getByRole('radio', { name: /Schedule for Later/ }).check();
    const reloaded = page.waitForResponse((r) => {
      const u = new URL(r.url());
      return u.pathname === '/api/time-slots' && u.searchParams.get('date') === nextDay && r.ok();
    });
    await dateButton(page, 'Tomorrow').click();
    await reloaded;
    await page.waitForFunction(() => {
      const group = document.querySelector('[aria-labelledby="booking-hour-label"]');
      const five = Array.from(group?.querySelectorAll('button') ?? []).find(
        (b) => b.textContent?.trim() === '5 PM',
      );
      return five?.disabled === true;
    });
    expect(await hourButton(page, '5 PM').isDisabled()).toBe(true);
    expect(await hourButton(page, '5 PM').getAttribute('title')).toBe('Fully booked');
    expect(await hourButton(page, '4 PM').isEnabled()).toBe(true);
  });

  test('what a visitor types before the page has its code is kept once it has', async () => {
    const page = visitor!.page;
    await page.setViewportSize(PHONE);
    // A slow phone: the prerendered form is on screen while its scripts are still on the way.
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    try {
      await page.goto('/customer-form', { waitUntil: 'commit' });
      const first = labelled(page, 'First Name');
      await first.waitFor();
      await first.pressSequentially('Erin');
      await labelled(page, 'ZIP Code').pressSequentially('45202');
      release();
      await page.locator('form[data-hydrated]').waitFor();
      // Any later render (here: typing the last name) leaves the early text in place.
      await typeInto(page, 'Last Name', 'Early');
      expect(await first.inputValue()).toBe('Erin');
      expect(await labelled(page, 'ZIP Code').inputValue()).toBe('45202');
      // And it is what the form checks: nothing said under it on submit (the phone is).
      await page.getByLabel('I agree to the terms of service').check();
      await submitButton(page).click();
      await labelled(page, 'Phone Number').and(page.locator('[aria-invalid="true"]')).waitFor();
      expect(await fieldError(first)).toMatchObject({ invalid: false, message: '' });
    } finally {
      release();
      await page.unroute(/\.js$/);
    }
  });

  test('phone and ZIP inputs filter what is typed; model follows make (phone size)', async () => {
    const page = await openForm(PHONE);
    const field = (label: string) => labelled(page, label);

    // Phone: only digits, parentheses, spaces and hyphens survive.
    await typeInto(page, 'Phone Number', '(513) 555-01a4b2.+x');
    expect(await field('Phone Number').inputValue()).toBe('(513) 555-0142');

    // ZIP: non-digits dropped, a hyphen after five digits, at most 10 characters.
    await typeInto(page, 'ZIP Code', '4a5b202');
    expect(await field('ZIP Code').inputValue()).toBe('45202');
    await typeInto(page, 'ZIP Code', '12345');
    expect(await field('ZIP Code').inputValue()).toBe('45202-1234');
    await field('ZIP Code').fill('');
    await typeInto(page, 'ZIP Code', '1 2 3 4 5 6 7 8 9 0');
    expect(await field('ZIP Code').inputValue()).toBe('12345-6789');

    // Model: disabled with 'Select make first' until a make is chosen.
    const model = field('Model');
    expect(await model.isDisabled()).toBe(true);
    expect(await model.locator('option:checked').innerText()).toBe('Select make first');
    await field('Make').selectOption({ label: 'Toyota' });
    expect(await model.isEnabled()).toBe(true);
    const toyota = await model.locator('option').allInnerTexts();
    expect(toyota).toEqual(expect.arrayContaining(['Camry', 'Corolla']));
    expect(toyota).toHaveLength(11); // the placeholder and 10 models
    await model.selectOption({ label: 'Camry' });
    expect(await model.inputValue()).toBe('Camry');

    // Changing the make clears the model.
    await field('Make').selectOption({ label: 'Honda' });
    expect(await model.inputValue()).toBe('');
    expect(await model.locator('option:checked').innerText()).toBe('Select model');
    expect(await model.locator('option').allInnerTexts()).not.toContain('Camry');

    // Back to no make: disabled again.
    await field('Make').selectOption({ index: 0 });
    expect(await model.isDisabled()).toBe(true);
    expect(await model.locator('option:checked').innerText()).toBe('Select make first');

    // A VIN (issue 37): a mistyped one is said to be; a right one fills the year and make,
    // and the customer picks the model.
    await typeInto(page, 'VIN', '1HGCM82633A004452');
    // The VIN reader is its own chunk, fetched at the first character: its verdict comes after.
    await eventually(
      'the VIN field says the check digit is wrong',
      () => fieldError(field('VIN')),
      (error) => error.invalid && error.message === VIN_MESSAGES.checkDigit,
    );
    await field('VIN').fill('');
    await typeInto(page, 'VIN', '1hgcm82633a004352');
    expect(await fieldError(field('VIN'))).toEqual({ invalid: false, message: '' });
    await page.getByText('From the VIN: 2003 Honda. Choose the model.').waitFor();
    expect(await field('Vehicle Year').inputValue()).toBe('2003');
    expect(await field('Make').inputValue()).toBe('Honda');
    expect(await model.isEnabled()).toBe(true);
    expect(await model.inputValue()).toBe('');
    await model.selectOption({ label: 'Accord' });

    // The battery the car takes (issue 37): a vehicle not on file is checked by us; one whose
    // engines differ gives both; one the table knows, its battery and installed price.
    const fitment = page.locator('.pub-fitment');
    await fitment
      .getByText('We will check which battery your car takes before the visit')
      .waitFor();
    await field('Vehicle Year').selectOption('2010');
    await fitment
      .getByText('Your car takes Group 51R (2.4L I4) or Group 24F (3.5L V6)', { exact: false })
      .waitFor();
    await field('Vehicle Year').selectOption('2019');
    await field('Make').selectOption({ label: 'Ford' });
    await model.selectOption({ label: 'F-150' });
    await fitment.getByText('Your car takes: Group 94R AGM, $210 installed (start-stop)').waitFor();

    // The date choices follow the (pinned) clock: Today, Tomorrow, then weekday/month/day.
    await page.getByRole('radio', { name: /Schedule for Later/ }).check();
    const labels = await page
      .getByRole('group', { name: 'Preferred Date' })
      .getByRole('button')
      .allInnerTexts();
    expect(labels.slice(0, 2)).toEqual(['Today', 'Tomorrow']);
    expect(labels[2]).toBe(shortDate(businessDate(new Date(now.getTime() + 2 * 86_400_000))));
  });
});
