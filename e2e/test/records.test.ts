import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InventoryItem } from '@cincy/contracts';
import { ApiClient, bookAsap, login, startStack, Stack } from '@cincy/stack';
import type { Locator, Page } from 'playwright-core';
import { eventually } from '../src/board';
import { addTechnician } from '../src/office';
import { launchBrowser, TestBrowser } from '../src/browser';
import { businessNoonToday, publicStackEnv, signInToBoard } from '../src/public-site';

// Records the owner can trust (issue 23): an admin receives a shipment in the item's drawer,
// completes a job a technician worked (installing one), and corrects the count; the stock drawer
// lists each movement with its reason and who made it, the quantity follows every step, and the
// item's and the job's History drawers (the audit log) say who did each step.
describe('stock movements and the audit log, as an admin', () => {
  const secret = () => randomBytes(9).toString('base64url');
  const admin = { username: 'e2e-records-admin', password: `E2e-${secret()}` };
  const tech = { username: 'e2e-records-tech', password: `Tech-${secret()}`, name: 'Tess Field' };
  const suffix = randomBytes(2).toString('hex');
  const itemName = `H6 AGM ${suffix}`;

  let stack: Stack | undefined;
  let staff: ApiClient;
  let field: ApiClient;
  let browser: TestBrowser | undefined;
  let item: InventoryItem;

  beforeAll(async () => {
    stack = await startStack({
      throwaway: { label: 'e2erecords' },
      admin,
      serviceEnv: publicStackEnv(businessNoonToday()),
    });
    staff = await login(stack.baseUrl, admin.username, admin.password);
    await addTechnician(staff, tech);
    field = await login(stack.baseUrl, tech.username, tech.password);
    item = await staff.request<InventoryItem>('POST', '/api/inventory', {
      name: itemName,
      description: 'AGM battery',
      sku: `H6-${suffix}`,
      category: 'battery',
      quantity: 2,
      minQuantity: 1,
      unitCost: 139.5,
      notes: null,
    });
    browser = await launchBrowser({ baseURL: stack.baseUrl });
    browser.page.setDefaultTimeout(20_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 60_000);

  async function explain(error: unknown): Promise<Error> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cincy-records-'));
    await browser?.page
      .screenshot({ path: path.join(dir, 'admin.png'), fullPage: true })
      .catch(() => undefined);
    return new Error(`${(error as Error).message}\nscreenshot: ${dir}`);
  }

  const drawer = (page: Page) => page.getByRole('dialog', { name: `Stock — ${itemName}` });
  /** A History drawer's entries, newest first, each as one line of text. */
  async function history(page: Page, name: string): Promise<string[]> {
    await page.getByRole('button', { name: `History: ${name}`, exact: true }).click();
    const panel = page.getByRole('dialog', { name: `History — ${name}` });
    await panel.getByTestId('history-entry').first().waitFor();
    const entries = await panel.getByTestId('history-entry').allInnerTexts();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    return entries.map((e) => e.replace(/\s+/g, ' ').trim());
  }
  const movements = (page: Page) =>
    drawer(page).getByRole('table', { name: `Stock movements of ${itemName}` });
  /** The movement rows' cells, newest first. */
  const rows = async (table: Locator) =>
    (await table.locator('tbody tr[data-row-key]').allInnerTexts()).map((r) =>
      r.replace(/\s+/g, ' ').trim(),
    );

  async function record(page: Page, tab: string, quantity: string, reason: string, submit: string) {
    // The receive / count / write-off forms (the drawer's Move form has fields of the same names).
    const panel = drawer(page).getByRole('region', { name: 'Change stock' });
    await panel.getByText(tab, { exact: true }).click();
    await panel.getByRole('spinbutton').fill(quantity);
    await panel.getByLabel('Reason').fill(reason);
    await panel.getByRole('button', { name: submit }).click();
  }

  test('receive, complete a job, correct: each listed with who and why, and in the History', async () => {
    try {
      const page = browser!.page;
      await signInToBoard(page, admin.username, admin.password);
      await page.goto('/inventory');
      await page.getByRole('button', { name: `Stock: ${itemName}` }).click();
      await drawer(page).waitFor();

      // A shipment of 6: 2 -> 8.
      await record(page, 'Receive', '6', 'Shipment PO 1042', 'Receive stock');
      await eventually(
        'the receipt in the list',
        () => rows(movements(page)),
        (r) => r.some((row) => row.includes('Shipment PO 1042')),
      );

      // A technician works a job; the admin completes it for them, installing one: 8 -> 7.
      const { appointment, customer } = await bookAsap(stack!.baseUrl, {
        name: `Records Customer ${suffix}`,
        phone: '(513) 555-0133',
      });
      const id = appointment.id;
      await eventually(
        'the technician accepts',
        () => field.request('PATCH', `/api/appointments/${id}/status`, { status: 'accepted' }),
        () => true,
      );
      await field.request('PATCH', `/api/appointments/${id}/status`, { status: 'en_route' });
      await field.request('PATCH', `/api/appointments/${id}/status`, { status: 'on_location' });
      const users = await staff.request<{ username: string; name: string }[]>('GET', '/api/users');
      const adminName = users.find((u) => u.username === admin.username)!.name;

      // The job's History on the admin's board: booked by the customer, each step by Tess.
      await page.keyboard.press('Escape');
      await page.goto('/dispatch');
      const jobName = `Job #${id} · Records Customer ${suffix}`;
      const jobSteps = await eventually(
        "the job's steps in its History",
        () => history(page, jobName),
        (e) => e.length >= 4,
      );
      expect(jobSteps[0]).toMatch(new RegExp(`^On location by ${tech.name}`));
      expect(jobSteps[1]).toMatch(new RegExp(`^On the way by ${tech.name}`));
      expect(jobSteps[2]).toMatch(new RegExp(`^Accepted by ${tech.name}`));
      expect(jobSteps.at(-1)).toMatch(/^Booked \(ASAP\) by Customer/);

      await staff.request('POST', '/api/service-records', {
        appointmentId: id,
        customerId: customer.id,
        serviceCode: 'battery_installed',
        batterySerialNumber: `SN-REC-${suffix}`,
        vehicleMileage: '48210',
        inventoryItemId: item.id,
      });

      // The shelf holds 6, not 7: a count of 6 corrects it.
      await page.goto('/inventory');
      await page.getByRole('button', { name: `Stock: ${itemName}` }).click();
      await drawer(page).waitFor();
      await eventually(
        'the install in the list',
        () => rows(movements(page)),
        (r) => r.some((row) => /Installed/.test(row)),
      );
      await record(page, 'Correct count', '6', 'Monthly shelf count', 'Save count');
      const listed = await eventually(
        'the correction in the list',
        () => rows(movements(page)),
        (r) => r.some((row) => row.includes('Monthly shelf count')),
      );

      const [correction, install, receipt] = listed;
      expect(correction).toContain('Count corrected');
      expect(correction).toContain('\u22121 7 → 6 Monthly shelf count');
      expect(correction).toContain(adminName);
      expect(install).toContain('Installed');
      expect(install).toContain('\u22121 8 → 7');
      expect(install).toContain(adminName);
      expect(receipt).toContain('Received');
      expect(receipt).toContain('+6 2 → 8 Shipment PO 1042');
      expect(receipt).toContain(adminName);
      const after = await staff.request<InventoryItem[]>('GET', '/api/inventory');
      expect(after.find((i) => i.id === item.id)?.quantity).toBe(6);

      // The item's History: the same three steps, each by the admin who did it, newest first.
      await page.keyboard.press('Escape');
      await drawer(page).waitFor({ state: 'hidden' });
      const itemSteps = await eventually(
        "the item's steps in its History",
        () => history(page, itemName),
        (e) => e.length >= 4,
      );
      expect(itemSteps[0]).toMatch(new RegExp(`^Count corrected.* by ${adminName}`));
      expect(itemSteps[0]).toContain('Quantity: 7 → 6');
      expect(itemSteps[0]).toContain('Monthly shelf count');
      expect(itemSteps[1]).toMatch(new RegExp(`^Installed.* by ${adminName}`));
      expect(itemSteps[1]).toContain('Quantity: 8 → 7');
      expect(itemSteps[2]).toMatch(new RegExp(`^Received 6.* by ${adminName}`));
      expect(itemSteps[2]).toContain('Shipment PO 1042');
      expect(itemSteps[3]).toMatch(new RegExp(`^Added: ${itemName} by ${adminName}`));
    } catch (error) {
      throw await explain(error);
    }
  }, 180_000);
});
