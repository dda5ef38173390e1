import { CurrentUser, Role } from '@cincy/contracts';
import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
} from '@nestjs/common';

export const PUBLIC_KEY = 'access:public';
export const ROLES_KEY = 'access:roles';
export const SUPERVISOR_KEY = 'access:supervisor';

/** Anonymous visitors may call this route (a signed-in user is still recognised). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** Only signed-in users with one of these roles may call this route. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** Admins, and the one named account (SUPERVISOR_USERNAME): declines, deletions. */
export const AdminOrSupervisor = () =>
  applyDecorators(Roles('admin'), SetMetadata(SUPERVISOR_KEY, true));

/** The signed-in user (on a route that is not public), or undefined on a public route called anonymously. */
export const User = createParamDecorator(
  (_: unknown, context: ExecutionContext): CurrentUser | undefined =>
    context.switchToHttp().getRequest().currentUser,
);
