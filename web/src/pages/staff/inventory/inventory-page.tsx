/** Placeholder: a later issue fills this screen. */
export function InventoryPage() {
  return (
    <main className="page">
      <title>Inventory Management | Cincy Battery</title>
      <div className="page-header">
        <div>
          <h1>Inventory Management</h1>
          <p className="muted">Track battery stock and supplies.</p>
        </div>
      </div>
      <div className="card placeholder-card">
        <p>This screen is coming soon.</p>
      </div>
    </main>
  );
}
