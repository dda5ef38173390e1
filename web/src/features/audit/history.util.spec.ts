import type { AuditEntry } from '@cincy/contracts';
import {
  actorText,
  changeText,
  entryWhen,
  historyEntries,
  historyTitle,
  jobHistoryName,
  seesHistory,
} from './history.util';

const entry = (id: number, patch: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  entity: 'appointment',
  entityId: 41,
  action: 'assigned',
  summary: 'Assigned to Alex Smith',
  actor: { id: 1, name: 'Alex Smith' },
  at: '2030-06-14T18:05:00.000Z',
  changes: [],
  ...patch,
});

describe('history wording', () => {
  it('titles the drawer by its thing; a job by number and customer', () => {
    expect(historyTitle('Jane Doe')).toBe('History — Jane Doe');
    expect(historyTitle(jobHistoryName(41, 'Jane Doe'))).toBe('History — Job #41 · Jane Doe');
  });

  it('says who: a staff member by name, else Customer or System', () => {
    expect(actorText(entry(1))).toBe('by Alex Smith');
    expect(actorText(entry(1, { actor: { id: null, name: 'Customer' } }))).toBe('by Customer');
    expect(actorText(entry(1, { actor: { id: null, name: 'System' } }))).toBe('by System');
  });

  it("says when on Cincinnati's clock", () => {
    expect(entryWhen(entry(1))).toBe('Jun 14, 2030, 2:05 PM');
  });

  it('shows a change as from → to; a first value alone; a cleared one as (none)', () => {
    expect(changeText({ field: 'Status', from: 'Assigned', to: 'En route', redacted: false })).toBe(
      'Status: Assigned → En route',
    );
    expect(changeText({ field: 'Quantity', from: null, to: '12', redacted: false })).toBe(
      'Quantity: 12',
    );
    expect(changeText({ field: 'Notes', from: 'Gate 4411', to: null, redacted: false })).toBe(
      'Notes: Gate 4411 → (none)',
    );
  });

  it("keeps only that a deleted customer's field changed, never its values", () => {
    const text = changeText({ field: 'Phone', from: null, to: null, redacted: true });
    expect(text).toBe('Phone changed (removed with the customer)');
  });

  it('lets admins only open a History drawer', () => {
    expect(seesHistory({ role: 'admin' })).toBe(true);
    expect(seesHistory({ role: 'technician' })).toBe(false);
  });
});

describe('historyEntries', () => {
  it('lists every loaded page in order, each entry once', () => {
    const pages = [{ entries: [entry(9), entry(8)] }, { entries: [entry(8), entry(7)] }];
    expect(historyEntries(pages).map((e) => e.id)).toEqual([9, 8, 7]);
  });
});
