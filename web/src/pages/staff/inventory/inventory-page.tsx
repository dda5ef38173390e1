import { PlaceholderScreen } from '../placeholder-screen';

/** Placeholder: a later issue fills this screen. */
export function InventoryPage() {
  return (
    <PlaceholderScreen title="Inventory Management" subtitle="Track battery stock and supplies." />
  );
}
