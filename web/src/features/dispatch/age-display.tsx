import { formatAge } from './board-lists.util';

/** Age since request; the board re-renders it every 60 s (POLLING_MS.ageDisplay). */
export function AgeDisplay({ minutes }: { minutes: number }) {
  return <span className="age-display">{formatAge(minutes)}</span>;
}
