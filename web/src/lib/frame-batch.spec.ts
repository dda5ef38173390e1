import { HIDDEN_TAB_FLUSH_MS, frameBatch, type FrameScheduler } from './frame-batch';

/** A scheduler the test drives: frames and timers run when the test says so. */
function manualScheduler() {
  const frames = new Map<number, () => void>();
  const timers = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  const scheduler: FrameScheduler = {
    frame: (run) => (frames.set(next, run), next++),
    cancelFrame: (handle) => frames.delete(handle),
    timer: (run, ms) => (timers.set(next, { run, ms }), next++) as never,
    cancelTimer: (handle) => timers.delete(handle as never),
  };
  const runAll = <V>(map: Map<number, V>, call: (v: V) => void) => {
    const waiting = [...map.values()];
    map.clear();
    waiting.forEach(call);
  };
  return {
    scheduler,
    frames,
    timers,
    drawFrame: () => runAll(frames, (run) => run()),
    fireTimers: () => runAll(timers, ({ run }) => run()),
  };
}

describe('frameBatch', () => {
  it('hands everything added before a frame to one flush, in order', () => {
    const clock = manualScheduler();
    const flushes: number[][] = [];
    const batch = frameBatch<number>((items) => flushes.push(items), clock.scheduler);
    for (let i = 1; i <= 150; i++) batch.add(i);
    expect(flushes).toEqual([]);
    expect(clock.frames.size).toBe(1);
    clock.drawFrame();
    expect(flushes).toHaveLength(1);
    expect(flushes[0]).toHaveLength(150);
    expect(flushes[0].slice(0, 3)).toEqual([1, 2, 3]);
    batch.add(151);
    clock.drawFrame();
    expect(flushes).toEqual([flushes[0], [151]]);
  });

  it('flushes on the timer in a tab that draws no frames, and only once', () => {
    const clock = manualScheduler();
    const flushes: string[][] = [];
    const batch = frameBatch<string>((items) => flushes.push(items), clock.scheduler);
    batch.add('a');
    expect([...clock.timers.values()][0].ms).toBe(HIDDEN_TAB_FLUSH_MS);
    clock.fireTimers();
    expect(flushes).toEqual([['a']]);
    // The frame that was waiting was cancelled with the batch.
    expect(clock.frames.size).toBe(0);
  });

  it('drops what is waiting when cancelled', () => {
    const clock = manualScheduler();
    const flush = jest.fn();
    const batch = frameBatch<number>(flush, clock.scheduler);
    batch.add(1);
    batch.cancel();
    clock.drawFrame();
    clock.fireTimers();
    expect(flush).not.toHaveBeenCalled();
  });
});
