import { CurrentUser, Role } from '@cincy/contracts';
import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';

export const PUBLIC_KEY = 'access:public';
export const ROLES_KEY = 'access:roles';

/** Anonymous visitors may call this route (a signed-in user is still recognised). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** Only signed-in users with one of these roles may call this route. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** The signed-in user, or undefined on a public route called anonymously. */
export const User = createParamDecorator(
  (_: unknown, context: ExecutionContext): CurrentUser | undefined =>
    context.switchToHttp().getRequest().currentUser,
);
