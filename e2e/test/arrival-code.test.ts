import { randomBytes } from 'node:crypto';
import { bookAsap, login, startStack, Stack, type ApiClient } from '@cincy/stack';
import type { DashboardAppointment } from '@cincy/contracts';
import { eventually } from '../src/board';
import { addTechnician } from '../src/office';
import { launchBrowser, TestBrowser } from '../src/browser';
import {
  PHONE,
  businessAsapNow,
  describeViolations,
  publicStackEnv,
  runAxe,
  signInToFieldApp,
} from '../src/public-site';

// Proof of arrival (REQUIRE_ARRIVAL_CODE, issue 35): the customer reads a code on their tracking
// page, the technician types it on the phone at the door; a wrong one is refused and said.
describe('the arrival code', () => {
  const secret = () => randomBytes(9).toString('base64url');
  const admin = { username: 'e2e-arrival-admin', password: `Adm-${secret()}` };
  const technician = { username: 'e2e-arrival-tech', password: `Tech-${secret()}` };
  const customerName = `Arrival Customer ${randomBytes(3).toString('hex')}`;

  let stack: Stack | undefined;
  let office: ApiClient;
  const browsers: TestBrowser[] = [];

  beforeAll(async () => {
    stack = await startStack({
      throwaway: { label: 'e2earrival' },
      admin,
      serviceEnv: publicStackEnv(businessAsapNow(), { REQUIRE_ARRIVAL_CODE: 'true' }),
    });
    office = await login(stack.baseUrl, admin.username, admin.password);
    await addTechnician(office, { ...technician, name: 'Arrival Tech' });
  }, 180_000);

  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await stack?.stop();
  }, 60_000);

  async function phone() {
    const browser = await launchBrowser({ baseURL: stack!.baseUrl, viewport: PHONE });
    browser.page.setDefaultTimeout(20_000);
    browsers.push(browser);
    return browser.page;
  }

  test('shown to the customer until the technician arrives, typed at the door, a wrong one refused', async () => {
    const { appointment } = await bookAsap(stack!.baseUrl, {
      name: customerName,
      phone: '(513) 555-0177',
    });
    const techId = (
      await office.request<{ id: number; username: string }[]>('GET', '/api/users')
    ).find((u) => u.username === technician.username)!.id;
    await eventually(
      'assigned',
      () =>
        office.request('POST', `/api/appointments/${appointment.id}/assign`, {
          technicianId: techId,
        }),
      () => true,
    );

    // The customer's page: the code, read out digit by digit by a screen reader.
    const customer = await phone();
    await customer.goto(`/track/${String(appointment.token)}`);
    const code = (await customer.locator('.pub-track-code strong').innerText()).trim();
    expect(code).toMatch(/^\d{4}$/);
    await customer.getByText('Tell it to your technician when they arrive.').waitFor();
    expect(describeViolations(await runAxe(customer))).toBe('');

    const tech = await phone();
    await signInToFieldApp(tech, technician.username, technician.password);
    const card = tech.getByRole('article', { name: customerName });
    const tap = (name: string) => card.getByRole('button', { name, exact: true }).click();
    await tap('Accept');
    await card.getByRole('button', { name: 'On my way', exact: true }).waitFor();
    await tap('On my way');
    await card.getByRole('button', { name: 'Arrived', exact: true }).waitFor();

    // A wrong code: the server refuses it and the phone says so, the job still on the way.
    await tap('Arrived');
    const wrong = code === '0000' ? '1111' : '0000';
    expect(describeViolations(await runAxe(tech))).toBe('');
    await card.getByLabel("Customer's arrival code").fill(wrong);
    await tap('Arrived');
    const refusal = tech.getByRole('alert').filter({ hasText: 'Arrived' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain("That is not this customer's arrival code");
    expect(await refusal.innerText()).toContain('(2 tries left)');
    await refusal.getByRole('button', { name: 'OK' }).click();

    // The right one: arrived, confirmed, and the customer's page no longer shows the code.
    await tap('Arrived');
    await card.getByLabel("Customer's arrival code").fill(code);
    await tap('Arrived');
    await card.getByRole('button', { name: 'Test battery' }).waitFor();
    const job = await eventually(
      'on location',
      async () =>
        (await office.request<DashboardAppointment[]>('GET', '/api/appointments')).find(
          (a) => a.id === appointment.id,
        ),
      (a) => a?.status === 'on_location',
    );
    expect(job!.arrivalCheck).toBe('confirmed');
    await customer.locator('.pub-track-code').waitFor({ state: 'detached' });
  }, 180_000);
});
