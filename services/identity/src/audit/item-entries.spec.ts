import { AuditedEvent, auditOutcome, subjectsOf } from './audit-entries';
import { entriesOf, event, replay } from './audit-spec-support';

describe('audit entries: items', () => {
  const item = {
    id: 3,
    name: 'AGM 48',
    description: null,
    sku: null,
    category: 'battery',
    quantity: 2,
    minQuantity: 1,
    unitCost: 150,
    price: 170,
    warrantyMonths: 12,
    vanMinQuantity: 0,
    notes: null,
    byLocation: [{ locationId: 1, quantity: 2, technicianId: null }],
  };
  const movement = {
    id: 9,
    itemId: 3,
    type: 'receive',
    quantityChange: 12,
    previousQuantity: 2,
    newQuantity: 14,
    reason: 'new shipment',
    appointmentId: null,
    userId: 7,
    userName: 'Tess Tech',
    createdAt: '2026-11-25T15:00:00Z',
  };

  it('records a transfer by where the units went, the total unchanged', () => {
    const [, moved] = entriesOf(
      event('inventory.item.changed', { item, movement: null }),
      event('inventory.item.changed', {
        item: {
          ...item,
          byLocation: [
            { locationId: 1, quantity: 1, technicianId: null },
            { locationId: 2, quantity: 1, technicianId: 7 },
          ],
        },
        movement: {
          ...movement,
          type: 'transfer',
          quantityChange: 0,
          previousQuantity: 2,
          newQuantity: 2,
          reason: "1 from Warehouse to Dana's van: restock",
        },
      }),
    );
    expect(moved).toMatchObject({
      action: 'moved',
      summary: "Moved: 1 from Warehouse to Dana's van: restock",
    });
  });

  it('records a stock movement by its type, by whoever moved it', () => {
    const [, received] = entriesOf(
      event('inventory.item.changed', { item, movement: null }),
      event('inventory.item.changed', { item: { ...item, quantity: 14 }, movement }),
    );
    expect(received).toMatchObject({
      action: 'received',
      summary: 'Received 12: new shipment',
      actor: { id: 7, name: 'Tess Tech' },
      changes: [
        { field: 'Quantity', from: '2', to: '14', redacted: false },
        { field: 'Reason', from: null, to: 'new shipment', redacted: false },
      ],
    });
  });

  it('names the other movements: a count, a write-off, an install', () => {
    const of = (type: string, change: number, reason: string | null) =>
      entriesOf(
        event('inventory.item.changed', {
          item,
          movement: { ...movement, type, quantityChange: change, newQuantity: 2 + change, reason },
        }),
      )[0];
    expect(of('correct', -1, 'Shelf count')).toMatchObject({
      action: 'count corrected',
      summary: 'Count corrected to 1: Shelf count',
    });
    expect(of('write_off', -1, 'Cracked')).toMatchObject({
      action: 'written off',
      summary: 'Written off 1: Cracked',
    });
    expect(of('battery_installed', -1, null)).toMatchObject({
      action: 'installed',
      summary: 'Installed 1',
    });
  });

  it('records creation, then an edit by its fields, and nothing for no visible change', () => {
    const [created, edited, same] = replay(
      event('inventory.item.changed', { item, movement: null }),
      event('inventory.item.changed', { item: { ...item, unitCost: 155.5 }, movement: null }),
      event('inventory.item.changed', { item: { ...item, unitCost: 155.5 }, movement: null }),
    );
    expect(created.entries[0]).toMatchObject({ action: 'created', summary: 'Added: AGM 48' });
    expect(edited.entries[0]).toMatchObject({
      action: 'edited',
      changes: [{ field: 'Unit cost', from: '$150.00', to: '$155.50', redacted: false }],
    });
    expect(same.entries).toEqual([]);
  });

  it('records a price change, and takes the price an item had before prices were kept as no edit', () => {
    const [, repriced] = entriesOf(
      event('inventory.item.changed', { item, movement: null }),
      event('inventory.item.changed', { item: { ...item, price: 180 }, movement: null }),
    );
    expect(repriced).toMatchObject({
      action: 'edited',
      changes: [{ field: 'Price', from: '$170.00', to: '$180.00' }],
    });
    const { id: _, price: __, warrantyMonths: ___, ...before } = item;
    const install = event('inventory.item.changed', {
      item: { ...item, quantity: 1 },
      movement: { ...movement, type: 'battery_installed', quantityChange: -1, newQuantity: 1 },
    });
    const [installed] = auditOutcome(install, new Map([['item:3', before]])).entries;
    expect(installed.changes.map((c) => c.field)).toEqual(['Quantity', 'Reason']);
  });

  it('records removal, and nothing for a service record', () => {
    expect(entriesOf(event('inventory.item.removed', { itemId: 3 }))).toMatchObject([
      { entity: 'item', entityId: 3, action: 'removed' },
    ]);
    // What the record holds does not matter: no service record is recorded.
    const record = {
      ...event('inventory.item.removed', { itemId: 3 }),
      type: 'inventory.service-record.created',
      payload: { serviceRecord: { id: 1, appointmentId: 11 } },
    } as unknown as AuditedEvent;
    expect(subjectsOf(record)).toEqual([]);
    expect(auditOutcome(record, new Map())).toEqual({ entries: [], states: [] });
  });
});
