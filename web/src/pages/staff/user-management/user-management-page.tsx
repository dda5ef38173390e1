/** Placeholder: a later issue fills this screen. */
export function UserManagementPage() {
  return (
    <main className="page">
      <title>User Management | Cincy Battery</title>
      <div className="page-header">
        <div>
          <h1>User Management</h1>
          <p className="muted">Manage login credentials and user permissions</p>
        </div>
      </div>
      <div className="card placeholder-card">
        <p>This screen is coming soon.</p>
      </div>
    </main>
  );
}
