import { AuditPage, InventoryItem } from '@cincy/contracts';
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
    ['entity=job&id=1', 'Entity must be appointment, customer, item or user'],
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
    const [shifts, created] = await historyOnceItHas('user', tech.id, 2);
    expect(shifts).toMatchObject({ summary: 'Shifts changed', actor: { id: me.id } });
    expect(created).toMatchObject({ action: 'created', actor: { id: me.id, name: me.name } });
  });
});
