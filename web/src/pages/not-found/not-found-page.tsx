import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <main className="page page-narrow not-found">
      <title>404 Page Not Found</title>
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>404 Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn-primary">
        Go back home
      </Link>
    </main>
  );
}
