import type {
  Customer,
  CustomerListQuery,
  CustomerSummary,
  RpcAnswer,
  ServiceRecord,
  customerInputSchema,
} from '@cincy/contracts';
import { requestJson } from './request';
import type { SchemaInput } from './schema-types';

/** The body of POST and PATCH /api/customers. */
export type CustomerBody = SchemaInput<typeof customerInputSchema>;

export function createCustomer(input: CustomerBody): Promise<Customer> {
  return requestJson('POST', '/api/customers', input);
}

/** One page (CUSTOMER_PAGE_SIZE) of the Customer Database, by name; `search` narrows it on the server. */
export function fetchCustomers(
  { search, offset }: Partial<CustomerListQuery>,
  signal?: AbortSignal,
): Promise<CustomerSummary[]> {
  const params = new URLSearchParams();
  const text = search?.trim();
  if (text) params.set('search', text);
  if (offset) params.set('offset', String(offset));
  const query = params.toString();
  return requestJson('GET', `/api/customers${query ? `?${query}` : ''}`, undefined, { signal });
}

/** The Edit Customer Information dialog; answers the row as it now is. */
export function updateCustomer(id: number, input: CustomerBody): Promise<CustomerSummary> {
  return requestJson('PATCH', `/api/customers/${id}`, input);
}

/** Admins and the named account; the answer carries a message. */
export function deleteCustomer(id: number): Promise<RpcAnswer<'booking.customers.delete'>> {
  return requestJson('DELETE', `/api/customers/${id}`);
}

/** The customer's service history, newest first. */
export function fetchCustomerServiceRecords(
  customerId: number,
  signal?: AbortSignal,
): Promise<ServiceRecord[]> {
  return requestJson('GET', `/api/customers/${customerId}/service-records`, undefined, {
    signal,
  });
}
