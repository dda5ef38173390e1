import { FixedWindowLimiter } from './fixed-window-limiter';

describe('FixedWindowLimiter', () => {
  it('lets the limit through per key and window, then refuses with the seconds left', () => {
    const limiter = new FixedWindowLimiter(2, 60_000);
    expect(limiter.hit('a', 0).allowed).toBe(true);
    expect(limiter.hit('a', 1_000).allowed).toBe(true);
    expect(limiter.hit('a', 20_500)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(limiter.hit('b', 20_500).allowed).toBe(true);
  });

  it('starts over when the window ends', () => {
    const limiter = new FixedWindowLimiter(1, 10_000);
    expect(limiter.hit('a', 0).allowed).toBe(true);
    expect(limiter.hit('a', 9_999).allowed).toBe(false);
    expect(limiter.hit('a', 10_000).allowed).toBe(true);
  });

  it('is off with a limit of 0', () => {
    const limiter = new FixedWindowLimiter(0, 10_000);
    for (let i = 0; i < 100; i++) expect(limiter.hit('a', i).allowed).toBe(true);
  });

  it("reports its own hits and resets, and counts another replica's without reporting them", () => {
    const here = new FixedWindowLimiter(2, 60_000);
    const there = new FixedWindowLimiter(2, 60_000);
    here.onChange = (change) => there.apply(change, 0);
    const echoed: unknown[] = [];
    there.onChange = (change) => echoed.push(change);
    here.hit('a', 0);
    here.hit('a', 0);
    expect(there.hit('a', 0).allowed).toBe(false);
    expect(echoed).toEqual([{ op: 'hit', key: 'a' }]);
    here.reset('a');
    expect(there.peek('a', 0).allowed).toBe(true);
  });

  it('keeps its memory bounded', () => {
    const limiter = new FixedWindowLimiter(5, 10_000, 100);
    for (let i = 0; i < 1_000; i++) limiter.hit(`ip-${i}`, 0);
    expect(limiter.size).toBeLessThanOrEqual(100);
    for (let i = 0; i < 1_000; i++) limiter.hit(`later-${i}`, 20_000);
    expect(limiter.size).toBeLessThanOrEqual(100);
  });
});
