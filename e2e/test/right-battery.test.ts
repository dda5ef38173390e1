import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { Client } from 'pg';
import {
  ALL_WEEK_SHIFTS,
  type ApiClient,
  asapAppointmentInput,
  login,
  Stack,
  startStack,
} from '@cincy/stack';
import {
  VIN_MESSAGES,
  type DashboardAppointment,
  type FitmentLookupRow,
  type InventoryItem,
  type StockLocation,
  type Suggestion,
  type WarrantyClaim,
  type WarrantyClaims,
} from '@cincy/contracts';
import { eventually } from '../src/board';
import { launchBrowser, TestBrowser } from '../src/browser';
import { addTechnician } from '../src/office';
import {
  DESKTOP,
  businessAsapNow,
  fieldError,
  fillBookingForm,
  labelled,
  publicStackEnv,
  submitButton,
  typeInto,
} from '../src/public-site';

// The right battery for the car, in the right van, and the warranty that follows it (issue 37),
// as a customer, the office and a technician meet it: a VIN read on the form, the battery and its
// price before booking, the visit counting on the only one in stock, the van that carries it
// suggested first, the battery taken from that van, and a failing test of it two years later
// opening a warranty claim.
describe('the right battery, in the right van', () => {
  const secret = () => randomBytes(9).toString('base64url');
  const admin = { username: 'e2e-fit-admin', password: `Adm-${secret()}` };
  const amy = { username: 'e2e-fit-amy', password: `Tech-${secret()}`, name: 'Amy Fit' };
  const zed = { username: 'e2e-fit-zed', password: `Tech-${secret()}`, name: 'Zed Fit' };
  /** A 2020 Cadillac (WMI 1GY, year code L) with its check digit right, and mistyped once. */
  const VIN = '1GYKNCRS6LZ123456';
  const MISTYPED_VIN = '1GYKNCRS6LZ123457';
  let stack: Stack | undefined;
  let office: ApiClient;
  let zedClient: ApiClient;
  let zedId: number;
  let item: InventoryItem;
  let visitor: TestBrowser | undefined;
  // The booking service's clock and the visitor's browser agree on an hour with ASAP open: at
  // night the form would offer tomorrow's first hour, a visit not to be set out for tonight.
  const asapNow = businessAsapNow();

  beforeAll(async () => {
    stack = await startStack({
      throwaway: { label: 'e2efit' },
      admin,
      serviceEnv: publicStackEnv(asapNow),
    });
    office = await login(stack.baseUrl, admin.username, admin.password);
    const amyId = (await addTechnician(office, amy)).id;
    zedId = (await addTechnician(office, zed)).id;
    // Both on shift all day (dispatch hears of a new technician a moment after identity answers).
    for (const id of [amyId, zedId])
      await eventually(
        'a weekly pattern set',
        () => office.request('PUT', `/api/schedules/${id}/weekly`, { shifts: ALL_WEEK_SHIFTS }),
        () => true,
      );
    // One group 48 (H6) AGM with a three-year warranty, moved from the warehouse to Zed's van.
    item = await office.request<InventoryItem>('POST', '/api/inventory', {
      name: 'H6 AGM 760 CCA',
      description: 'Group 48 AGM',
      sku: null,
      category: 'battery',
      quantity: 1,
      minQuantity: 0,
      unitCost: 150,
      warrantyMonths: 36,
    });
    const zedVan = await eventually(
      "Zed's van",
      async () =>
        (await office.request<StockLocation[]>('GET', '/api/inventory/locations')).find(
          (place) => place.kind === 'van' && place.technicianId === zedId,
        ),
      (van) => van !== undefined,
    );
    const warehouse = (await office.request<StockLocation[]>('GET', '/api/inventory/locations'))
      .filter((place) => place.kind === 'warehouse')
      .at(0)!;
    await office.request('POST', '/api/inventory/transfers', {
      itemId: item.id,
      fromLocationId: warehouse.id,
      toLocationId: zedVan!.id,
      quantity: 1,
      reason: 'Morning restock',
    });
    zedClient = await login(stack.baseUrl, zed.username, zed.password);
    visitor = await launchBrowser({ baseURL: stack.baseUrl, viewport: DESKTOP });
    await visitor.context.clock.setFixedTime(asapNow);
    visitor.page.setDefaultTimeout(20_000);
  }, 180_000);

  afterAll(async () => {
    await visitor?.close();
    await stack?.stop();
  }, 60_000);

  async function openForm(): Promise<Page> {
    const page = visitor!.page;
    await page.goto('/customer-form');
    await page.getByRole('heading', { level: 1, name: 'Request Mobile Battery Service' }).waitFor();
    return page;
  }

  /** The VIN read on the form, then the model the customer picks: a 2020 Cadillac XT5. */
  async function carFromVin(page: Page) {
    const vin = labelled(page, 'VIN');
    await typeInto(page, 'VIN', MISTYPED_VIN);
    // The VIN reader is its own chunk, fetched at the first character: its verdict comes after.
    await eventually(
      'the VIN field says the check digit is wrong',
      () => fieldError(vin),
      (error) => error.invalid && error.message === VIN_MESSAGES.checkDigit,
    );
    await vin.fill('');
    await typeInto(page, 'VIN', VIN);
    await page.getByText('From the VIN: 2020 Cadillac. Choose the model.').waitFor();
    expect(await fieldError(vin)).toEqual({ invalid: false, message: '' });
    expect(await labelled(page, 'Vehicle Year').inputValue()).toBe('2020');
    expect(await labelled(page, 'Make').inputValue()).toBe('Cadillac');
    await labelled(page, 'Model').selectOption({ label: 'XT5' });
    await labelled(page, 'Color').selectOption({ label: 'White' });
  }

  const fitmentHint = (page: Page) => page.locator('.pub-fitment');
  const xt5 = () =>
    office.request<FitmentLookupRow[]>('GET', '/api/fitment?year=2020&make=Cadillac&model=XT5');
  const inZedsVan = async () =>
    (await office.request<InventoryItem[]>('GET', '/api/inventory'))
      .find((i) => i.id === item.id)!
      .byLocation.find((place) => place.technicianId === zedId)?.quantity ?? 0;

  it('reads the car from its VIN, books its battery at its price, counts on the one in stock, sends the van carrying it and claims its warranty two years on', async () => {
    const page = await openForm();
    const suffix = randomBytes(2).toString('hex');
    await fillBookingForm(page, {
      firstName: 'Vera',
      lastName: `Vin ${suffix}`,
      phone: '(513) 555-0148',
      street: '1200 Vine St',
      city: 'Cincinnati',
      state: 'Ohio',
      zip: '45202',
    });
    await carFromVin(page);
    await fitmentHint(page)
      .getByText(/^Your car takes: Group 48 AGM, \$210 installed/)
      .waitFor();
    await expect(fitmentHint(page).innerText()).resolves.not.toContain('None is free');

    await page.getByLabel('I agree to the terms of service').check();
    await submitButton(page).click();
    await page.waitForURL((u) => u.pathname.startsWith('/confirmation/'));

    const job = await eventually(
      'the visit on the board with its battery',
      async () => (await office.appointments()).find((a) => a.customer.name.endsWith(suffix)),
      (found): found is DashboardAppointment => found !== undefined,
    );
    expect(job!.vehicle).toBe('2020 Cadillac XT5 (White)');
    expect(job!.battery).toEqual({ groupSize: '48', technology: 'AGM' });
    // The visit counts on the only one: the API and the next customer's form say none is free.
    await eventually('the battery counted on', xt5, (rows) => rows[0]?.inStock === false);
    const next = await openForm();
    await carFromVin(next);
    await fitmentHint(next)
      .getByText(
        /^Your car takes: Group 48 AGM, \$210 installed.*\. None is free in stock right now/,
      )
      .waitFor();

    // Zed's van carries it: Zed is suggested first and said to, though Amy comes first by name.
    const ranked = await office.request<Suggestion[]>(
      'GET',
      `/api/appointments/${job!.id}/suggestions`,
    );
    expect(ranked[0]).toMatchObject({ name: zed.name, batteryInVan: true });
    expect(ranked.find((s) => s.name === amy.name)).toMatchObject({ batteryInVan: false });

    // Zed does the job: the battery leaves Zed's van.
    await office.request('POST', `/api/appointments/${job!.id}/assign`, { technicianId: zedId });
    for (const status of ['accepted', 'en_route', 'on_location'])
      await zedClient.request('PATCH', `/api/appointments/${job!.id}/status`, { status });
    await zedClient.request('POST', '/api/service-records', {
      appointmentId: job!.id,
      customerId: job!.customerId,
      serviceCode: 'battery installed',
      batterySerialNumber: `SN-FIT-${suffix}`,
      vehicleMileage: '30000',
      inventoryItemId: item.id,
    });
    expect(await inZedsVan()).toBe(0);

    // Two years on (the install moved back two years), the battery fails its test on a new
    // visit: under its three-year warranty, a claim is opened at no charge.
    const db = new Client({ connectionString: stack!.databaseUrl });
    await db.connect();
    try {
      const moved = await db.query(
        `UPDATE inventory.service_records
            SET completed_at = completed_at - interval '2 years',
                warranty_ends_on = to_char(warranty_ends_on::date - interval '2 years', 'YYYY-MM-DD')
          WHERE battery_serial_number = $1`,
        [`SN-FIT-${suffix}`],
      );
      expect(moved.rowCount).toBe(1);
    } finally {
      await db.end();
    }
    const later = await office.request<DashboardAppointment>(
      'POST',
      '/api/appointments',
      asapAppointmentInput(job!.customerId, { vehicle: job!.vehicle ?? undefined }),
    );
    await eventually(
      'the second visit on the board',
      async () => (await office.appointments()).some((a) => a.id === later.id),
      (found) => found,
    );
    await office.request('POST', `/api/appointments/${later.id}/assign`, { technicianId: zedId });
    for (const status of ['accepted', 'en_route', 'on_location'])
      await zedClient.request('PATCH', `/api/appointments/${later.id}/status`, { status });
    await zedClient.request('POST', `/api/appointments/${later.id}/battery-tests`, {
      battery: 'old',
      ratingStandard: 'SAE',
      ratedCca: 760,
      measuredCca: 240,
      voltage: 12.02,
      stateOfHealth: 38,
      decision: 'REPLACE',
    });
    const claim = await zedClient.request<WarrantyClaim>('POST', '/api/warranty/claims', {
      appointmentId: later.id,
      batterySerialNumber: `sn-fit-${suffix}`,
    });
    // Open until the swap; its supplier owes the failed battery's cost.
    const opened = {
      appointmentId: later.id,
      status: 'open',
      returnedSerial: `SN-FIT-${suffix}`,
      returnedModel: item.name,
      creditCents: 15_000,
    };
    expect(claim).toMatchObject(opened);
    const { claims } = await office.request<WarrantyClaims>('GET', '/api/warranty/claims');
    expect(claims).toEqual(expect.arrayContaining([expect.objectContaining(opened)]));
  });
});
