import { createUserFormSchema } from '@cincy/contracts';
import { fieldMessage, showServerErrors, zodRule } from './zod-form';
import type { FormInstance } from 'antd';

const user = {
  username: 'dana',
  name: 'Dana',
  role: 'technician',
  password: 'long enough 1',
  confirmPassword: 'long enough 1',
};

describe('the zod bridge for antd forms', () => {
  it("gives each field the contract's own message, rules across fields included", () => {
    expect(fieldMessage(createUserFormSchema, user, 'username')).toBeUndefined();
    expect(fieldMessage(createUserFormSchema, { ...user, username: '' }, 'username')).toBe(
      'Username is required',
    );
    expect(
      fieldMessage(createUserFormSchema, { ...user, confirmPassword: 'other' }, 'confirmPassword'),
    ).toBe("Passwords don't match");
    expect(fieldMessage(createUserFormSchema, { ...user, confirmPassword: 'other' }, 'name')).toBe(
      undefined,
    );
  });

  it('is a rule antd runs with the form’s values', async () => {
    const rule = zodRule(createUserFormSchema, 'password') as (form: {
      getFieldsValue: () => unknown;
    }) => { validator: () => Promise<void> };
    await expect(rule({ getFieldsValue: () => user }).validator()).resolves.toBeUndefined();
    await expect(
      rule({ getFieldsValue: () => ({ ...user, password: 'short' }) }).validator(),
    ).rejects.toThrow('Password must be at least 8 characters');
  });

  it("puts a server's field errors on the fields the form has", () => {
    const set = jest.fn();
    const form = {
      getFieldsValue: () => ({ username: 'x', name: 'y' }),
      setFields: set,
    } as unknown as FormInstance;
    expect(
      showServerErrors(form, { username: 'That username is already taken.', other: 'no' }),
    ).toBe(true);
    expect(set).toHaveBeenCalledWith([
      { name: 'username', errors: ['That username is already taken.'] },
    ]);
    expect(showServerErrors(form, undefined)).toBe(false);
  });
});
