// Placeholder: the public-site work replaces this page.
export function LandingPage() {
  return <main><h1>LandingPage</h1></main>;
}
