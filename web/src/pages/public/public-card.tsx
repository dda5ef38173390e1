import type { ReactNode } from 'react';

interface PublicCardProps {
  /** The heading's id: the section is named by its heading. */
  titleId: string;
  title: string;
  /** Added to pub-card, e.g. pub-card--accent. */
  className?: string;
  children: ReactNode;
}

/** A card of the public pages: a section named by its h2, then the content. */
export function PublicCard({ titleId, title, className, children }: PublicCardProps) {
  return (
    <section className={className ? `pub-card ${className}` : 'pub-card'} aria-labelledby={titleId}>
      <h2 className="pub-card-title" id={titleId}>
        {title}
      </h2>
      {children}
    </section>
  );
}
