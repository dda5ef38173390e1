import { Fitment, batteryLabel, fitmentVehicle } from '@cincy/contracts';
import { EntryRules, FieldList, NOTHING, diff } from './audit-common';

const FITMENT_FIELDS: FieldList<Fitment> = [
  ['Vehicle', (f) => fitmentVehicle(f)],
  ['Battery', (f) => batteryLabel(f)],
  ['EN/DIN', (f) => f.enDin],
  ['Minimum CCA', (f) => String(f.minCca)],
  ['Start-stop', (f) => (f.startStop ? 'yes' : 'no')],
  ['Registration', (f) => (f.registration ? 'yes' : 'no')],
  ['Source', (f) => f.source],
];

/** What booking records of the fitment table (issue 37): each row's additions, edits, removal. */
export const fitmentEntries: EntryRules = {
  'booking.fitment.changed': {
    subjects: () => [],
    outcome: ({ payload: { previous, fitment } }) => {
      const row = fitment ?? previous;
      if (!row) return NOTHING;
      const changes = fitment ? diff(FITMENT_FIELDS, previous ?? undefined, fitment) : [];
      const action = !previous ? 'added' : fitment ? 'edited' : 'removed';
      const summary =
        action === 'edited'
          ? `Edited: ${changes.map((c) => c.field).join(', ') || 'nothing'}`
          : `${action === 'added' ? 'Added' : 'Removed'}: ${fitmentVehicle(row)}, ${batteryLabel(row)}`;
      return {
        entries: [
          { entity: 'fitment', entityId: row.id, customerId: null, action, summary, changes },
        ],
        states: [],
      };
    },
  },
};
