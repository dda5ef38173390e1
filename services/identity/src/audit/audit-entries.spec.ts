import { appointmentEntries } from './appointment-entries';
import { customerEntries } from './customer-entries';
import { itemEntries } from './item-entries';
import { shiftEntries } from './shift-entries';
import { userEntries } from './user-entries';

describe('the audit rules, one file per entity', () => {
  it('give each event type to one entity only (a second rule would silently win the merge)', () => {
    const claimed = [appointmentEntries, customerEntries, itemEntries, shiftEntries, userEntries]
      .flatMap((rules) => Object.keys(rules))
      .sort();
    expect(claimed.filter((type, i) => claimed[i - 1] === type)).toEqual([]);
    expect(claimed.length).toBeGreaterThan(15);
  });
});
