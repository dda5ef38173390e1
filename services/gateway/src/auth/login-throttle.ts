import { ERROR_CODES, LOGIN_FAILURE } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { ApiException } from '../common/api-exception';
import { FixedWindowLimiter } from '../common/fixed-window-limiter';
import { SharedLimits } from '../common/shared-limits';
import { rateLimitRefusals } from '../metrics/gateway-metrics';

const MINUTE = 60_000;

/**
 * Failed sign-ins, counted three ways. One address guessing one account is stopped for longest
 * (5 per 15 min); one account from everywhere only briefly (20 per 5 min), so a stranger cannot
 * keep the real user out for long, and the real user's own address keeps its separate count;
 * one address spraying many accounts is stopped too (50 per 15 min). Counted across replicas.
 */
@Injectable()
export class LoginThrottle {
  private readonly pair: FixedWindowLimiter;
  private readonly account: FixedWindowLimiter;
  private readonly address: FixedWindowLimiter;

  private readonly secondStep: FixedWindowLimiter;

  constructor(limits: SharedLimits) {
    this.pair = limits.limiter('login.pair', 5, 15 * MINUTE);
    this.account = limits.limiter('login.account', 20, 5 * MINUTE);
    this.address = limits.limiter('login.address', 50, 15 * MINUTE);
    // Wrong second steps of one account, from anywhere: a stolen password gets 10 guesses of a
    // 6-digit code an hour (about 1 in 30,000 of getting in per hour), the owner a wait.
    this.secondStep = limits.limiter('login.second-step', 10, 60 * MINUTE);
  }

  /**
   * Throws 429 (with its Retry-After in seconds) while any count is used up; a second step
   * (`secondStep`) also while the account's wrong codes of the hour are.
   */
  check(username: string, ip: string, now = Date.now(), secondStep = false): void {
    const decisions = this.keys(username, ip, secondStep).map(([limiter, key]) =>
      limiter.peek(key, now),
    );
    const blocked = decisions.filter((d) => !d.allowed);
    if (!blocked.length) return;
    rateLimitRefusals.inc({ limiter: 'login' });
    throw new LoginThrottled(Math.max(...blocked.map((d) => d.retryAfterSeconds)));
  }

  failed(username: string, ip: string, now = Date.now(), secondStep = false): void {
    for (const [limiter, key] of this.keys(username, ip, secondStep)) limiter.hit(key, now);
  }

  /**
   * A full sign-in clears that address's count for the account (a right password alone does
   * not, while the second step is owed: else each password would buy five more code guesses).
   */
  succeeded(username: string, ip: string): void {
    this.pair.reset(this.keys(username, ip)[0][1]);
  }

  private keys(username: string, ip: string, secondStep = false): [FixedWindowLimiter, string][] {
    const account = username.trim().toLowerCase();
    return [
      [this.pair, `${account}\n${ip}`],
      [this.account, account],
      [this.address, ip],
      ...(secondStep ? [[this.secondStep, account] as [FixedWindowLimiter, string]] : []),
    ];
  }
}

export class LoginThrottled extends ApiException {
  constructor(readonly retryAfterSeconds: number) {
    super(429, { code: ERROR_CODES.rateLimited, message: LOGIN_FAILURE.throttled });
  }
}
