/** Placeholder: a later issue fills this screen. */
export function CustomerDatabasePage() {
  return (
    <main className="page">
      <title>Customer Database | Cincy Battery</title>
      <div className="page-header">
        <div>
          <h1>Customer Database</h1>
          <p className="muted">Search customers and their battery service history.</p>
        </div>
      </div>
      <div className="card placeholder-card">
        <p>This screen is coming soon.</p>
      </div>
    </main>
  );
}
