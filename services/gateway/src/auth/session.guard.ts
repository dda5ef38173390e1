import { CurrentUser, Role, SESSION } from '@cincy/contracts';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { forbidden, unauthenticated } from '../common/api-exception';
import { PUBLIC_KEY, ROLES_KEY } from './access.decorators';
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
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest();
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets) ?? false;
    const roles = this.reflector.getAllAndOverride<Role[]>(ROLES_KEY, targets) ?? [];

    const token = readCookie(request, SESSION.cookieName);
    const user: CurrentUser | null = token ? await this.sessions.resolve(token) : null;
    request.currentUser = user ?? undefined;

    if (isPublic) return true;
    if (!user) throw unauthenticated();
    if (roles.length && !roles.includes(user.role)) throw forbidden();
    return true;
  }
}
