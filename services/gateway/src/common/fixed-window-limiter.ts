export interface LimitDecision {
  allowed: boolean;
  /** Whole seconds until the client's window starts over (for Retry-After). */
  retryAfterSeconds: number;
}

/** A hit on a key, or a key forgotten: what replicas tell each other (see SharedLimits). */
export interface LimiterChange {
  op: 'hit' | 'reset';
  key: string;
}

/**
 * Counts hits per key in fixed windows, in this process's memory. Good enough to stop a script
 * filling the board; not a billing meter. Gateway replicas share their counts through
 * `onChange` / `apply` (SharedLimits).
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  /** Told of every hit and reset made here (not of those applied from elsewhere). */
  onChange?: (change: LimiterChange) => void;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  hit(key: string, now = Date.now()): LimitDecision {
    if (this.limit === 0) return { allowed: true, retryAfterSeconds: 0 };
    this.onChange?.({ op: 'hit', key });
    return this.count(key, now);
  }

  /** Takes in a change another replica made. */
  apply(change: LimiterChange, now = Date.now()): void {
    if (change.op === 'reset') this.windows.delete(change.key);
    else if (this.limit !== 0) this.count(change.key, now);
  }

  private count(key: string, now: number): LimitDecision {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (!window) this.makeRoom(now);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= this.limit,
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  /** Whether the key is over its limit now, without counting a hit. */
  peek(key: string, now = Date.now()): LimitDecision {
    const window = this.windows.get(key);
    if (this.limit === 0 || !window || window.resetAt <= now) {
      return { allowed: true, retryAfterSeconds: 0 };
    }
    return {
      allowed: window.count < this.limit,
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  /** Forgets the key's window (a success clears its failures). */
  reset(key: string): void {
    this.windows.delete(key);
    this.onChange?.({ op: 'reset', key });
  }

  get size(): number {
    return this.windows.size;
  }

  /** Bounded memory: expired windows go first; a flood of fresh addresses starts the table over. */
  private makeRoom(now: number): void {
    if (this.windows.size < this.maxKeys) return;
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    if (this.windows.size >= this.maxKeys) this.windows.clear();
  }
}
