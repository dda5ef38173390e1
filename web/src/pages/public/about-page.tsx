// Placeholder: the public-site work replaces this page.
export function AboutPage() {
  return <main><h1>AboutPage</h1></main>;
}
