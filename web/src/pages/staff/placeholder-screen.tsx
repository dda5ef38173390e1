import { PageHeader } from '../../components/page-header';

interface PlaceholderScreenProps {
  title: string;
  subtitle: string;
}

/** A staff screen a later issue fills: its header and a note. The real screen keeps the header. */
export function PlaceholderScreen({ title, subtitle }: PlaceholderScreenProps) {
  return (
    <main className="page">
      <title>{`${title} | Cincy Battery`}</title>
      <PageHeader title={title} subtitle={subtitle} />
      <div className="card placeholder-card">
        <p>This screen is coming soon.</p>
      </div>
    </main>
  );
}
