import { AuditPage, InventoryItem, Invoice } from '@cincy/contracts';
import { eventually } from '@cincy/platform/testing';
import { ApiClient, ApiError } from '@cincy/stack';
import { WholeStack, startWholeStack, statusOf } from './whole-stack';

let stack: WholeStack;

beforeAll(async () => {
  stack = await startWholeStack();
}, 60_000);

afterAll(() => stack?.stop(), 60_000);

const historyOf = (entity: string, id: number) =>
  stack.admin.request<AuditPage>('GET', `/api/audit?entity=${entity}&id=${id}`);
/** The history once it holds `count` entries (identity writes them from the events). */
async function historyOnceItHas(entity: string, id: number, count: number) {
  await eventually(async () => (await historyOf(entity, id)).entries.length >= count);
  return (await historyOf(entity, id)).entries;
}

describe('GET /api/audit', () => {
  it('answers admins only: a technician is refused, a visitor asked to sign in', async () => {
    const { user, client: tech } = await stack.newUser('audit.tech');
    const url = `/api/audit?entity=user&id=${user.id}`;
    expect(await statusOf(stack.admin.request('GET', url))).toBe(200);
    expect(await statusOf(tech.request('GET', url))).toBe(403);
    expect(await statusOf(new ApiClient(stack.base).request('GET', url))).toBe(401);
  });

  it.each([
    ['entity=job&id=1', 'Entity must be appointment, customer, item, user, price_list or fitment'],
    ['entity=item&id=abc', 'Id must be a number'],
    ['entity=item&id=0', 'Id must be a positive number'],
    ['entity=item&id=1&before=1.5', 'Before must be a whole number'],
  ])('refuses %s with what is wrong (400)', async (query, message) => {
    const refused = await stack.admin
      .request('GET', `/api/audit?${query}`)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
    expect(JSON.parse((refused as ApiError).body)).toMatchObject({
      message: expect.stringContaining(message),
    });
  });

  it('answers an empty page for a thing with no history yet', async () => {
    expect(await historyOf('item', 424242)).toEqual({ entries: [], nextBefore: null });
  });

  it("records an admin's changes under the admin's name, and the customer's booking as theirs", async () => {
    const me = await stack.admin.request<{ id: number; name: string }>('GET', '/api/users/current');
    const { user: tech } = await stack.newUser('audit.worker');
    const { customerId, appointmentId } = await stack.book({
      name: 'Ava Audit',
      phone: '5135557001',
    });
    await stack.admin.request('POST', `/api/appointments/${appointmentId}/assign`, {
      technicianId: tech.id,
    });
    await stack.admin.request('PATCH', `/api/customers/${customerId}`, {
      name: 'Ava Audited',
      phone: '5135557001',
      email: '',
    });
    const item = await stack.admin.request<InventoryItem>('POST', '/api/inventory', {
      name: 'AGM 48',
      quantity: 2,
      minQuantity: 1,
      unitCost: 150,
    });
    await stack.admin.request('POST', `/api/inventory/${item.id}/movements`, {
      type: 'receive',
      quantity: 12,
      reason: 'new shipment',
    });
    await stack.admin.request('PUT', `/api/schedules/${tech.id}/weekly`, {
      shifts: [{ weekday: 1, start: '08:00', end: '17:00' }],
    });

    // The edit reaches the job too (dispatch's copy of the name), in the admin's name.
    const job = await historyOnceItHas('appointment', appointmentId, 3);
    expect(job.map((e) => [e.action, e.summary, e.actor.name])).toEqual([
      ['updated', 'Customer details changed', me.name],
      ['assigned', `Assigned to ${tech.name}`, me.name],
      ['booked', 'Booked (ASAP)', 'Customer'],
    ]);
    const [edited] = await historyOnceItHas('customer', customerId, 1);
    expect(edited).toMatchObject({
      action: 'edited',
      actor: { id: me.id, name: me.name },
      changes: [{ field: 'Name', from: 'Ava Audit', to: 'Ava Audited', redacted: false }],
    });
    const stock = await historyOnceItHas('item', item.id, 2);
    expect(stock.map((e) => [e.action, e.summary, e.actor.name])).toEqual([
      ['received', 'Received 12: new shipment', me.name],
      ['created', 'Added: AGM 48', me.name],
    ]);
    const [shifts, signedIn, created] = await historyOnceItHas('user', tech.id, 3);
    expect(shifts).toMatchObject({ summary: 'Shifts changed', actor: { id: me.id } });
    // A sign-in is the account's own doing (issue 38).
    expect(signedIn).toMatchObject({ action: 'signed in', actor: { id: tech.id } });
    expect(created).toMatchObject({ action: 'created', actor: { id: me.id, name: me.name } });
  });

  it('records the invoice of a completed job and each payment taken, under who took it', async () => {
    const { user: tech, client } = await stack.newUser('audit.payer');
    // On shift at booking's noon whatever the weekday (the test above gave someone Mondays only).
    await stack.admin.request('PUT', `/api/schedules/${tech.id}/weekly`, {
      shifts: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
    });
    const { customerId, appointmentId } = await eventually(() =>
      stack.book({ name: 'Pat Payer', phone: '5135557002' }).catch(() => undefined),
    );
    const item = await stack.admin.request<InventoryItem>('POST', '/api/inventory', {
      name: 'Group 65 Standard',
      quantity: 2,
      minQuantity: 1,
      unitCost: 90,
    });
    await stack.admin.request('POST', `/api/appointments/${appointmentId}/assign`, {
      technicianId: tech.id,
    });
    for (const status of ['accepted', 'en_route', 'on_location'])
      await client.request('PATCH', `/api/appointments/${appointmentId}/status`, { status });
    await client.request('POST', '/api/service-records', {
      appointmentId,
      customerId,
      serviceCode: 'battery installed',
      batterySerialNumber: 'SN-AUDIT-PAID',
      vehicleMileage: '30000',
      inventoryItemId: item.id,
    });
    const invoice = await eventually(() =>
      client
        .request<{ id: number; number: string }>(
          'GET',
          `/api/appointments/${appointmentId}/invoice`,
        )
        .catch(() => undefined),
    );
    await client.request('POST', `/api/invoices/${invoice.id}/payments`, {
      method: 'cash',
      amountCents: 10_000,
    });
    await stack.admin.request('POST', `/api/invoices/${invoice.id}/payments`, {
      method: 'check',
      amountCents: 6_500,
      checkNumber: '1042',
    });
    const me = await stack.admin.request<{ name: string }>('GET', '/api/users/current');
    // Booked, assigned, accepted, on the way, on location, completed, invoiced, two payments.
    const entries = await historyOnceItHas('appointment', appointmentId, 9);
    const money = entries.filter((e) => ['invoiced', 'payment received'].includes(e.action));
    expect(money.map((e) => [e.summary, e.actor.name])).toEqual([
      [`$65.00 by check #1042 on ${invoice.number}; paid in full`, me.name],
      [`$100.00 by cash on ${invoice.number}; $65.00 still owed`, tech.name],
      [`Invoice ${invoice.number}: $165.00, tax $11.93 included`, expect.any(String)],
    ]);
    // The board's card says it is paid: dispatch follows billing's events.
    const paymentOnBoard = async () =>
      (await stack.admin.appointments()).find((a) => a.id === appointmentId)?.payment;
    await eventually(async () => (await paymentOnBoard())?.status === 'paid');
    expect(await paymentOnBoard()).toEqual({
      invoiceId: invoice.id,
      number: invoice.number,
      status: 'paid',
      totalCents: 16_500,
      paidCents: 16_500,
      owedCents: 0,
      method: 'check',
      paidAt: expect.any(String),
    });
    // A refund of the check, with the reason: on the history under the admin, and on the board.
    const paid = await stack.admin.request<Invoice>(
      'GET',
      `/api/appointments/${appointmentId}/invoice`,
    );
    const check = paid.payments.find((p) => p.method === 'check')!;
    await stack.admin.request('POST', `/api/invoices/${invoice.id}/refunds`, {
      paymentId: check.id,
      amountCents: 6_500,
      reason: 'Paid twice',
    });
    // Once the refund is audited (the POST answers before identity hears of it), it is the newest.
    const [refunded] = await eventually(async () => {
      const { entries } = await historyOf('appointment', appointmentId);
      return entries.some((e) => e.action === 'refunded') ? entries : undefined;
    });
    expect([refunded.action, refunded.summary, refunded.actor.name]).toEqual([
      'refunded',
      `$65.00 refunded by check on ${invoice.number}: Paid twice`,
      me.name,
    ]);
    await eventually(async () => (await paymentOnBoard())?.paidCents === 10_000);
  });

  it('records each change of the price list on its own history, under the admin who made it', async () => {
    const me = await stack.admin.request<{ name: string }>('GET', '/api/users/current');
    const list = { installationCents: 4_000, coreChargeCents: 2_000, testOnlyCents: 0 };
    await stack.admin.request('PUT', '/api/price-list', { ...list, installationCents: 4_500 });
    await stack.admin.request('PUT', '/api/price-list', list);
    const [restored, raised] = await historyOnceItHas('price_list', 1, 2);
    expect(raised).toMatchObject({
      action: 'edited',
      summary: 'Prices changed: Installation $45.00',
      actor: { name: me.name },
      changes: [{ field: 'Installation', from: '$40.00', to: '$45.00' }],
    });
    expect(restored.changes).toEqual([
      { field: 'Installation', from: '$45.00', to: '$40.00', redacted: false },
    ]);
  });
});
