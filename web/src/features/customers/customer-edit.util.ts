import { customerInputSchema, type CustomerInput } from '@cincy/contracts';
import { firstErrorPerField } from '../../lib/field-errors';
import type { CustomerTarget } from './customer-database.util';

/** 'Edit Customer Information' as its inputs hold it. */
export interface CustomerEditForm {
  name: string;
  phone: string;
  email: string;
}
export type CustomerEditField = keyof CustomerEditForm;
export type CustomerEditErrors = Partial<Record<CustomerEditField, string>>;

export const CUSTOMER_EDIT_FIELDS: readonly CustomerEditField[] = ['name', 'phone', 'email'];

export function customerEditForm(customer: CustomerTarget): CustomerEditForm {
  return { name: customer.name, phone: customer.phone, email: customer.email ?? '' };
}

/** The PATCH body: trimmed, and an empty e-mail sent as null. */
export function buildCustomerUpdate(form: CustomerEditForm): CustomerInput {
  const email = form.email.trim();
  return { name: form.name.trim(), phone: form.phone.trim(), email: email ? email : null };
}

/**
 * The contract's rules with their messages: 'Name is required', 'Phone number is required',
 * 'Invalid email' (and the server's phone rules, so the form never sends what it refuses).
 */
export function validateCustomerEdit(form: CustomerEditForm): CustomerEditErrors {
  const result = customerInputSchema.safeParse(buildCustomerUpdate(form));
  return result.success ? {} : firstErrorPerField(result.error.issues, CUSTOMER_EDIT_FIELDS);
}
