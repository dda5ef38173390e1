// Placeholder: the public-site work replaces this page.
export function CustomerFormPage() {
  return <main><h1>CustomerFormPage</h1></main>;
}
