import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { listOffsets, visibleRange } from '../lib/virtual-window';

interface Options {
  /** The height of an item not measured yet, in px. */
  estimate: number;
  /** The space between items, in px. */
  gap: number;
  /** How far beyond the viewport items are drawn, in px: Tab and a quick flick find them ready. */
  overscan: number;
}

export interface WindowVirtual<T extends HTMLElement> {
  /** The list element, whose top is the items' 0. */
  listRef: (element: T | null) => void;
  /** The items to draw, [start, end). */
  start: number;
  end: number;
  /** The space of the items above and below those drawn. */
  paddingTop: number;
  paddingBottom: number;
  /** A ref for each drawn item: its height is measured (the item carries `data-key`). */
  measure: (element: HTMLElement | null) => (() => void) | undefined;
}

/** The viewport in the list's own coordinates. */
interface View {
  top: number;
  bottom: number;
}

/**
 * A list drawn only where the page shows it: the page scrolls as ever (no inner scroller, so a
 * phone scrolls the board as one page), and the items above and below the viewport are padding.
 * Heights are measured as items are drawn (ResizeObserver); the browser's scroll anchoring keeps
 * the view still when a measured height replaces an estimate above it. A change of the items
 * re-renders only the ones drawn.
 */
export function useWindowVirtual<T extends HTMLElement>(
  keys: readonly number[],
  { estimate, gap, overscan }: Options,
): WindowVirtual<T> {
  const [list, setList] = useState<T | null>(null);
  // The measured heights by key, replaced (not changed) when a drawn item's height changes.
  const [heights, setHeights] = useState<ReadonlyMap<number, number>>(() => new Map());
  // Before the list is on the page: as if it started at the top of a phone's screen.
  const [view, setView] = useState<View>(() => ({
    top: 0,
    bottom: typeof window === 'undefined' ? 844 : window.innerHeight,
  }));

  const offsets = useMemo(() => {
    // Unmeasured items count as the average of those measured: the padding guesses well.
    let sum = 0;
    for (const h of heights.values()) sum += h;
    return listOffsets(keys, heights, heights.size ? sum / heights.size : estimate, gap);
  }, [keys, heights, estimate, gap]);
  const [start, end] = visibleRange(offsets, view.top - overscan, view.bottom + overscan);

  // Reads where the viewport is over the list; a new view only when it draws other items.
  const offsetsNow = useRef(offsets);
  const readView = useCallback(() => {
    if (!list) return;
    const top = -list.getBoundingClientRect().top;
    const next = { top, bottom: top + window.innerHeight };
    setView((prev) => {
      const was = visibleRange(offsetsNow.current, prev.top - overscan, prev.bottom + overscan);
      const now = visibleRange(offsetsNow.current, next.top - overscan, next.bottom + overscan);
      return was[0] === now[0] && was[1] === now[1] ? prev : next;
    });
  }, [list, overscan]);

  // After each change of the items: what is above the list may have grown or shrunk too.
  useLayoutEffect(() => {
    offsetsNow.current = offsets;
    readView();
  }, [offsets, readView]);

  useLayoutEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        readView();
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [readView]);

  const [observer] = useState(() =>
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver((entries) =>
          setHeights((known) => {
            let next: Map<number, number> | null = null;
            for (const entry of entries) {
              const item = entry.target as HTMLElement;
              const key = Number(item.dataset.key);
              const height = entry.borderBoxSize?.[0]?.blockSize ?? item.offsetHeight;
              if (Number.isNaN(key) || height === 0 || known.get(key) === height) continue;
              next ??= new Map(known);
              next.set(key, height);
            }
            return next ?? known;
          }),
        ),
  );
  useLayoutEffect(() => () => observer?.disconnect(), [observer]);
  const measure = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !observer) return undefined;
      observer.observe(element);
      return () => observer.unobserve(element);
    },
    [observer],
  );

  return {
    listRef: setList,
    start,
    end,
    paddingTop: offsets[start],
    paddingBottom: offsets[keys.length] - offsets[end],
    measure,
  };
}
