import type { ReactNode } from 'react';

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
