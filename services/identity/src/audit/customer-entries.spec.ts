import { booked, entriesOf, event, replay } from './audit-spec-support';

describe('audit entries: customers', () => {
  const updated = (name: string, phone: string, email: string | null = null) =>
    event('booking.customer.updated', { customer: { id: 5, name, phone, email } });

  it('records an edit from the booking seen before, phones formatted', () => {
    const [, edit] = entriesOf(booked(), updated('Jane Doe', '8595550001', 'jane@example.com'));
    expect(edit).toMatchObject({
      entity: 'customer',
      entityId: 5,
      customerId: 5,
      action: 'edited',
    });
    expect(edit.changes).toEqual([
      { field: 'Phone', from: '(513) 555-0100', to: '(859) 555-0001', redacted: false },
      { field: 'Email', from: null, to: 'jane@example.com', redacted: false },
    ]);
  });

  it('lists a first sighting as to-values only, and an edit that changed nothing not at all', () => {
    const [first, again] = replay(
      updated('Jane Doe', '5135550100'),
      updated('Jane Doe', '5135550100'),
    );
    expect(first.entries[0].changes).toEqual([
      { field: 'Name', from: null, to: 'Jane Doe', redacted: false },
      { field: 'Phone', from: null, to: '(513) 555-0100', redacted: false },
    ]);
    expect(again.entries).toEqual([]);
  });

  it('records a deletion without personal values, forgets the state and asks for the erasure', () => {
    const [, deleted] = replay(booked(), event('booking.customer.deleted', { customerId: 5 }));
    expect(deleted.entries).toEqual([
      expect.objectContaining({ entity: 'customer', action: 'deleted', changes: [] }),
    ]);
    expect(deleted.states).toEqual([{ entity: 'customer', entityId: 5, state: null }]);
    expect(deleted.eraseCustomer).toBe(5);
  });
});
