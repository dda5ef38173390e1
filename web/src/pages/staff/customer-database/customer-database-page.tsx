import { PlaceholderScreen } from '../placeholder-screen';

/** Placeholder: a later issue fills this screen. */
export function CustomerDatabasePage() {
  return (
    <PlaceholderScreen
      title="Customer Database"
      subtitle="Search customers and their battery service history."
    />
  );
}
