// Placeholder: the public-site work replaces this page.
export function ConfirmationPage() {
  return <main><h1>ConfirmationPage</h1></main>;
}
