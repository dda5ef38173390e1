import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { InventoryItem } from '@cincy/contracts';
import { fetchLocations } from '../../api/inventory';
import { QUERY_KEYS } from '../../api/query-keys';
import { vanShortages } from './location-stock.util';

/** Admins: each van below an item's van minimum, to restock before the day (issue 37). */
export function VanShortages({ items }: { items: readonly InventoryItem[] }) {
  const places = useQuery({
    queryKey: QUERY_KEYS.locations,
    queryFn: ({ signal }) => fetchLocations(signal),
  });
  const short = vanShortages(items, places.data ?? []);
  if (short.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="region"
      aria-label="Vans low on stock"
      title="Vans low on stock: move some from the warehouse (Stock, then Move)"
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {short.map((s) => (
            <li key={s.key}>
              {s.van}: {s.item}, {s.held} of {s.minimum}
            </li>
          ))}
        </ul>
      }
    />
  );
}
