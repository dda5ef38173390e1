// Placeholder: the public-site work replaces this page.
export function PricingPage() {
  return <main><h1>PricingPage</h1></main>;
}
