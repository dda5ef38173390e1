import type { DashboardAppointment } from '@cincy/contracts';

// The board's rule for copies of one appointment, apart from the cache (the field app keeps its
// jobs without react-query): the higher version wins.

/**
 * Upserts one appointment by id, only if it is newer (`version`) than the cached copy, so a late
 * push or a slow answer never moves a card backwards. Known ids keep their place; new ones are
 * appended. Returns the same list when nothing changes.
 */
export function upsertAppointment(
  list: DashboardAppointment[] | undefined,
  next: DashboardAppointment,
): DashboardAppointment[] | undefined {
  // Not loaded yet: the fetch in flight will include it.
  if (!list) return list;
  const index = list.findIndex((a) => a.id === next.id);
  if (index === -1) return [...list, next];
  if (list[index].version >= next.version) return list;
  const copy = list.slice();
  copy[index] = next;
  return copy;
}

/**
 * A fetched board list, keeping any cached appointment that is newer than the answer's copy: a
 * refetch sent before a push (a completion right after its record was saved) must not bring the
 * card back to an older state. The answer decides which appointments are listed.
 */
export function keepNewerAppointments(
  cached: DashboardAppointment[] | undefined,
  fetched: DashboardAppointment[],
): DashboardAppointment[] {
  if (!cached?.length) return fetched;
  const known = new Map(cached.map((a) => [a.id, a]));
  let changed = false;
  const merged = fetched.map((a) => {
    const mine = known.get(a.id);
    if (mine && mine.version > a.version) {
      changed = true;
      return mine;
    }
    return a;
  });
  return changed ? merged : fetched;
}
