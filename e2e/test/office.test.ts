import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bookAsap, login, startStack, Stack } from '@cincy/stack';
import { formatPhone, type DashboardAppointment, type InventoryItem } from '@cincy/contracts';
import type { Page } from 'playwright-core';
import { dialog, eventually, statValue, watchConsole } from '../src/board';
import { launchBrowser, TestBrowser } from '../src/browser';
import { cellTexts, fieldIn, rowWith, statusFor } from '../src/office';
import {
  PHONE,
  businessNoonToday,
  describeViolations,
  fieldError,
  publicStackEnv,
  runAxe,
  signInToBoard,
  signInToFieldApp,
  toastIn,
} from '../src/public-site';

// The office: an admin stocks a battery and hires a technician on the screens; the technician
// signs in and installs that battery; the admin's Inventory screen follows the stock live, the
// customer's history and Battery Search show the record; the admin edits and deletes the customer
// (who leaves the board); the technician is kept out of what is the admin's; a new password signs
// the technician out at once.
describe('office (inventory, users, customers)', () => {
  const secret = () => randomBytes(9).toString('base64url');
  const admin = { username: 'e2e-office-admin', password: `Adm-${secret()}` };
  const technician = {
    name: 'Olive Office',
    username: 'e2e-olive',
    password: `Olive-${secret()}`,
    employeeId: 'T-042',
  };
  const suffix = randomBytes(3).toString('hex');
  const customer = {
    name: `E2E Office ${suffix}`,
    phone: `513557${String(parseInt(suffix, 16) % 10_000).padStart(4, '0')}`,
  };
  const keptCustomer = { name: `E2E Kept ${suffix}`, phone: '5135550177' };
  const battery = { name: `E2E AGM 65 ${suffix}`, sku: `AGM-65-${suffix}` };
  const serial = `E2E-OFF-${suffix}`;

  let stack: Stack | undefined;
  let adminBrowser: TestBrowser | undefined;
  let techBrowser: TestBrowser | undefined;

  beforeAll(async () => {
    stack = await startStack({
      throwaway: { label: 'e2eoffice' },
      admin,
      serviceEnv: publicStackEnv(businessNoonToday()),
    });
    adminBrowser = await launchBrowser({ baseURL: stack.baseUrl });
    techBrowser = await launchBrowser({ baseURL: stack.baseUrl, viewport: PHONE });
  }, 180_000);

  afterAll(async () => {
    await techBrowser?.close();
    await adminBrowser?.close();
    await stack?.stop();
  }, 60_000);

  /** Screenshots of both browsers and the services' last words, for a failure read without a rerun. */
  async function explain(error: unknown): Promise<Error> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cincy-office-'));
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

  test('stock, staff and customers from the office screens', async () => {
    try {
      await runOffice();
    } catch (error) {
      throw await explain(error);
    }
  });

  async function expectToast(page: Page, text: string) {
    await toastIn(page).filter({ hasText: text }).first().waitFor();
  }

  async function expectNoAxeViolations(page: Page) {
    // A toast fading in reads as low contrast: let finite animations end first.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    expect(describeViolations(await runAxe(page))).toBe('');
  }

  async function runOffice() {
    const adminPage = adminBrowser!.page;
    const techPage = techBrowser!.page;
    adminPage.setDefaultTimeout(20_000);
    techPage.setDefaultTimeout(20_000);
    await signInToBoard(adminPage, admin.username, admin.password);
    const adminConsole = watchConsole(adminPage);

    // --- Inventory: the admin adds a battery on the screen.
    await adminPage.getByRole('link', { name: 'Inventory' }).click();
    await adminPage.getByRole('heading', { level: 1, name: 'Inventory Management' }).waitFor();
    await adminPage.getByText('No inventory items found').waitFor();
    await adminPage.getByRole('button', { name: 'Add Item' }).click();
    const addItem = dialog(adminPage, 'Add New Item');
    await addItem.waitFor();
    // The form's messages, beside their fields.
    await fieldIn(addItem, 'Quantity').fill('-1');
    await addItem.getByRole('button', { name: 'Save Item' }).click();
    expect(await fieldError(fieldIn(addItem, 'Name'))).toEqual({
      invalid: true,
      message: 'Name is required',
    });
    expect((await fieldError(fieldIn(addItem, 'Quantity'))).message).toBe(
      'Quantity must be positive',
    );
    await fieldIn(addItem, 'Name').fill(battery.name);
    await fieldIn(addItem, 'Description').fill('Group 65 AGM');
    await fieldIn(addItem, 'SKU').fill(battery.sku);
    await fieldIn(addItem, 'Category').click();
    await adminPage.locator('.ant-select-item-option[title="Battery"]').click();
    await fieldIn(addItem, 'Quantity').fill('4');
    await fieldIn(addItem, 'Min Quantity').fill('2');
    await fieldIn(addItem, 'Unit Cost ($)').fill('150.25');
    await expectNoAxeViolations(adminPage);
    await addItem.getByRole('button', { name: 'Save Item' }).click();
    await expectToast(adminPage, 'Item created');
    await addItem.waitFor({ state: 'detached' });
    const itemRow = rowWith(adminPage, battery.name);
    expect((await cellTexts(itemRow)).slice(1, 5)).toEqual(['4', '2', '$150.25', '$601.00']);
    expect((await statValue(adminPage, 'Total Items')).trim()).toBe('1');
    expect((await statValue(adminPage, 'Total Value')).trim()).toBe('$601.00');
    expect((await statValue(adminPage, 'Low Stock')).trim()).toBe('0');
    await expectNoAxeViolations(adminPage);

    // --- Prices (issue 36): the new AGM battery starts at the house price of its kind; the
    // admin changes the installation on the price list, refused first out of range.
    await rowWith(adminPage, battery.name)
      .getByRole('button', { name: `Edit: ${battery.name}` })
      .click();
    const editItem = dialog(adminPage, 'Edit Item');
    expect(await fieldIn(editItem, 'Price ($)').inputValue()).toBe('170.00');
    await editItem.getByRole('button', { name: 'Cancel' }).click();
    await editItem.waitFor({ state: 'detached' });
    const prices = adminPage.getByRole('region', { name: 'Prices' });
    const installation = fieldIn(prices, 'Installation ($)');
    expect(await installation.inputValue()).toBe('40.00');
    await prices.getByText('The house prices, never changed').waitFor();
    await installation.fill('1000.01');
    await prices.getByRole('button', { name: 'Save Prices' }).click();
    expect(await fieldError(installation)).toEqual({
      invalid: true,
      message: 'Installation must be from $0 to $1000',
    });
    await installation.fill('45');
    await prices.getByRole('button', { name: 'Save Prices' }).click();
    await expectToast(adminPage, 'Prices saved');
    await prices.getByText(/^Last changed /).waitFor();
    await expectNoAxeViolations(adminPage);

    // --- Fitment (issue 37): the admin finds a vehicle and corrects its minimum CCA, refused
    // first out of range; the row shows the new figure.
    const fitment = adminPage.getByRole('region', { name: 'Fitment' });
    await fitment.getByRole('searchbox', { name: 'Search fitment' }).fill('cadillac xt5');
    const xt5 = fitment.getByRole('row', { name: /2017-2026 Cadillac XT5/ });
    await xt5.getByRole('button', { name: 'Edit' }).click();
    const editFitment = dialog(adminPage, 'Edit fitment');
    const cca = fieldIn(editFitment, 'Minimum CCA');
    await cca.fill('90');
    await editFitment.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(cca)).toEqual({
      invalid: true,
      message: 'Minimum CCA must be a whole number from 100 to 1500',
    });
    await cca.fill('800');
    await editFitment.getByRole('button', { name: 'Save' }).click();
    await expectToast(adminPage, 'Fitment saved');
    await xt5.getByRole('cell', { name: '800', exact: true }).waitFor();
    await expectNoAxeViolations(adminPage);

    // --- User Management: the admin creates the technician.
    await adminPage.getByRole('link', { name: 'Users' }).click();
    await adminPage.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
    await adminPage.getByText('Manage login credentials and user permissions').waitFor();
    await rowWith(adminPage, admin.username).waitFor();
    // No delete on one's own row.
    expect(
      await rowWith(adminPage, admin.username)
        .getByRole('button', { name: /^Delete/ })
        .count(),
    ).toBe(0);
    await adminPage.getByRole('button', { name: 'Create User' }).click();
    const createUser = dialog(adminPage, 'Create New User');
    await createUser.waitFor();
    expect(
      await fieldIn(createUser, 'Role').evaluate((e) => e.closest('.ant-select')?.textContent),
    ).toBe('Technician');
    await fieldIn(createUser, 'Full Name').fill(technician.name);
    // A taken username: the server's field error beside the field.
    await fieldIn(createUser, 'Username').fill(admin.username.toUpperCase());
    await fieldIn(createUser, 'Password').fill(technician.password);
    await fieldIn(createUser, 'Confirm Password').fill(`${technician.password}x`);
    await fieldIn(createUser, 'Employee ID').fill(technician.employeeId);
    await createUser.getByRole('button', { name: 'Create User' }).click();
    expect(await fieldError(fieldIn(createUser, 'Confirm Password'))).toEqual({
      invalid: true,
      message: "Passwords don't match",
    });
    await fieldIn(createUser, 'Confirm Password').fill(technician.password);
    await createUser.getByRole('button', { name: 'Create User' }).click();
    await expectToast(adminPage, 'That username is already taken.');
    expect(await fieldError(fieldIn(createUser, 'Username'))).toEqual({
      invalid: true,
      message: 'That username is already taken.',
    });
    await fieldIn(createUser, 'Username').fill(technician.username);
    await expectNoAxeViolations(adminPage);
    await createUser.getByRole('button', { name: 'Create User' }).click();
    await expectToast(adminPage, 'User created successfully');
    await createUser.waitFor({ state: 'detached' });
    const techRow = rowWith(adminPage, technician.username);
    expect(await cellTexts(techRow)).toEqual([
      technician.name,
      technician.username,
      'TECHNICIAN',
      technician.employeeId,
      'Available',
      expect.any(String),
      expect.stringContaining('Edit'),
    ]);
    await expectNoAxeViolations(adminPage);

    // --- The new technician signs in on a phone (landing on the field app); the admin's list
    // shows them online, live.
    await signInToFieldApp(techPage, technician.username, technician.password);
    const techConsole = watchConsole(techPage);
    await eventually(
      'the technician shows online',
      async () => (await cellTexts(techRow))[4],
      (status) => status === 'Online',
    );

    // --- A visitor books; the technician installs the new battery (steps through the API).
    await adminPage.getByRole('link', { name: 'Inventory' }).click();
    await rowWith(adminPage, battery.name).waitFor();
    let adminLoads = 0;
    adminPage.on('load', () => (adminLoads += 1));
    const { customer: booked } = await bookAsap(stack!.baseUrl, customer, {
      vehicle: '2021 Honda Civic (Red)',
    });
    const techApi = await login(stack!.baseUrl, technician.username, technician.password);
    const appointmentId = await eventually(
      'the booking reaches the board',
      async () =>
        (await techApi.request<DashboardAppointment[]>('GET', '/api/appointments')).find(
          (a) => a.customerId === booked.id,
        )?.id,
      (id) => id !== undefined,
    );
    for (const status of ['accepted', 'en_route', 'on_location'])
      await techApi.request('PATCH', `/api/appointments/${appointmentId}/status`, { status });
    const items = await techApi.request<InventoryItem[]>('GET', '/api/inventory?category=battery');
    const item = items.find((i) => i.name === battery.name)!;
    // Inventory learns of on_location from dispatch's event: retry until it has.
    await eventually(
      'the service record is saved',
      () =>
        techApi.request('POST', '/api/service-records', {
          appointmentId,
          customerId: booked.id,
          serviceCode: 'battery installed',
          completionNotes: 'Installed in the driveway',
          batterySerialNumber: serial,
          previousBatterySerialNumber: '',
          vehicleYear: '2021',
          vehicleMake: 'Honda',
          vehicleModel: 'Civic',
          vehicleColor: 'Red',
          vehicleMileage: '30120',
          technicianId: null,
          technicianName: null,
          inventoryItemId: item.id,
        }),
      () => true,
    );

    // The admin's Inventory screen follows without a reload: 3 left, worth $450.75.
    await eventually(
      'the stock on the Inventory screen',
      () => cellTexts(rowWith(adminPage, battery.name)),
      (cells) => cells[1] === '3' && cells[4] === '$450.75',
    );
    expect((await statValue(adminPage, 'Total Value')).trim()).toBe('$450.75');
    expect(adminLoads).toBe(0);

    // A second visit of the same customer stays open among the technician's jobs.
    await bookAsap(stack!.baseUrl, customer, { vehicle: '2021 Honda Civic (Red)' });
    await eventually(
      'the second visit is open for the technician',
      () => techApi.request<DashboardAppointment[]>('GET', '/api/appointments'),
      (jobs) => jobs.some((a) => a.customerId === booked.id && a.status === 'pending'),
    );

    // --- Customer Database: history, Battery Search, edit, delete.
    await adminPage.getByRole('link', { name: 'Customers' }).click();
    await adminPage.getByRole('heading', { level: 1, name: 'Customer Database' }).waitFor();
    await fieldIn(adminPage, 'Search customers').fill(customer.name.toLowerCase());
    const customerRow = rowWith(adminPage, customer.name);
    await eventually(
      'the customer row',
      () => cellTexts(customerRow),
      (cells) => cells[0] === customer.name && cells[2] === '2' && cells[3] !== '—',
    );
    await customerRow.getByRole('button', { name: `View History: ${customer.name}` }).click();
    const history = dialog(adminPage, 'Service History');
    await history.waitFor();
    const record = rowWith(history, serial);
    await record.waitFor();
    // The row's photos button and the date, then who, what vehicle, what service, which battery
    // and serial, the one it replaced, mileage, price (an AGM install), the tests and notes.
    expect((await cellTexts(record)).slice(2)).toEqual([
      technician.name,
      '2021 Honda Civic (Red)',
      'Battery Installed',
      battery.name,
      serial,
      '—',
      '30,120 mi',
      '$210.00',
      '—',
      'Installed in the driveway',
    ]);
    // The record's visits, counted (issue 32): two booked, one completed.
    await history.getByText('2 visits: 1 completed', { exact: true }).waitFor();
    await expectNoAxeViolations(adminPage);
    await history.getByRole('button', { name: 'Close' }).last().click();
    await history.waitFor({ state: 'detached' });

    await adminPage.getByText('Battery Search', { exact: true }).click();
    await adminPage.getByText('Enter a battery serial number to search').waitFor();
    await fieldIn(adminPage, 'Battery serial number').fill(serial.slice(-8).toLowerCase());
    const batteryRow = rowWith(adminPage, serial);
    await batteryRow.waitFor();
    expect((await cellTexts(batteryRow)).slice(0, 4)).toEqual([
      customer.name,
      formatPhone(customer.phone),
      serial,
      '2021 Honda Civic (Red)',
    ]);
    await fieldIn(adminPage, 'Battery serial number').fill('NO-SUCH-SERIAL');
    await adminPage.getByText('No batteries found with that serial number').waitFor();
    await expectNoAxeViolations(adminPage);

    // Edit: a bad e-mail first, then a good one.
    await adminPage.getByText('Customer Search', { exact: true }).click();
    await customerRow.getByRole('button', { name: `Edit: ${customer.name}` }).click();
    const edit = dialog(adminPage, 'Edit Customer Information');
    await edit.waitFor();
    await fieldIn(edit, 'Email').fill('not-an-email');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    expect(await fieldError(fieldIn(edit, 'Email'))).toEqual({
      invalid: true,
      message: 'Invalid email',
    });
    await expectNoAxeViolations(adminPage);
    await fieldIn(edit, 'Email').fill(`office.${suffix}@example.com`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(adminPage, 'Customer Updated');
    await edit.waitFor({ state: 'detached' });
    await customerRow.filter({ hasText: `office.${suffix}@example.com` }).waitFor();

    // Delete: the confirmation, the toast, and the name leaves the list and the technician's jobs.
    await customerRow.getByRole('button', { name: `Delete: ${customer.name}` }).click();
    const confirm = dialog(adminPage, 'Delete Customer Record');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(adminPage, 'Customer record has been permanently removed.');
    await adminPage.getByText('No customers found matching your search.').waitFor();
    await eventually(
      "the name leaves the technician's jobs",
      () => techApi.request<DashboardAppointment[]>('GET', '/api/appointments'),
      (jobs) => !jobs.some((a) => a.customer.name === customer.name),
    );

    // --- The technician: not allowed at /user-management, reads inventory without controls.
    await techPage.goto('/user-management');
    await techPage.getByRole('heading', { name: 'Not allowed' }).waitFor();
    expect(await techPage.getByRole('table').count()).toBe(0);
    await techPage.goto('/inventory');
    await rowWith(techPage, battery.name).waitFor();
    expect(await techPage.getByRole('button', { name: 'Add Item' }).count()).toBe(0);
    expect(await techPage.getByRole('button', { name: /^(Edit|Delete)/ }).count()).toBe(0);
    await expectNoAxeViolations(techPage);
    // Customers: history and edit, but no delete (not privileged).
    await bookAsap(stack!.baseUrl, keptCustomer);
    await techPage.goto('/customer-database');
    const keptRow = rowWith(techPage, keptCustomer.name);
    await keptRow.getByRole('button', { name: `View History: ${keptCustomer.name}` }).waitFor();
    await keptRow.getByRole('button', { name: `Edit: ${keptCustomer.name}` }).waitFor();
    expect(await techPage.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    // And the API refuses what the screens hide.
    for (const [method, url, body] of [
      ['GET', '/api/users', undefined],
      [
        'POST',
        '/api/users',
        { username: 'x-tech', name: 'X', role: 'admin', password: 'x'.repeat(10) },
      ],
      [
        'PUT',
        `/api/users/${(await techApi.request<{ id: number }>('GET', '/api/users/current')).id}`,
        { username: 'x', name: 'X', role: 'admin' },
      ],
      [
        'POST',
        '/api/inventory',
        { name: 'Free battery', quantity: 1, minQuantity: 0, unitCost: 0 },
      ],
      [
        'PUT',
        `/api/inventory/${item.id}`,
        { name: battery.name, quantity: 99, minQuantity: 0, unitCost: 0 },
      ],
      ['DELETE', `/api/inventory/${item.id}`, undefined],
    ] as const)
      expect([method, url, await statusFor(techApi, method, url, body)]).toEqual([
        method,
        url,
        403,
      ]);

    // --- A new password ends the technician's sessions at once; the new one signs them in again.
    await adminPage.getByRole('link', { name: 'Users' }).click();
    await techRow.getByRole('button', { name: `Edit: ${technician.name}` }).click();
    const editUser = dialog(adminPage, 'Edit User');
    await editUser.waitFor();
    const newPassword = `New-${secret()}`;
    await fieldIn(editUser, 'New Password').fill(newPassword);
    await fieldIn(editUser, 'Confirm New Password').fill(newPassword);
    await editUser.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(adminPage, 'User updated successfully');
    expect(await statusFor(techApi, 'GET', '/api/users/current')).toBe(401);
    await signInToFieldApp(techPage, technician.username, newPassword);

    // Nothing broke along the way. Allowed: the taken username's 409 (on purpose), the ended
    // session's 401 as the technician's browser notices it, and the map's tile check (no internet).
    expect(adminConsole.errors.filter((e) => !/status of 409/.test(e) && !/tile/.test(e))).toEqual(
      [],
    );
    expect(techConsole.errors.filter((e) => !/status of 401/.test(e) && !/tile/.test(e))).toEqual(
      [],
    );
  }
});
