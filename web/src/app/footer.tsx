export function Footer() {
  return (
    <footer className="site-footer">
      <p>© {new Date().getFullYear()} Cincy Battery. All rights reserved.</p>
    </footer>
  );
}
