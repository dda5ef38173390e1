import { memo, useEffect, useRef, useState } from 'react';
import { Alert, Flex } from 'antd';
import { Link } from 'react-router-dom';
import type { InventoryItem } from '@cincy/contracts';
import { useInventory } from '../../hooks/use-inventory';
import { lowStockText, nextLowStockAlerts } from './low-stock-alert.util';

/**
 * Admins on the board: a banner when an item's stock falls below its minimum while the board is
 * open (an install, pushed as `inventory.changed`), with a link to Inventory. A banner, not a
 * notification: the staff toasts are one at a time, and this must not be pushed off by the next.
 */
export const LowStockAlert = memo(function LowStockAlert({ enabled }: { enabled: boolean }) {
  const inventory = useInventory({ enabled });
  const [alerts, setAlerts] = useState<InventoryItem[]>([]);
  const seen = useRef<InventoryItem[] | undefined>(undefined);
  const list = inventory.data;

  useEffect(() => {
    if (!list) return;
    const before = seen.current;
    seen.current = list;
    setAlerts((current) => nextLowStockAlerts(current, before, list));
  }, [list]);

  if (alerts.length === 0) return null;
  return (
    <Flex vertical gap={8} role="region" aria-label="Low stock alerts">
      {alerts.map((item) => (
        <Alert
          key={item.id}
          type="warning"
          showIcon
          role="alert"
          title={lowStockText(item)}
          action={<Link to="/inventory">Open Inventory</Link>}
          closable={{ 'aria-label': `Dismiss: ${lowStockText(item)}` }}
          onClose={() => setAlerts((current) => current.filter((a) => a.id !== item.id))}
        />
      ))}
    </Flex>
  );
});
