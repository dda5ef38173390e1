import { createUserFormSchema, editUserFormSchema, type User } from '@cincy/contracts';
import type { z } from 'zod';
import { fieldMessage } from '../../lib/zod-form';
import {
  EMPTY_CREATE_USER_FORM,
  PASSWORD_HINT,
  buildCreateUserBody,
  buildUpdateUserBody,
  deleteUserQuestion,
  editUserForm,
  signOutUserQuestion,
  statusTone,
  userActionsFor,
  type CreateUserForm,
  type EditUserForm,
} from './user-form.util';

/** The message antd's Form shows on each field, through the one zod adapter. */
const errorsOf = (schema: z.ZodType, values: object) =>
  Object.fromEntries(
    Object.keys(values).flatMap((field) => {
      const message = fieldMessage(schema, values, field);
      return message ? [[field, message]] : [];
    }),
  );
const validateCreateUser = (form: CreateUserForm) => errorsOf(createUserFormSchema, form);
const validateEditUser = (form: EditUserForm) => errorsOf(editUserFormSchema, form);

const create = (patch: Partial<CreateUserForm> = {}): CreateUserForm => ({
  ...EMPTY_CREATE_USER_FORM,
  name: 'Terry Tech',
  username: 'terry',
  password: 'correct-horse',
  confirmPassword: 'correct-horse',
  ...patch,
});

const user: User = {
  id: 7,
  name: 'Terry Tech',
  username: 'terry',
  role: 'technician',
  employeeId: 'T-100',
  status: 'online',
  zipCode: null,
  email: 'terry@example.com',
  createdAt: '2030-06-01T12:00:00.000Z',
};

describe('Create New User', () => {
  it('starts as a technician', () => {
    expect(EMPTY_CREATE_USER_FORM.role).toBe('technician');
  });

  it('accepts a complete form, with or without an employee ID', () => {
    expect(validateCreateUser(create())).toEqual({});
    expect(validateCreateUser(create({ employeeId: 'T-1', role: 'admin' }))).toEqual({});
  });

  it('requires name, username, password and the confirmation', () => {
    expect(
      validateCreateUser(create({ name: '', username: '', password: '', confirmPassword: '' })),
    ).toEqual({
      name: 'Name is required',
      username: 'Username is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it("puts 'Passwords don't match' on the confirmation", () => {
    expect(validateCreateUser(create({ confirmPassword: 'correct-horsE' }))).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it('applies the password rule of the contracts, which the hint states', () => {
    expect(PASSWORD_HINT).toBe('At least 8 characters.');
    expect(validateCreateUser(create({ password: 'short', confirmPassword: 'short' }))).toEqual({
      password: 'Password must be at least 8 characters',
    });
  });

  it('sends the form without the confirmation', () => {
    const body = buildCreateUserBody(create({ name: ' Terry Tech ', employeeId: ' ' }));
    expect(body).toEqual({
      username: 'terry',
      name: 'Terry Tech',
      role: 'technician',
      password: 'correct-horse',
      email: null,
      employeeId: null,
      zipCode: null,
    });
    expect(body).not.toHaveProperty('confirmPassword');
  });
});

describe('Edit User', () => {
  it('keeps the current password when both fields are blank, and sends none', () => {
    const form = editUserForm(user);
    expect(validateEditUser(form)).toEqual({});
    const body = buildUpdateUserBody(form);
    expect(body).toEqual({
      username: 'terry',
      name: 'Terry Tech',
      role: 'technician',
      email: 'terry@example.com',
      employeeId: 'T-100',
    });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('confirmPassword');
  });

  it('requires the two passwords to match when either is given', () => {
    const form = editUserForm(user);
    expect(validateEditUser({ ...form, password: 'new-password' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(validateEditUser({ ...form, confirmPassword: 'new-password' })).toMatchObject({
      confirmPassword: "Passwords don't match",
    });
    const matching = { ...form, password: 'new-password', confirmPassword: 'new-password' };
    expect(validateEditUser(matching)).toEqual({});
    expect(buildUpdateUserBody(matching).password).toBe('new-password');
  });

  it('takes an optional email, checked as the contract says; blank removes it', () => {
    const form = editUserForm(user);
    // The contract's words (a union of blank and an email: its message is the contract's to pick).
    expect(Object.keys(validateEditUser({ ...form, email: 'not-an-email' }))).toEqual(['email']);
    expect(buildUpdateUserBody({ ...form, email: ' ' }).email).toBeNull();
    expect(validateCreateUser(create({ email: 'Terry@Example.com' }))).toEqual({});
    expect(buildCreateUserBody(create({ email: ' terry@example.com ' })).email).toBe(
      'terry@example.com',
    );
  });

  it('requires username and name', () => {
    expect(validateEditUser({ ...editUserForm(user), username: ' ', name: '' })).toEqual({
      username: 'Username is required',
      name: 'Name is required',
    });
  });
});

describe('userActionsFor', () => {
  it('offers sign out everywhere and delete on every row but the signed-in user’s own', () => {
    expect(userActionsFor({ id: 1 }, user)).toEqual(['edit', 'sign-out', 'delete']);
    expect(userActionsFor({ id: 7 }, user)).toEqual(['edit']);
  });
});

describe('statusTone', () => {
  it('is green online, grey offline, blue otherwise', () => {
    expect(statusTone('online')).toBe('green');
    expect(statusTone('offline')).toBe('grey');
    expect(statusTone('available')).toBe('blue');
  });
});

describe('signOutUserQuestion', () => {
  it('asks before ending every session of a user', () => {
    expect(signOutUserQuestion('Terry Tech')).toBe(
      'Sign Terry Tech out on every device? They will need to sign in again.',
    );
  });
});

describe('deleteUserQuestion', () => {
  it("asks the spec's question", () => {
    expect(deleteUserQuestion('Terry Tech')).toBe(
      'Are you sure you want to delete Terry Tech? This action cannot be undone.',
    );
  });
});
