import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addCustomerPlace,
  deleteCustomerPlace,
  fetchCustomerPlaces,
  setDefaultCustomerPlace,
  updateCustomerPlace,
  type PlaceKind,
} from '../api/customers';

/** Its own key: the route's path, then the customer. */
const placesKey = (customerId: number, kind: PlaceKind) => [
  `/api/customers/:id/${kind}`,
  customerId,
];

/** What staff do to one of a customer's addresses or vehicles. */
export type PlaceChange =
  | { type: 'add'; body: object }
  | { type: 'edit'; id: number; body: object }
  | { type: 'default'; id: number }
  | { type: 'remove'; id: number };

/** A customer's addresses or vehicles, read again each time the record opens. */
export function useCustomerPlaces(customerId: number, kind: PlaceKind) {
  return useQuery({
    queryKey: placesKey(customerId, kind),
    queryFn: ({ signal }) => fetchCustomerPlaces(customerId, kind, signal),
    refetchOnMount: 'always',
  });
}

/** Adds, edits, makes default or removes one; the list is read again after. */
export function useChangeCustomerPlace(customerId: number, kind: PlaceKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PlaceChange): Promise<unknown> => {
      switch (change.type) {
        case 'add':
          return addCustomerPlace(customerId, kind, change.body as never);
        case 'edit':
          return updateCustomerPlace(customerId, kind, change.id, change.body as never);
        case 'default':
          return setDefaultCustomerPlace(customerId, kind, change.id);
        case 'remove':
          return deleteCustomerPlace(customerId, kind, change.id);
      }
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: placesKey(customerId, kind) }),
  });
}
