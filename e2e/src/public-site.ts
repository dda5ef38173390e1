import { readFileSync } from 'node:fs';
import {
  addDays,
  BOOKING,
  businessDate,
  businessInstant,
  businessParts,
  type AppointmentInput,
} from '@cincy/contracts';
import type { Locator, Page } from 'playwright-core';
import { ApiClient } from '@cincy/stack';

/**
 * Helpers of the public-site end-to-end tests (booking form, confirmation, accessibility).
 * Everything here drives the page the way a visitor does: by label and role, never by CSS class.
 */

/** Today at 12:00 in Cincinnati: inside the ASAP window, every hour of tomorrow is still open. */
export function businessNoonToday(): Date {
  return businessInstant(businessDate(), 12);
}

/**
 * The latest instant inside the ASAP window that is not ahead of now: now while the window is
 * open, else the window's last minute before now (last evening's after midnight). For a stack
 * whose phone steps jobs at the phone's own time, which may not come before the booking (noon
 * today is hours ahead of a test run after midnight).
 */
export function businessAsapNow(now = new Date()): Date {
  const { hour } = businessParts(now);
  if (hour >= BOOKING.asapFromHour && hour < BOOKING.asapUntilHour) return now;
  const today = businessDate(now);
  const day = hour < BOOKING.asapFromHour ? addDays(today, -1) : today;
  return businessInstant(day, BOOKING.asapUntilHour - 1, 59);
}

/**
 * Env for a stack the public tests drive: no rate limits (many bookings from 127.0.0.1) and the
 * booking service's clock pinned, so ASAP is always inside the rapid-response window.
 */
export function publicStackEnv(
  now: Date,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    BOOKING_RATE_LIMIT: '0',
    TIME_SLOTS_RATE_LIMIT: '0',
    TRACKING_RATE_LIMIT: '0',
    FIND_BOOKING_RATE_LIMIT: '0',
    BOOKING_FIXED_NOW: now.toISOString(),
    ...extra,
  };
}

/** "Tue, Nov 24", as the form and the confirmation page label a calendar date. */
export function shortDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export function tomorrow(now: Date): string {
  return addDays(businessDate(now), 1);
}

export interface Viewport {
  width: number;
  height: number;
}
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 390, height: 844 };

export interface BookingInput {
  firstName: string;
  lastName: string;
  phone: string;
  street: string;
  city: string;
  state: 'Ohio' | 'Kentucky' | 'Indiana';
  zip: string;
  vehicle?: { year: string; make: string; model: string; color: string };
  notes?: string;
}

/**
 * A form control by its visible label. Required fields' labels end in an asterisk that screen
 * readers skip (aria-hidden), so 'City' finds the label 'City *' but never 'City of birth'.
 */
export function labelled(page: Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

/** Types like a person (key by key) into a field found by its label. */
export async function typeInto(page: Page, label: string, text: string): Promise<void> {
  const field = labelled(page, label);
  await field.click();
  await field.pressSequentially(text);
}

/** Fills contact, address, vehicle and notes; timing and the agreement are left to the test. */
export async function fillBookingForm(page: Page, input: BookingInput): Promise<void> {
  // Selects chosen in the prerendered form before React has it are redrawn: start once it has.
  await page.locator('form[data-hydrated]').waitFor();
  await typeInto(page, 'First Name', input.firstName);
  await typeInto(page, 'Last Name', input.lastName);
  await typeInto(page, 'Phone Number', input.phone);
  await typeInto(page, 'Street Address', input.street);
  await typeInto(page, 'City', input.city);
  await labelled(page, 'State').selectOption({ label: input.state });
  await typeInto(page, 'ZIP Code', input.zip);
  if (input.vehicle) {
    await labelled(page, 'Vehicle Year').selectOption({ label: input.vehicle.year });
    await labelled(page, 'Make').selectOption({ label: input.vehicle.make });
    await labelled(page, 'Model').selectOption({ label: input.vehicle.model });
    await labelled(page, 'Color').selectOption({ label: input.vehicle.color });
  }
  if (input.notes) await typeInto(page, 'Notes', input.notes);
}

export function submitButton(page: Page): Locator {
  return page.getByRole('button', { name: /^(Submit Service Request|Submitting\.\.\.)$/ });
}

export function hourButton(page: Page, label: string): Locator {
  return page
    .getByRole('group', { name: 'Preferred Time' })
    .getByRole('button', { name: label, exact: true });
}

export function dateButton(page: Page, label: string): Locator {
  return page
    .getByRole('group', { name: 'Preferred Date' })
    .getByRole('button', { name: label, exact: true });
}

/** The toast on screen, in the 'Notifications (F8)' region. */
export function toastIn(page: Page): Locator {
  return page
    .getByRole('region', { name: 'Notifications (F8)' })
    .locator('[role="status"], [role="alert"]');
}

/** Closes every toast on screen (they stack over the corner of a dialog's buttons). */
export async function dismissToasts(page: Page): Promise<void> {
  for (const close of await page.locator('.ant-notification-notice-close').all())
    await close.click().catch(() => undefined); // gone on its own meanwhile
  await toastIn(page).first().waitFor({ state: 'detached' });
}

/** The confirmation page's "Request Details" as { Contact: '...', 'Service Location': '...' }. */
export async function readRequestDetails(page: Page): Promise<Record<string, string>> {
  // The confirmation page is a lazy chunk: the URL changes before its content renders.
  await page.getByRole('heading', { level: 1, name: 'Service Request Received' }).waitFor();
  await page.locator('dl dt').first().waitFor();
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const dt of Array.from(document.querySelectorAll('dl dt'))) {
      const dd = dt.nextElementSibling;
      if (dd?.tagName === 'DD')
        out[(dt.textContent ?? '').trim()] = (dd as HTMLElement).innerText.trim();
    }
    return out;
  });
}

