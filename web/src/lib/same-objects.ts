/**
 * A list read again, with each item that did not change kept as the object already held (and the
 * held list itself when nothing changed), so memoised components drawn from it are not drawn
 * again: without it, every re-read (on connecting, every 30 s) redrew each of the phone's cards.
 * Items are the server's JSON, written by one serializer, so equal items serialize alike.
 */
export function keepSameObjects<T extends { id: number }>(held: readonly T[], read: T[]): T[] {
  if (!held.length) return read;
  const known = new Map(held.map((item) => [item.id, item]));
  let changed = read.length !== held.length;
  const kept = read.map((item, i) => {
    const before = known.get(item.id);
    if (before !== undefined && JSON.stringify(before) === JSON.stringify(item)) {
      if (held[i] !== before) changed = true;
      return before;
    }
    changed = true;
    return item;
  });
  return changed ? kept : (held as T[]);
}
