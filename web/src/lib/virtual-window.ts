/**
 * The arithmetic of a list drawn only where it is seen (the board's long job lists): where each
 * item starts, and which items a stretch of the page shows. Items are `gap` apart; an item not
 * measured yet counts as `estimate` tall.
 */

/** offsets[i] is where item i starts and offsets[n] the list's height plus one gap. */
export function listOffsets(
  keys: readonly number[],
  heights: ReadonlyMap<number, number>,
  estimate: number,
  gap: number,
): number[] {
  const offsets = new Array<number>(keys.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < keys.length; i++)
    offsets[i + 1] = offsets[i] + (heights.get(keys[i]) ?? estimate) + gap;
  return offsets;
}

/** The first index whose offset is above `y` (offsets ascending). */
function firstAbove(offsets: readonly number[], y: number, from: number): number {
  let lo = from;
  let hi = offsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid] > y) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The items [start, end) that overlap the stretch from `top` to `bottom` (in the list's own
 * coordinates: 0 is its first item's top). An empty range when the stretch misses the list.
 */
export function visibleRange(
  offsets: readonly number[],
  top: number,
  bottom: number,
): [number, number] {
  const count = offsets.length - 1;
  if (count <= 0 || bottom <= 0 || top >= offsets[count]) return [0, 0];
  // Item i is seen when it ends (offsets[i + 1], gap included) below `top` and starts above `bottom`.
  const start = firstAbove(offsets, top, 1) - 1;
  return [start, Math.min(count, firstAbove(offsets, bottom, start + 1))];
}
