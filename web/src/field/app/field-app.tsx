/** The field app's screens (filled in by the screens' change). */
export function FieldApp() {
  return (
    <main>
      <h1>Jobs</h1>
    </main>
  );
}
