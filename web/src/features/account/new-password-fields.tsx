import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { USER_MESSAGES } from '@cincy/contracts';
import { zodRule } from '../../lib/zod-form';
import { PASSWORD_HINT } from '../users/user-form.util';

/**
 * The second password field of a form whose first is `password`: the same words as the user
 * dialogs (the contract's `USER_MESSAGES`).
 */
const confirmPasswordRule: Rule = ({ getFieldValue }) => ({
  validator: async (_, value: unknown) => {
    if (!value) throw new Error(USER_MESSAGES.confirmPassword);
    if (value !== getFieldValue('password')) throw new Error(USER_MESSAGES.passwordsDontMatch);
  },
});

/**
 * A new password and its confirmation (`password`, `confirmPassword`), as the invitation, the
 * password reset and the Security page ask them: the first checked by `schema`'s `password`.
 */
export function NewPasswordFields({
  schema,
  label = 'New password',
  autoFocus = false,
}: {
  schema: z.ZodType;
  label?: 'New password' | 'Password';
  autoFocus?: boolean;
}) {
  return (
    <>
      <Form.Item
        label={label}
        name="password"
        extra={PASSWORD_HINT}
        rules={[zodRule(schema, 'password')]}
      >
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        label={`Confirm ${label.toLowerCase()}`}
        name="confirmPassword"
        dependencies={['password']}
        rules={[confirmPasswordRule]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
