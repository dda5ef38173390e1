import { useEffect, useState } from 'react';

/**
 * True once the element comes within `margin` of the viewport, and from then on: for a heavy part
 * of a page (the board's map) that need not load before someone scrolls to it. Without
 * IntersectionObserver it is true at once. The element is given by a callback ref, so one that
 * moves (the board's phone layout places the map elsewhere than the desktop's) is watched where
 * it now is.
 */
export function useNearViewport<T extends Element>(
  margin = '300px',
): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin, element]);
  return [setElement, near];
}
