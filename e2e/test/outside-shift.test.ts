import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, bookedHourLabel, businessDate } from '@cincy/contracts';
import { ALL_WEEK_SHIFTS, type ApiClient, login, Stack, startStack } from '@cincy/stack';
import { dialog } from '../src/board';
import { addTechnician } from '../src/office';
import { launchBrowser, TestBrowser } from '../src/browser';
import {
  bookHourViaApi,
  businessNoonToday,
  jobCard,
  publicStackEnv,
  signInToBoard,
  toastIn,
} from '../src/public-site';

// Issue 32 (ADR 0102): a day off that leaves an assigned visit outside the technician's shifts is
// warned about before it is saved, naming the visit; once saved anyway, the board's card and the
// Day View mark the job. Enter in the date field on the way never saves the default shift.
describe('a day off over an assigned visit', () => {
  const secret = () => randomBytes(9).toString('base64url');
  const admin = { username: 'e2e-shifts-admin', password: `E2e-${secret()}` };
  const tech = { username: 'e2e-shifts-dana', password: `Tech-${secret()}`, name: 'Dana Shift' };
  const suffix = randomBytes(3).toString('hex');
  const customerName = `E2E Shift ${suffix}`;
  const phone = `513558${String(parseInt(suffix, 16) % 10_000).padStart(4, '0')}`;
  let stack: Stack | undefined;
  let staff: ApiClient;
  let browser: TestBrowser | undefined;

  beforeAll(async () => {
    stack = await startStack({
      throwaway: { label: 'e2eshifts' },
      admin,
      serviceEnv: publicStackEnv(businessNoonToday()),
    });
    staff = await login(stack.baseUrl, admin.username, admin.password);
    browser = await launchBrowser({ baseURL: stack.baseUrl });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 60_000);

  test('warns naming the visit, saves once confirmed, and marks the job on the board and the Day View', async () => {
    const page = browser!.page;
    page.setDefaultTimeout(20_000);
    try {
      const user = await addTechnician(staff, tech);
      await staff.request('PUT', `/api/schedules/${user.id}/weekly`, { shifts: ALL_WEEK_SHIFTS });
      const tomorrow = addDays(businessDate(businessNoonToday()), 1);
      const booked = await bookHourViaApi(stack!.baseUrl, customerName, phone, tomorrow, 10);
      const { reference } = booked as { id: number; reference: string };
      for (let tries = 0; ; tries++) {
        try {
          await staff.request('POST', `/api/appointments/${booked.id}/assign`, {
            technicianId: user.id,
          });
          break;
        } catch (error) {
          if (tries > 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }

      await signInToBoard(page, admin.username, admin.password);
      await page.goto('/schedules');
      await page.getByRole('button', { name: `Add date exception: ${tech.name}` }).click();
      const add = dialog(page, 'Add Date Exception');
      await add.waitFor();
      // Enter in the date field takes the date; it does not save the default 08:00-17:00.
      const date = add.getByLabel('Date');
      await date.click();
      await date.press('ControlOrMeta+a');
      await date.pressSequentially(tomorrow);
      await date.press('Enter');
      await page.waitForTimeout(500);
      expect(await add.isVisible()).toBe(true);
      expect(await date.inputValue()).toBe(tomorrow);
      expect(await toastIn(page).filter({ hasText: 'Schedule Saved' }).count()).toBe(0);

      await add.getByText('Day off', { exact: true }).click();
      await add.getByRole('button', { name: 'Save', exact: true }).click();
      const line = `${reference} ${bookedHourLabel(tomorrow, '10:00')}, ${customerName}`;
      const warning = page.getByRole('dialog').filter({ hasText: line });
      await warning.waitFor();
      await page.screenshot({ path: path.join(shots(), 'warning.png') });
      await warning.getByRole('button', { name: 'Save anyway' }).click();
      await toastIn(page).filter({ hasText: 'Schedule Saved' }).first().waitFor();

      const mark = "Outside Dana's shift";
      await page.goto('/dispatch');
      // Tomorrow's visit is under Future Jobs, folded until opened.
      await page.getByRole('button', { name: /Future Jobs/ }).click();
      await jobCard(page, customerName).getByText(mark).waitFor();
      await jobCard(page, customerName).screenshot({ path: path.join(shots(), 'card.png') });
      await page.goto('/day');
      await page.getByRole('button', { name: 'Next day' }).click();
      await page.locator('.day-job', { hasText: customerName }).getByText(mark).waitFor();
      await page.screenshot({ path: path.join(shots(), 'day-view.png'), fullPage: true });
    } catch (error) {
      const dir = shots();
      await page.screenshot({ path: path.join(dir, 'failed.png'), fullPage: true }).catch(() => 0);
      throw new Error(
        `${(error as Error).message}\nscreenshots: ${dir}\n--- recent service output ---\n${stack?.recentOutput()}`,
      );
    }
  }, 180_000);
});

let shotDir: string | undefined;
/** Where this run's screenshots go (printed on failure; kept to look at). */
function shots(): string {
  shotDir ??= mkdtempSync(path.join(os.tmpdir(), 'cincy-outside-shift-'));
  return shotDir;
}
