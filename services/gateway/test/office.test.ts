import { CustomerSummary, SOCKET_EVENTS, User } from '@cincy/contracts';
import { eventually } from '@cincy/platform/testing';
import { ApiClient } from '@cincy/stack';
import { DataSource } from 'typeorm';
import { SUPERVISOR_USERNAME, WholeStack, startWholeStack, statusOf } from './whole-stack';

let stack: WholeStack;

beforeAll(async () => {
  stack = await startWholeStack();
}, 60_000);

afterAll(() => stack?.stop(), 60_000);

const item = {
  name: 'AGM 94R',
  description: 'Group 94R',
  quantity: 5,
  minQuantity: 2,
  unitCost: 180,
  notes: null,
};

describe('the office through the gateway', () => {
  it('lets anyone signed in read inventory and only admins change it, by URL too', async () => {
    const { client: tech } = await stack.newUser('ivy');
    const created = await stack.admin.request<{ id: number }>('POST', '/api/inventory', item);
    expect(await statusOf(tech.request('GET', '/api/inventory'))).toBe(200);
    expect(await statusOf(tech.request('POST', '/api/inventory', item))).toBe(403);
    expect(await statusOf(tech.request('PUT', `/api/inventory/${created.id}`, item))).toBe(403);
    expect(await statusOf(tech.request('DELETE', `/api/inventory/${created.id}`))).toBe(403);
    expect(await statusOf(new ApiClient(stack.base).request('GET', '/api/inventory'))).toBe(401);
    expect(
      await statusOf(
        stack.admin.request('PUT', `/api/inventory/${created.id}`, { ...item, quantity: 'lots' }),
      ),
    ).toBe(400);
    expect(await statusOf(stack.admin.request('DELETE', `/api/inventory/${created.id}`))).toBe(200);
  });

  it('keeps user management for admins', async () => {
    const { user, client: tech } = await stack.newUser('uma');
    expect(await statusOf(tech.request('GET', '/api/users'))).toBe(403);
    expect(
      await statusOf(
        tech.request('PUT', `/api/users/${user.id}`, {
          username: 'uma',
          name: 'Uma',
          role: 'admin',
        }),
      ),
    ).toBe(403);
    expect(await statusOf(tech.request('DELETE', `/api/users/${user.id}`))).toBe(403);
    const users = await stack.admin.request<User[]>('GET', '/api/users');
    expect(users.find((u) => u.id === user.id)).toMatchObject({
      username: 'uma',
      role: 'technician',
    });
    expect(JSON.stringify(users)).not.toMatch(/password|argon2/i);
    const me = users.find((u) => u.username === 'admin')!;
    expect(await statusOf(stack.admin.request('DELETE', `/api/users/${me.id}`))).toBe(403);
  });

  it('signs out a deleted or demoted user at once: their API calls and their socket', async () => {
    const { user: gone, client: goneClient } = await stack.newUser('gone.soon');
    const { socket } = await stack.listen(goneClient);
    let disconnectedAt = 0;
    socket.on('disconnect', () => (disconnectedAt = Date.now()));
    const deletedAt = Date.now();
    await stack.admin.request('DELETE', `/api/users/${gone.id}`);
    await eventually(async () => disconnectedAt > 0, 5_000);
    expect(disconnectedAt - deletedAt).toBeLessThan(2_000);
    expect(await statusOf(goneClient.request('GET', '/api/appointments'))).toBe(401);

    const { user: boss } = await stack.newUser('demoted.boss', 'admin');
    const bossClient = await stack.signIn('demoted.boss');
    const { socket: bossSocket } = await stack.listen(bossClient);
    await stack.admin.request('PUT', `/api/users/${boss.id}`, {
      username: boss.username,
      name: boss.name,
      role: 'technician',
    });
    await eventually(async () => !bossSocket.connected, 5_000);
    expect(await statusOf(bossClient.request('GET', '/api/appointments'))).toBe(401);
  });

  it('edits a customer (any staff) and deletes them (admin or the named account), reaching every copy', async () => {
    const { client: tech } = await stack.newUser('cal');
    const { client: lead } = await stack.newUser(SUPERVISOR_USERNAME.toLowerCase());
    const { customerId, appointmentId } = await stack.book({
      name: 'Cora Copy',
      phone: '5135559911',
    });
    const [row] = await tech.request<CustomerSummary[]>('GET', '/api/customers?search=cora');
    expect(row).toMatchObject({
      id: customerId,
      name: 'Cora Copy',
      totalJobs: 1,
      lastServiceAt: null,
    });
    expect(
      await statusOf(
        tech.request('PATCH', `/api/customers/${customerId}`, {
          name: 'Cora',
          phone: '5135559911',
          email: 'bad',
        }),
      ),
    ).toBe(400);
    await tech.request('PATCH', `/api/customers/${customerId}`, {
      name: 'Cora Edited',
      phone: '5135559911',
      email: '',
    });
    await eventually(
      async () =>
        (await stack.admin.appointments()).find((a) => a.id === appointmentId)?.customer.name ===
        'Cora Edited',
    );

    const { socket, heard } = await stack.listen(stack.admin);
    expect(await statusOf(tech.request('DELETE', `/api/customers/${customerId}`))).toBe(403);
    expect(await lead.request('DELETE', `/api/customers/${customerId}`)).toEqual({
      message: 'Customer record has been permanently removed.',
    });
    await eventually(async () => {
      const job = (await stack.admin.appointments()).find((a) => a.id === appointmentId);
      return job?.status === 'declined' && job.customer.name === 'Deleted customer';
    });
    await eventually(async () =>
      heard.some(
        (h) =>
          h.name === SOCKET_EVENTS.boardChanged &&
          JSON.stringify(h.payload).includes('Deleted customer'),
      ),
    );
    socket.close();
    const board = JSON.stringify(await stack.admin.appointments());
    expect(board).not.toContain('Cora');
    expect(board).not.toContain('5135559911');
    expect(await tech.request('GET', '/api/customers?search=cora')).toEqual([]);
    await eventually(async () => {
      const copies = await stack
        .service('inventory')
        .get(DataSource)
        .query('SELECT 1 FROM customers WHERE id = $1', [customerId]);
      return copies.length === 0;
    });
    expect(await statusOf(stack.admin.request('DELETE', `/api/customers/${customerId}`))).toBe(404);
  });

  it('answers history and battery search, and refuses a search without a serial', async () => {
    const { client: tech } = await stack.newUser('sam');
    expect(await tech.request('GET', '/api/customers/999999/service-records')).toEqual([]);
    expect(await statusOf(tech.request('GET', '/api/service-records/search'))).toBe(400);
    expect(await tech.request('GET', '/api/service-records/search?serialNumber=NOPE')).toEqual([]);
    expect(await statusOf(tech.request('GET', '/api/customers/abc/service-records'))).toBe(400);
  });
});
