/** How a batch waits: the next animation frame, with a timer for a tab that draws no frames. */
export interface FrameScheduler {
  frame: (run: () => void) => number;
  cancelFrame: (handle: number) => void;
  timer: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  cancelTimer: (handle: ReturnType<typeof setTimeout>) => void;
}

/** A hidden tab draws no frames: its pushes are applied at this pace instead of piling up. */
export const HIDDEN_TAB_FLUSH_MS = 250;

const browserScheduler = (): FrameScheduler => ({
  frame: (run) => requestAnimationFrame(run),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
  timer: (run, ms) => setTimeout(run, ms),
  cancelTimer: (handle) => clearTimeout(handle),
});

export interface FrameBatch<T> {
  add: (item: T) => void;
  /** Drops what is waiting and stops (the socket closed). */
  cancel: () => void;
}

/**
 * Collects items and hands them to `flush` together before the next frame: many pushes in one
 * frame (bookings at 150/s) become one cache write and one render. Whichever of the frame and the
 * timer comes first runs the batch.
 */
export function frameBatch<T>(
  flush: (items: T[]) => void,
  scheduler: FrameScheduler = browserScheduler(),
): FrameBatch<T> {
  let items: T[] = [];
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = () => {
    if (frame !== null) scheduler.cancelFrame(frame);
    if (timer !== null) scheduler.cancelTimer(timer);
    frame = null;
    timer = null;
  };
  const run = () => {
    stop();
    const batch = items;
    items = [];
    flush(batch);
  };
  return {
    add(item) {
      items.push(item);
      if (frame !== null) return;
      frame = scheduler.frame(run);
      timer = scheduler.timer(run, HIDDEN_TAB_FLUSH_MS);
    },
    cancel() {
      stop();
      items = [];
    },
  };
}
