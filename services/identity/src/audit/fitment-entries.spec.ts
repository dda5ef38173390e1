import type { Fitment } from '@cincy/contracts';
import { entriesOf, event } from './audit-spec-support';

const row: Fitment = {
  id: 7,
  yearFrom: 2018,
  yearTo: 2024,
  make: 'Toyota',
  model: 'Camry',
  engine: null,
  groupSize: '24F',
  enDin: null,
  technology: 'flooded',
  minCca: 550,
  startStop: false,
  registration: false,
  source: 'manual',
  installedPrice: 165,
  updatedAt: '2026-11-29T12:00:00.000Z',
};

const outcome = (previous: Fitment | null, fitment: Fitment | null) =>
  entriesOf(event('booking.fitment.changed', { previous, fitment }));

describe('the fitment table in the audit log', () => {
  it('records an addition, an edit with what changed, and a removal, on the row', () => {
    expect(outcome(null, row)).toEqual([
      expect.objectContaining({
        entity: 'fitment',
        entityId: 7,
        action: 'added',
        summary: 'Added: 2018-2024 Toyota Camry, Group 24F',
      }),
    ]);
    const [edited] = outcome(row, { ...row, groupSize: 'H6', technology: 'AGM', minCca: 760 });
    expect(edited).toMatchObject({ action: 'edited', summary: 'Edited: Battery, Minimum CCA' });
    expect(edited.changes).toEqual([
      { field: 'Battery', from: 'Group 24F', to: 'Group H6 AGM', redacted: false },
      { field: 'Minimum CCA', from: '550', to: '760', redacted: false },
    ]);
    expect(outcome(row, null)).toEqual([
      expect.objectContaining({
        action: 'removed',
        summary: 'Removed: 2018-2024 Toyota Camry, Group 24F',
      }),
    ]);
  });
});
