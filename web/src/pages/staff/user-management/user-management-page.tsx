import { PlaceholderScreen } from '../placeholder-screen';

/** Placeholder: a later issue fills this screen. */
export function UserManagementPage() {
  return (
    <PlaceholderScreen
      title="User Management"
      subtitle="Manage login credentials and user permissions"
    />
  );
}
