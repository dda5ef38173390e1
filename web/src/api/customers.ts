import type {
  Customer,
  CustomerInput,
  CustomerListQuery,
  CustomerSummary,
  ServiceRecord,
} from '@cincy/contracts';
import { requestJson } from './request';

export function createCustomer(input: CustomerInput): Promise<Customer> {
  return requestJson<Customer>('POST', '/api/customers', input);
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
  return requestJson<CustomerSummary[]>(
    'GET',
    `/api/customers${query ? `?${query}` : ''}`,
    undefined,
    { signal },
  );
}

/** The Edit Customer Information dialog; answers the row as it now is. */
export function updateCustomer(id: number, input: CustomerInput): Promise<CustomerSummary> {
  return requestJson<CustomerSummary>('PATCH', `/api/customers/${id}`, input);
}

/** Admins and the named account; the answer may carry a message (spec section 7). */
export function deleteCustomer(id: number): Promise<{ message?: string } | null> {
  return requestJson<{ message?: string } | null>('DELETE', `/api/customers/${id}`);
}

/** The customer's service history, newest first. */
export function fetchCustomerServiceRecords(
  customerId: number,
  signal?: AbortSignal,
): Promise<ServiceRecord[]> {
  return requestJson<ServiceRecord[]>(
    'GET',
    `/api/customers/${customerId}/service-records`,
    undefined,
    { signal },
  );
}
