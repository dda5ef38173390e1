import { Session, loginRequestSchema } from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { RpcCallError } from '@cincy/platform';
import { ExecutionContext, HttpException, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { signInClient } from '../access/session-cookie';
import { parseInput } from '../common/api-exception';
import { Refusal } from '../common/refusals';
import { LoginThrottle, LoginThrottled } from './login-throttle';

/** Username and password, checked by identity; the result is a new session. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly rpc: RpcClient) {
    super({ passReqToCallback: true });
  }

  validate(req: Request, username: string, password: string): Promise<Session> {
    const client = signInClient(req, req.res as Response);
    return this.rpc.call('identity.sessions.create', { username, password, client });
  }
}

/** The status a failed sign-in answers with: identity's (through RPC) or passport's own 401. */
const statusOf = (err: unknown) =>
  err instanceof RpcCallError
    ? err.status
    : err instanceof HttpException
      ? err.getStatus()
      : undefined;

/**
 * Checks the body against the contract first, so a missing field is a 400 with the form's text;
 * then the throttle (429 with Retry-After), then the password.
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  static readonly refuses: readonly Refusal[] = [
    { status: 400, description: 'Username or password missing.' },
    { status: 401, description: 'Invalid username or password.' },
    { status: 429, description: 'Too many sign-in attempts (see `Retry-After`).' },
  ];

  constructor(private readonly throttle: LoginThrottle) {
    super();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const { username } = parseInput(loginRequestSchema, req.body ?? {});
    const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    try {
      this.throttle.check(username, ip);
    } catch (err) {
      if (err instanceof LoginThrottled) {
        http.getResponse<Response>().setHeader('Retry-After', String(err.retryAfterSeconds));
      }
      throw err;
    }
    try {
      const ok = (await super.canActivate(context)) as boolean;
      if ((req.user as Session | undefined)?.stage === 'full')
        this.throttle.succeeded(username, ip);
      return ok;
    } catch (err) {
      if (statusOf(err) === 401) this.throttle.failed(username, ip);
      throw err;
    }
  }
}
