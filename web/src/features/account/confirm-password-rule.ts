import type { Rule } from 'antd/es/form';
import { USER_MESSAGES } from '@cincy/contracts';

/**
 * The second password field of a form whose first is `password`: the same words as the user
 * dialogs (the contract's `USER_MESSAGES`).
 */
export const confirmPasswordRule: Rule = ({ getFieldValue }) => ({
  validator: async (_, value: unknown) => {
    if (!value) throw new Error(USER_MESSAGES.confirmPassword);
    if (value !== getFieldValue('password')) throw new Error(USER_MESSAGES.passwordsDontMatch);
  },
});
