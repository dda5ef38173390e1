import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';

/**
 * A staff screen the signed-in user's role may not use (a technician at /user-management by
 * URL): it says so plainly; the server refuses the calls anyway.
 */
export function NotAllowedScreen({ title, who }: { title: string; who: string }) {
  return (
    <main className="page page-narrow">
      <title>{`${title} | Cincy Battery`}</title>
      <PageHeader title={title} />
      <div className="card notice" role="alert">
        <h2>Not allowed</h2>
        <p>This screen is for {who} only. Your account does not have access to it.</p>
        <Link to="/dispatch" className="btn btn-primary">
          Back to Dispatch
        </Link>
      </div>
    </main>
  );
}
