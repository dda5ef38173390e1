import type { ReactNode } from 'react';
import { Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { isLowStock, type InventoryItem } from '@cincy/contracts';
import { formatCurrency } from '../../lib/format';
import { compareNumber, compareText } from '../../lib/sort';
import { categoryLabel, itemValue } from './inventory.util';

/** The quantity, in red with a 'Low' tag at or below the minimum. */
export function QuantityCell({ item }: { item: InventoryItem }) {
  if (!isLowStock(item)) return <span className="qty">{item.quantity}</span>;
  return (
    <span className="qty qty-low">
      <Typography.Text type="danger" strong>
        {item.quantity}
      </Typography.Text>{' '}
      <Tag color="red">Low</Tag>
    </span>
  );
}

/**
 * 'Inventory Items': Name, Quantity, Min Qty, Unit Cost, Value, and Actions when the viewer may
 * change stock (`actions`); a technician's table has no Actions column. The whole list is on
 * screen, so every column but Actions sorts here, without asking the server.
 */
export function inventoryColumns(
  actions: ((item: InventoryItem) => ReactNode) | null,
): ColumnsType<InventoryItem> {
  const columns: ColumnsType<InventoryItem> = [
    {
      key: 'name',
      title: 'Name',
      sorter: (a, b) => compareText(a.name, b.name),
      render: (_, item) => {
        const details = [categoryLabel(item.category), item.sku, item.description]
          .filter(Boolean)
          .join(' · ');
        return (
          <Flex vertical>
            <Typography.Text strong>{item.name}</Typography.Text>
            {details && <Typography.Text type="secondary">{details}</Typography.Text>}
          </Flex>
        );
      },
    },
    {
      key: 'quantity',
      title: 'Quantity',
      align: 'right',
      sorter: (a, b) => compareNumber(a.quantity, b.quantity),
      render: (_, item) => <QuantityCell item={item} />,
    },
    {
      key: 'min',
      title: 'Min Qty',
      align: 'right',
      sorter: (a, b) => compareNumber(a.minQuantity, b.minQuantity),
      render: (_, item) => item.minQuantity,
    },
    {
      key: 'cost',
      title: 'Unit Cost',
      align: 'right',
      sorter: (a, b) => compareNumber(a.unitCost, b.unitCost),
      render: (_, item) => formatCurrency(item.unitCost),
    },
    {
      key: 'value',
      title: 'Value',
      align: 'right',
      sorter: (a, b) => compareNumber(itemValue(a), itemValue(b)),
      render: (_, item) => formatCurrency(itemValue(item)),
    },
  ];
  if (actions)
    columns.push({ key: 'actions', title: 'Actions', render: (_, item) => actions(item) });
  return columns;
}
