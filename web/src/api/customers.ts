import type { Customer, CustomerInput } from '@cincy/contracts';
import { requestJson } from './request';

export function createCustomer(input: CustomerInput): Promise<Customer> {
  return requestJson<Customer>('POST', '/api/customers', input);
}
