import { formatPhone } from '@cincy/contracts';
import { CustomerState, EntryRules, FieldList, diff, key } from './audit-common';

/** What booking records of a customer. */
export const customerEntries: EntryRules = {
  'booking.customer.updated': {
    subjects: (event) => [{ entity: 'customer', entityId: event.payload.customer.id }],
    outcome: (event, before) => {
      const { id, ...now } = event.payload.customer;
      const seen = before('customer', id);
      const changes = diff(CUSTOMER_FIELDS, seen, now);
      const state = { entity: 'customer' as const, entityId: id, state: now };
      if (!changes.length) return { entries: [], states: [state] };
      return {
        entries: [
          {
            ...key(state),
            customerId: id,
            action: 'edited',
            summary: `Edited: ${changes.map((c) => c.field).join(', ')}`,
            changes,
          },
        ],
        states: [state],
      };
    },
  },
  'booking.customer.deleted': {
    subjects: (event) => [{ entity: 'customer', entityId: event.payload.customerId }],
    outcome: (event) => {
      const { customerId } = event.payload;
      return {
        entries: [
          {
            entity: 'customer',
            entityId: customerId,
            customerId,
            action: 'deleted',
            summary: 'Deleted with their personal data',
            changes: [],
          },
        ],
        states: [{ entity: 'customer', entityId: customerId, state: null }],
        eraseCustomer: customerId,
      };
    },
  },
};

const CUSTOMER_FIELDS: FieldList<CustomerState> = [
  ['Name', (s) => s.name],
  ['Phone', (s) => formatPhone(s.phone)],
  ['Email', (s) => s.email],
];