/**
 * The validation message shown for a field: the text of the elements the field's
 * aria-describedby names that are error messages, so "next to its field" means tied to it.
 */
export async function fieldError(field: Locator): Promise<{ invalid: boolean; message: string }> {
  return field.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const message = ids
      .map((id) => document.getElementById(id))
      .filter((e): e is HTMLElement => !!e && /error|_help$/.test(e.id))
      // antd animates a replaced message out: only the messages staying count.
      .map((e) =>
        e.querySelector('.ant-form-item-explain-error')
          ? [...e.querySelectorAll('.ant-form-item-explain-error')]
              .filter((m) => !/leave/.test(m.className))
              .map((m) => m.textContent?.trim() ?? '')
              .join(' | ')
          : (e.textContent?.trim() ?? ''),
      )
      .join(' | ');
    // The message must also sit in the field's own wrapper, right under it on screen.
    const wrapper = el.closest('.ant-form-item') ?? el.closest('div');
    const besideField = !message || (wrapper?.textContent ?? '').includes(message);
    return {
      invalid: el.getAttribute('aria-invalid') === 'true',
      message: besideField ? message : `(not beside the field) ${message}`,
    };
  });
}

/** Books an hour through the API as an anonymous visitor (customer, then appointment). */
export async function bookHourViaApi(
  baseUrl: string,
  name: string,
  phone: string,
  date: string,
  hour: number,
): Promise<{ id: number }> {
  const client = new ApiClient(baseUrl);
  const customer = await client.request<{ id: number }>('POST', '/api/customers', {
    name,
    phone,
    email: null,
  });
  const body: AppointmentInput = {
    customerId: customer.id,
    location: '1 Fountain Square, Cincinnati, Ohio 45202',
    vehicle: null,
    preferredTime: date,
    scheduledDate: date,
    scheduledTime: `${String(hour).padStart(2, '0')}:00:00`,
    notes: null,
    status: 'pending',
    priority: 'normal',
  };
  return client.request<{ id: number }>('POST', '/api/appointments', body);
}

/** Signs in on /login and waits for the dispatch board to load its appointments. */
export async function signInToBoard(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dispatch');
}

/**
 * A technician signs in on /login: they land on the field app (another app, a full page load),
 * never the back office's board.
 */
export async function signInToFieldApp(
  page: Page,
  username: string,
  password: string,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/field/');
  await page.waitForFunction(() => document.title === 'Cincy Battery Field');
}

export function jobCard(scope: Page | Locator, customerName: string): Locator {
  return scope.locator('[data-testid="job-card"]', { hasText: customerName });
}

/** A board section (Available Jobs, In Progress, Future Jobs) by its heading. */
export function boardSection(page: Page, title: string): Locator {
  return page.getByRole('region', { name: new RegExp(`^${title}\\b`) });
}

/**
 * Picks an option of an antd Select found by its label, as a person does: open it, click the
 * option (antd renders the list apart from the field).
 */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await labelled(page, label).click();
  for (let attempt = 1; ; attempt++) {
    await open.getByTitle(option, { exact: true }).click();
    // Choosing closes the list. On a busy machine a click during its opening animation can go
    // unheeded (the list stays open, nothing chosen): click the option again.
    const closed = await open.waitFor({ state: 'hidden', timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    if (closed || attempt === 3) return;
  }
}

// ---------------------------------------------------------------------------------------------
// Accessibility (axe-core)

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

let axeSource: string | undefined;

/** Runs axe-core in the page (WCAG 2.x A/AA rules and best practices) and returns its violations. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate(
    () => typeof (window as { axe?: unknown }).axe !== 'undefined',
  );
  // Evaluated through the DevTools protocol: the CSP (script-src 'self') refuses an inline tag.
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({
        target: n.target as string[],
        html: n.html.slice(0, 200),
        failureSummary: n.failureSummary,
      })),
    }));
  });
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .slice(0, 5)
          .map(
            (n) =>
              `    ${n.target.join(' ')}  ${n.html}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n');
}
