// Placeholder: the public-site work replaces this page.
export function TermsPage() {
  return <main><h1>TermsPage</h1></main>;
}
