import { SessionUser } from '@cincy/contracts';
import { RpcCallError, RpcClient } from '@cincy/platform';
import { Injectable } from '@nestjs/common';

/** How long a resolved session is trusted without asking identity (docs/adr/0020-sessions.md). */
const CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Turns a session token into its user through identity, with a short cache. Unknown tokens are
 * cached too, so a client sending made-up cookies costs identity one call per token, not per request.
 */
@Injectable()
export class SessionResolver {
  private readonly cache = new Map<string, { user: SessionUser | null; until: number }>();

  constructor(private readonly rpc: RpcClient) {}

  /** The user, or null when the token is unknown, ended or idle too long. Outages still throw (503). */
  async resolve(token: string): Promise<SessionUser | null> {
    const hit = this.cache.get(token);
    if (hit && hit.until > Date.now()) return hit.user;
    this.cache.delete(token);
    let user: SessionUser | null;
    try {
      user = await this.rpc.call('identity.sessions.resolve', { token });
    } catch (error) {
      if (!(error instanceof RpcCallError && error.status === 401)) throw error;
      user = null;
    }
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(token, { user, until: Date.now() + CACHE_MS });
    return user;
  }

  forget(token: string): void {
    this.cache.delete(token);
  }

  /** Drops cached sessions another replica ended (known here only by a digest of the token). */
  forgetMatching(ended: (token: string) => boolean): void {
    for (const token of this.cache.keys()) if (ended(token)) this.cache.delete(token);
  }

  /** Drops every cached session of a user whose sessions identity just ended. */
  forgetUser(userId: number): void {
    for (const [token, entry] of this.cache)
      if (entry.user?.id === userId) this.cache.delete(token);
  }
}
