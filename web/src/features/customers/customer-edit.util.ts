import { customerInputSchema, type CustomerInput } from '@cincy/contracts';
import { z } from 'zod';
import type { CustomerTarget } from './customer-database.util';

/** 'Edit Customer Information' as its inputs hold it. */
export interface CustomerEditForm {
  name: string;
  phone: string;
  email: string;
}

export function customerEditForm(customer: CustomerTarget): CustomerEditForm {
  return { name: customer.name, phone: customer.phone, email: customer.email ?? '' };
}

/** The PATCH body: trimmed, and an empty e-mail sent as null. */
export function buildCustomerUpdate(form: CustomerEditForm): CustomerInput {
  const email = form.email.trim();
  return { name: form.name.trim(), phone: form.phone.trim(), email: email ? email : null };
}

/**
 * The form's schema: the contract's rules and messages ('Name is required', 'Phone number is
 * required', 'Invalid email') on the body the form sends, trimmed as it is sent.
 */
export const customerEditSchema = z.preprocess((values) => {
  const form = values as Partial<CustomerEditForm>;
  return buildCustomerUpdate({
    name: form.name ?? '',
    phone: form.phone ?? '',
    email: form.email ?? '',
  });
}, customerInputSchema);
