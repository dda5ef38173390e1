import { firstErrorPerField, knownFieldErrors } from './field-errors';

describe('firstErrorPerField', () => {
  it("keeps each field's first message and leaves out fields the form does not have", () => {
    const errors = firstErrorPerField(
      [
        { path: ['password'], message: 'Password is required' },
        { path: ['password'], message: 'Password must be at least 8 characters' },
        { path: ['confirmPassword'], message: "Passwords don't match" },
        { path: ['status'], message: 'ignored' },
        { path: [], message: 'a form-level issue' },
      ],
      ['password', 'confirmPassword'] as const,
    );
    expect(errors).toEqual({
      password: 'Password is required',
      confirmPassword: "Passwords don't match",
    });
  });
});

describe('knownFieldErrors', () => {
  it("keeps the server's field errors of the form's own fields", () => {
    expect(
      knownFieldErrors({ username: 'That username is already taken.', other: 'x' }, [
        'username',
        'name',
      ] as const),
    ).toEqual({ username: 'That username is already taken.' });
    expect(knownFieldErrors(undefined, ['username'] as const)).toEqual({});
  });
});
