import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * True once the element comes within `margin` of the viewport, and from then on: for a heavy part
 * of a page (the board's map) that need not load before someone scrolls to it. Without
 * IntersectionObserver it is true at once.
 */
export function useNearViewport<T extends Element>(
  margin = '300px',
): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
