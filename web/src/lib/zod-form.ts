import type { FormInstance } from 'antd';
import type { Rule, RuleObject } from 'antd/es/form';
import type { z } from 'zod';

/**
 * The one bridge between antd's Form and the zod contracts: each field's rule is the whole
 * form's schema, so its messages are the contract's (written once) and rules across fields
 * (passwords that must match, a battery's details) hold too; a server's `fieldErrors` land on
 * their fields the same way.
 */

/** The first message the schema gives for `field` when it reads the form's current values. */
export function fieldMessage(
  schema: z.ZodType,
  values: unknown,
  field: string,
): string | undefined {
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => String(issue.path[0]) === field)?.message;
}

/** `rules={[zodRule(userSchema, 'username')]}` on a `Form.Item name="username"`. */
export function zodRule(schema: z.ZodType, field: string): Rule {
  return ({ getFieldsValue }): RuleObject => ({
    validator: async () => {
      const message = fieldMessage(schema, getFieldsValue(true), field);
      if (message) throw new Error(message);
    },
  });
}

/**
 * Puts a refused call's field errors on the form's fields (`rename` maps a server field to the
 * form's, e.g. `name` -> `firstName`); answers whether any landed.
 */
export function showServerErrors(
  form: FormInstance,
  fieldErrors: Record<string, string> | undefined,
  rename: Record<string, string> = {},
): boolean {
  if (!fieldErrors) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const fields = Object.entries(fieldErrors)
    .map(([field, message]) => ({ name: rename[field] ?? field, errors: [message] }))
    .filter(({ name }) => known.has(name));
  form.setFields(fields);
  return fields.length > 0;
}
