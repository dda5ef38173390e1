import { BUSINESS } from '@cincy/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

// The blocks the public pages repeat. One module on purpose: each shared module is a chunk of its
// own (vite.config.ts), so a visitor fetches them all in one request.

interface PublicCardProps {
  /** The heading's id: the section is named by its heading. */
  titleId: string;
  title: string;
  /** Added to pub-card, e.g. pub-card--accent. */
  className?: string;
  children: ReactNode;
}

/** A card: a section named by its h2, then the content. */
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

interface FactRowProps {
  term: string;
  /** On the <dd>. */
  className?: string;
  children: ReactNode;
}

/** One row of a description list: the term and its detail, grouped in a div for the grid. */
export function FactRow({ term, className, children }: FactRowProps) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

export function PhoneLink() {
  return <a href={BUSINESS.phoneHref}>{BUSINESS.phone}</a>;
}

export function EmailLink() {
  return <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>;
}

export function BookNowLink({ large = false }: { large?: boolean }) {
  return (
    <Link
      className={`pub-button pub-button--primary${large ? ' pub-button--large' : ''}`}
      to="/customer-form"
    >
      Book Now
    </Link>
  );
}
