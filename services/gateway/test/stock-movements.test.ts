import { InventoryItem, SOCKET_EVENTS, StockMovement } from '@cincy/contracts';
import { eventually } from '@cincy/platform/testing';
import { ApiError } from '@cincy/stack';
import { WholeStack, startWholeStack, statusOf } from './whole-stack';

let stack: WholeStack;

beforeAll(async () => {
  stack = await startWholeStack();
}, 60_000);

afterAll(() => stack?.stop(), 60_000);

type Moved = { movement: StockMovement; item: InventoryItem };

describe('stock movements through the gateway', () => {
  it('lets admins receive, count and write off, pushes the stock, and lists the movements', async () => {
    const { client: tech } = await stack.newUser('stocky');
    const { heard } = await stack.listen(stack.admin);
    const created = await stack.admin.request<InventoryItem>('POST', '/api/inventory', {
      name: 'AGM 48',
      quantity: 2,
      minQuantity: 1,
      unitCost: 150,
    });
    const url = `/api/inventory/${created.id}/movements`;

    // Admin only: a technician is refused both, by URL too.
    const receive = { type: 'receive', quantity: 6, reason: 'Shipment from Interstate' };
    expect(await statusOf(tech.request('POST', url, receive))).toBe(403);
    expect(await statusOf(tech.request('GET', url))).toBe(403);

    const received = await stack.admin.request<Moved>('POST', url, receive);
    expect(received.item.quantity).toBe(8);
    expect(received.movement).toMatchObject({
      type: 'receive',
      quantityChange: 6,
      previousQuantity: 2,
      newQuantity: 8,
      reason: 'Shipment from Interstate',
      userName: expect.any(String),
    });
    await stack.admin.request('POST', url, { type: 'correct', quantity: 7, reason: 'Shelf count' });

    const refused = await stack.admin
      .request('POST', url, { type: 'write_off', quantity: 8, reason: 'Cracked case' })
      .catch((e: ApiError) => e);
    expect(refused).toMatchObject({ status: 409 });
    expect(JSON.parse((refused as ApiError).body)).toMatchObject({
      code: 'CONFLICT',
      message: 'Only 7 of AGM 48 in stock: cannot write off 8',
    });
    const noReason = await stack.admin
      .request('POST', url, { type: 'write_off', quantity: 1, reason: '  ' })
      .catch((e: ApiError) => e);
    expect(noReason).toMatchObject({ status: 400 });

    const list = await stack.admin.request<StockMovement[]>('GET', url);
    expect(list.map((m) => [m.type, m.quantityChange, m.newQuantity])).toEqual([
      ['correct', -1, 7],
      ['receive', 6, 8],
      ['created', 2, 2],
    ]);
    // Boards and Inventory screens hear each change of stock.
    await eventually(async () =>
      heard.some(
        (h) =>
          h.name === SOCKET_EVENTS.inventoryChanged &&
          (h.payload as { item: InventoryItem }).item.quantity === 7,
      ),
    );
  });
});
