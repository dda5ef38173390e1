import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The frame of the information pages: a back link, the title, then the content. */
export function InfoPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="pub-page pub-info">
      <Link className="pub-back-link" to="/">
        <span aria-hidden="true">← </span>Back to Home
      </Link>
      <h1 className="pub-title">{title}</h1>
      {intro && <p className="pub-lead">{intro}</p>}
      {children}
    </main>
  );
}
