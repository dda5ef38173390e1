import type {
  CustomerAddress,
  CustomerListQuery,
  CustomerSummary,
  CustomerVehicle,
  CustomerVisits,
  RpcAnswer,
  ServiceHistoryRow,
  customerAddressInputSchema,
  customerInputSchema,
  customerVehicleInputSchema,
} from '@cincy/contracts';
import { requestJson } from './request';
import type { SchemaInput } from './schema-types';

/** The body of POST and PATCH /api/customers. */
export type CustomerBody = SchemaInput<typeof customerInputSchema>;

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

/** The customer's service history, newest first, with battery model, vehicle and price. */
/** The record's visits, newest first, with counts over all of them. */
export function fetchCustomerVisits(
  customerId: number,
  signal?: AbortSignal,
): Promise<CustomerVisits> {
  return requestJson('GET', `/api/customers/${customerId}/visits`, undefined, { signal });
}

export function fetchCustomerServiceRecords(
  customerId: number,
  signal?: AbortSignal,
): Promise<ServiceHistoryRow[]> {
  return requestJson('GET', `/api/customers/${customerId}/service-records`, undefined, {
    signal,
  });
}

/** A customer's addresses or vehicles: one shape, two paths. */
export type PlaceKind = 'addresses' | 'vehicles';
export type PlaceEntry = CustomerAddress | CustomerVehicle;
export type AddressBody = SchemaInput<typeof customerAddressInputSchema>;
export type VehicleBody = SchemaInput<typeof customerVehicleInputSchema>;
type BodyOf<K extends PlaceKind> = K extends 'addresses' ? AddressBody : VehicleBody;
type EntryOf<K extends PlaceKind> = K extends 'addresses' ? CustomerAddress : CustomerVehicle;

/** The default first, then oldest first. */
export function fetchCustomerPlaces<K extends PlaceKind>(
  customerId: number,
  kind: K,
  signal?: AbortSignal,
): Promise<EntryOf<K>[]> {
  return requestJson('GET', `/api/customers/${customerId}/${kind}`, undefined, { signal });
}

export function addCustomerPlace<K extends PlaceKind>(
  customerId: number,
  kind: K,
  body: BodyOf<K>,
): Promise<EntryOf<K>> {
  return requestJson('POST', `/api/customers/${customerId}/${kind}`, body);
}

export function updateCustomerPlace<K extends PlaceKind>(
  customerId: number,
  kind: K,
  id: number,
  body: BodyOf<K>,
): Promise<EntryOf<K>> {
  return requestJson('PATCH', `/api/customers/${customerId}/${kind}/${id}`, body);
}

export function setDefaultCustomerPlace<K extends PlaceKind>(
  customerId: number,
  kind: K,
  id: number,
): Promise<EntryOf<K>> {
  return requestJson('PUT', `/api/customers/${customerId}/${kind}/${id}/default`);
}

/** Admins and the named account. */
export function deleteCustomerPlace(
  customerId: number,
  kind: PlaceKind,
  id: number,
): Promise<{ message: string }> {
  return requestJson('DELETE', `/api/customers/${customerId}/${kind}/${id}`);
}
