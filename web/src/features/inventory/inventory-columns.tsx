import type { ReactNode } from 'react';
import { isLowStock, type InventoryItem } from '@cincy/contracts';
import type { DataColumn } from '../../components/data-table';
import { formatCurrency } from '../../lib/format';
import { categoryLabel, itemValue } from './inventory.util';

/** The quantity, in red with a 'Low' badge at or below the minimum. */
export function QuantityCell({ item }: { item: InventoryItem }) {
  if (!isLowStock(item)) return <span className="qty">{item.quantity}</span>;
  return (
    <span className="qty qty-low">
      {item.quantity}
      <span className="badge badge-low">Low</span>
    </span>
  );
}

/**
 * 'Inventory Items': Name, Quantity, Min Qty, Unit Cost, Value, and Actions when the viewer may
 * change stock (`actions`); a technician's table has no Actions column.
 */
export function inventoryColumns(
  actions: ((item: InventoryItem) => ReactNode) | null,
): DataColumn<InventoryItem>[] {
  const columns: DataColumn<InventoryItem>[] = [
    {
      key: 'name',
      header: 'Name',
      label: '',
      cell: (item) => {
        const details = [categoryLabel(item.category), item.sku, item.description]
          .filter(Boolean)
          .join(' · ');
        return (
          <div className="cell-primary">
            <span className="cell-title">{item.name}</span>
            {details && <span className="cell-sub">{details}</span>}
          </div>
        );
      },
    },
    {
      key: 'quantity',
      header: 'Quantity',
      kind: 'number',
      cell: (item) => <QuantityCell item={item} />,
    },
    { key: 'min', header: 'Min Qty', kind: 'number', cell: (item) => item.minQuantity },
    {
      key: 'cost',
      header: 'Unit Cost',
      kind: 'number',
      cell: (item) => formatCurrency(item.unitCost),
    },
    {
      key: 'value',
      header: 'Value',
      kind: 'number',
      cell: (item) => formatCurrency(itemValue(item)),
    },
  ];
  if (actions)
    columns.push({ key: 'actions', header: 'Actions', label: '', kind: 'actions', cell: actions });
  return columns;
}
