/**
 * A User Timing mark `push:<id>:<version>` as a pushed job arrives: the browser bench measures
 * from it to the card on screen. The version is in the name, not in `detail`: a mark with a
 * detail (structured-cloned for a PerformanceObserver) took about 2 ms of a push's render on a
 * 4x slowed CPU. Cleared at once, since the timeline would keep every mark of a day-long session;
 * a PerformanceObserver still receives it.
 */
export function markPush(job: { id: number; version: number }) {
  const name = `push:${job.id}:${job.version}`;
  performance.mark(name);
  performance.clearMarks(name);
}
