import {
  PASSWORD_LENGTH,
  ROLES,
  type Role,
  type SignedInUser,
  type User,
  type UserStatus,
  type UserUpdate,
} from '@cincy/contracts';
import type { CreateUserBody } from '../../api/users';

/** 'Create New User' as its inputs hold it. */
export interface CreateUserForm {
  name: string;
  username: string;
  password: string;
  confirmPassword: string;
  role: Role | '';
  /** Optional: where a password reset link goes. */
  email: string;
  employeeId: string;
}
export type CreateUserField = keyof CreateUserForm;

/** 'Edit User': the password and its confirmation are optional (blank keeps the current one). */
export interface EditUserForm {
  name: string;
  username: string;
  role: Role | '';
  email: string;
  employeeId: string;
  password: string;
  confirmPassword: string;
}
export type EditUserField = keyof EditUserForm;

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', technician: 'Technician' };
export const ROLE_OPTIONS: { value: Role; label: string }[] = ROLES.map((value) => ({
  value,
  label: ROLE_LABELS[value],
}));

/** The password rule from the contracts, shown under the password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_LENGTH.min} characters.`;

/** A new user is a technician unless the admin says otherwise. */
export const EMPTY_CREATE_USER_FORM: CreateUserForm = {
  name: '',
  username: '',
  password: '',
  confirmPassword: '',
  role: 'technician',
  email: '',
  employeeId: '',
};

export function editUserForm(user: User): EditUserForm {
  return {
    name: user.name,
    username: user.username,
    role: user.role,
    email: user.email ?? '',
    employeeId: user.employeeId ?? '',
    password: '',
    confirmPassword: '',
  };
}

/**
 * POST /api/users: the form without the confirmation (removed before sending).
 * No status: it is set automatically. No zip code: the form has none.
 */
export function buildCreateUserBody(form: CreateUserForm): CreateUserBody {
  const { confirmPassword: _confirmation, ...values } = form;
  return {
    username: values.username.trim(),
    name: values.name.trim(),
    role: values.role || 'technician',
    password: values.password,
    email: values.email.trim() || null,
    employeeId: values.employeeId.trim() || null,
    zipCode: null,
  };
}

/** PUT /api/users/{id}: the password only when one was typed; the confirmation never. */
export function buildUpdateUserBody(form: EditUserForm): UserUpdate {
  const body: UserUpdate = {
    username: form.username.trim(),
    name: form.name.trim(),
    role: form.role || 'technician',
    email: form.email.trim() || null,
    employeeId: form.employeeId.trim() || null,
  };
  if (form.password) body.password = form.password;
  return body;
}

/**
 * The buttons of a user's row: edit; for anyone but oneself, sign out everywhere (one's own
 * sessions are on the Security page) and delete (the server refuses deleting oneself).
 */
export type UserAction = 'edit' | 'sign-out' | 'delete';

export function userActionsFor(
  viewer: Pick<SignedInUser, 'id'>,
  user: Pick<User, 'id'>,
): UserAction[] {
  return viewer.id === user.id ? ['edit'] : ['edit', 'sign-out', 'delete'];
}

/** The "Sign out everywhere" question. */
export function signOutUserQuestion(name: string): string {
  return `Sign ${name} out on every device? They will need to sign in again.`;
}

export const STATUS_LABELS: Record<UserStatus, string> = {
  online: 'Online',
  offline: 'Offline',
  available: 'Available',
};

/** Online green, offline grey, otherwise blue. */
export function statusTone(status: string): 'green' | 'grey' | 'blue' {
  if (status === 'online') return 'green';
  if (status === 'offline') return 'grey';
  return 'blue';
}

/** The delete question, word for word. */
export function deleteUserQuestion(name: string): string {
  return `Are you sure you want to delete ${name}? This action cannot be undone.`;
}
