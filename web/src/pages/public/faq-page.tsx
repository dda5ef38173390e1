// Placeholder: the public-site work replaces this page.
export function FaqPage() {
  return <main><h1>FaqPage</h1></main>;
}
