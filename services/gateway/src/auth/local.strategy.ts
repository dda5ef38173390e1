import { Session, loginRequestSchema } from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { parseInput } from '../common/api-exception';

/** Username and password, checked by identity; the result is a new session. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly rpc: RpcClient) {
    super();
  }

  validate(username: string, password: string): Promise<Session> {
    return this.rpc.call('identity.sessions.create', { username, password });
  }
}

/** Checks the body against the contract first, so a missing field is a 400 with the spec's text. */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  canActivate(context: ExecutionContext) {
    parseInput(loginRequestSchema, context.switchToHttp().getRequest().body ?? {});
    return super.canActivate(context) as Promise<boolean>;
  }
}
