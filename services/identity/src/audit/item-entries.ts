import { stockMovementLabel } from '@cincy/contracts';
import {
  AuditOutcome,
  EntryRules,
  EventOf,
  FieldList,
  ItemState,
  added,
  change,
  diff,
} from './audit-common';
import { moneyLabel } from './audit-format';

/** What inventory records of an item: its edits and every stock movement. */
export const itemEntries: EntryRules = {
  'inventory.item.changed': {
    subjects: (event) => [{ entity: 'item', entityId: event.payload.item.id }],
    outcome: (event, before) => itemOutcome(event.payload, before('item', event.payload.item.id)),
  },
  'inventory.item.removed': {
    subjects: (event) => [{ entity: 'item', entityId: event.payload.itemId }],
    outcome: (event) => ({
      entries: [
        {
          entity: 'item',
          entityId: event.payload.itemId,
          customerId: null,
          action: 'removed',
          summary: 'Removed from the list',
          changes: [],
        },
      ],
      states: [],
    }),
  },
};

const ITEM_FIELDS: FieldList<ItemState> = [
  ['Name', (s) => s.name],
  ['Description', (s) => s.description],
  ['SKU', (s) => s.sku],
  ['Category', (s) => s.category],
  ['Min quantity', (s) => String(s.minQuantity)],
  ['Unit cost', (s) => moneyLabel(s.unitCost)],
  ['Price', (s) => (s.price === null ? null : moneyLabel(s.price))],
  ['Warranty', (s) => `${s.warrantyMonths} months`],
  ['Van minimum', (s) => String(s.vanMinQuantity ?? 0)],
  ['Notes', (s) => s.notes],
];
const QUANTITY: FieldList<ItemState> = [['Quantity', (s) => String(s.quantity)]];

/** The actions a stock movement's type records (the rest by their drawer label). */
const MOVEMENT_ACTIONS: Record<string, string> = {
  receive: 'received',
  correct: 'count corrected',
  adjusted: 'count corrected',
  write_off: 'written off',
  battery_installed: 'installed',
  warranty_replacement: 'installed',
};

function itemOutcome(
  { item, movement }: EventOf<'inventory.item.changed'>['payload'],
  stored: ItemState | undefined,
): AuditOutcome {
  const { id, ...now } = item;
  // A state recorded before items had a price and a warranty has neither: what the migration
  // gave them then is no edit.
  const seen = stored && {
    ...stored,
    price: stored.price === undefined ? now.price : stored.price,
    warrantyMonths: stored.warrantyMonths ?? now.warrantyMonths,
  };
  const state = [{ entity: 'item' as const, entityId: id, state: now }];
  if (movement) {
    const moved = Math.abs(movement.quantityChange);
    const label = stockMovementLabel(movement.type);
    // A transfer's reason says how many went from where to where; the total does not move.
    const summary =
      movement.type === 'correct' || movement.type === 'adjusted'
        ? `${label} to ${movement.newQuantity}`
        : movement.type === 'transfer'
          ? label
          : `${label} ${moved}`;
    return {
      entries: [
        {
          entity: 'item',
          entityId: id,
          customerId: null,
          action: MOVEMENT_ACTIONS[movement.type] ?? label.toLowerCase(),
          summary: movement.reason ? `${summary}: ${movement.reason}` : summary,
          changes: [
            change('Quantity', String(movement.previousQuantity), String(movement.newQuantity)),
            ...(movement.reason ? [added('Reason', movement.reason)] : []),
            // The Edit Item dialog may change details with the count.
            ...(seen ? diff(ITEM_FIELDS, seen, now) : []),
          ],
          // The movement names who moved the stock; the envelope may only know the request.
          ...(movement.userId !== null || movement.userName !== null
            ? { actor: { id: movement.userId, name: movement.userName ?? 'System' } }
            : {}),
        },
      ],
      states: state,
    };
  }
  const changes = diff([...ITEM_FIELDS, ...QUANTITY], seen, now);
  if (!changes.length) return { entries: [], states: state };
  return {
    entries: [
      {
        entity: 'item',
        entityId: id,
        customerId: null,
        action: seen ? 'edited' : 'created',
        summary: seen ? `Edited: ${changes.map((c) => c.field).join(', ')}` : `Added: ${now.name}`,
        changes,
      },
    ],
    states: state,
  };
}
