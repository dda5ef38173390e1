import { Role, SESSION, SessionUser } from '@cincy/contracts';
import { InjectEnv, setCurrentActor } from '@cincy/platform';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { forbidden, mfaRequired, unauthenticated } from '../common/api-exception';
import { GATEWAY_ENV, GatewayEnv } from '../config';
import { PUBLIC_KEY, ROLES_KEY, SIGN_IN_STEP_KEY, SUPERVISOR_KEY } from './access.decorators';
import { isPrivileged } from './privilege';
import { readCookie } from './session-cookie';
import { SessionResolver } from './session-resolver';

/**
 * Every route is for signed-in staff unless marked @Public(); @Roles() narrows it further.
 * The session cookie is resolved on every request, so public routes also know who is calling.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionResolver,
    @InjectEnv(GATEWAY_ENV) private readonly env: Pick<GatewayEnv, 'SUPERVISOR_USERNAME'>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest();
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets) ?? false;
    const roles = this.reflector.getAllAndOverride<Role[]>(ROLES_KEY, targets) ?? [];
    const supervisorToo = this.reflector.getAllAndOverride<boolean>(SUPERVISOR_KEY, targets);
    const signInStep = this.reflector.getAllAndOverride<boolean>(SIGN_IN_STEP_KEY, targets);

    const token = readCookie(request, SESSION.cookieName);
    const session: SessionUser | null = token ? await this.sessions.resolve(token) : null;
    // A session still finishing its sign-in is nobody yet, but on the steps that finish it.
    const user = session && (session.stage === 'full' || signInStep) ? session : null;
    request.currentUser = user ?? undefined;
    // What the request changes is recorded as this user's doing (events carry it: the audit log).
    if (user) setCurrentActor(user.id);

    if (isPublic) return true;
    if (session && !user) throw mfaRequired(session.stage);
    if (!user) throw unauthenticated();
    const allowed =
      roles.length === 0 ||
      roles.includes(user.role) ||
      (supervisorToo && isPrivileged(user, this.env.SUPERVISOR_USERNAME));
    if (!allowed) throw forbidden();
    return true;
  }
}
