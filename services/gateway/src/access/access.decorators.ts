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
export const SIGN_IN_STEP_KEY = 'access:sign-in-step';

/** Anonymous visitors may call this route (a signed-in user is still recognised). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/**
 * A session that has its password but not yet its second step (or must still set one up) may
 * call this route: the steps that finish signing in. Every other route answers it 403
 * MFA_REQUIRED (issue 38).
 */
export const SignInStep = () => SetMetadata(SIGN_IN_STEP_KEY, true);

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
