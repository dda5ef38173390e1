import { EVENT_PAYLOADS, EventPayload, EventType } from '@cincy/contracts';
import { TEST_ACTORS, boardView, requestedPayload } from '@cincy/platform/testing';
import {
  AuditOutcome,
  AuditedEvent,
  Snapshots,
  anonymousActorName,
  auditOutcome,
  subjectKey,
  subjectsOf,
} from './audit-entries';

type Audited = AuditedEvent['type'];

const event = <T extends Audited & EventType>(
  type: T,
  payload: EventPayload<T>,
  occurredAt = '2026-11-25T15:00:00Z',
) =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    type,
    version: 1,
    occurredAt,
    correlationId: 'c',
    actorId: 1,
    payload: EVENT_PAYLOADS[type].parse(payload),
  }) as unknown as AuditedEvent;

/** Applies events in order the way the service does, keeping states between them. */
function replay(...events: AuditedEvent[]): AuditOutcome[] {
  const states = new Map<string, unknown>();
  return events.map((e) => {
    const outcome = auditOutcome(e, states as Snapshots);
    for (const s of outcome.states)
      if (s.state === null) states.delete(subjectKey(s));
      else states.set(subjectKey(s), s.state);
    return outcome;
  });
}
const entriesOf = (...events: AuditedEvent[]) => replay(...events).flatMap((o) => o.entries);

const booked = (overrides: Partial<EventPayload<'booking.appointment.requested'>> = {}) =>
  event(
    'booking.appointment.requested',
    requestedPayload(11, 'Jane Doe', { customerId: 5, ...overrides }),
  );
const view = (overrides: Parameters<typeof boardView>[0] = {}) =>
  boardView({
    id: 11,
    customerId: 5,
    customer: { name: 'Jane Doe', phone: '(513) 555-0100' },
    location: '1 Main St, Cincinnati, Ohio 45202',
    notes: 'Gate code 12',
    ...overrides,
  });

/** The job as Tess works it. */
const worked = (overrides: Parameters<typeof boardView>[0]) =>
  view({
    technicianId: TEST_ACTORS.tech.id,
    technicianUsername: TEST_ACTORS.tech.username,
    technician: { name: TEST_ACTORS.tech.name },
    ...overrides,
  });

describe('audit entries: appointments', () => {
  it('records a booking with its hour, ASAP or scheduled', () => {
    const [asap] = entriesOf(booked());
    expect(asap).toMatchObject({
      entity: 'appointment',
      entityId: 11,
      customerId: 5,
      action: 'booked',
      summary: 'Booked (ASAP)',
    });
    const [scheduled] = entriesOf(
      booked({ preferredTime: null, scheduledDate: '2026-11-24', scheduledTime: '14:00:00' }),
    );
    expect(scheduled.summary).toBe('Booked for Tue Nov 24, 2 PM');
  });

  it('records a reschedule with the hour from and to', () => {
    const [, moved] = entriesOf(
      booked({ scheduledDate: '2026-11-24', scheduledTime: '14:00:00' }),
      event('booking.appointment.rescheduled', {
        appointmentId: 11,
        preferredTime: '4:00 PM',
        scheduledDate: '2026-11-25',
        scheduledTime: '16:00:00',
        scheduledStartTime: '2026-11-25T21:00:00Z',
      }),
    );
    expect(moved).toMatchObject({
      action: 'rescheduled',
      summary: 'Moved from Tue, Nov 24 at 2 PM to Wed, Nov 25 at 4 PM',
      customerId: 5,
      changes: [
        { field: 'Scheduled', from: 'Tue Nov 24, 2 PM', to: 'Wed Nov 25, 4 PM', redacted: false },
      ],
    });
  });

  it('leaves the board taking the job in unrecorded: the booking said it', () => {
    const [, opened] = replay(
      booked(),
      event('dispatch.appointment.opened', { appointment: view() }),
    );
    expect(opened.entries).toEqual([]);
    expect(opened.states).toHaveLength(1);
  });

  it("records each step with its status change in the screens' words", () => {
    const entries = entriesOf(
      booked(),
      event('dispatch.appointment.opened', { appointment: view() }),
      event('dispatch.appointment.assigned', {
        appointment: worked({ status: 'assigned', version: 2 }),
      }),
      event('dispatch.appointment.accepted', {
        appointment: worked({ status: 'accepted', version: 3 }),
      }),
      event('dispatch.appointment.departed', {
        appointment: worked({ status: 'en_route', version: 4 }),
      }),
    );
    expect(entries.map((e) => [e.action, e.summary])).toEqual([
      ['booked', 'Booked (ASAP)'],
      ['assigned', 'Assigned to Tess Tech'],
      ['accepted', 'Accepted'],
      ['departed', 'On the way'],
    ]);
    expect(entries[1].changes).toEqual([
      { field: 'Status', from: 'Pending', to: 'Assigned', redacted: false },
      { field: 'Technician', from: null, to: 'Tess Tech', redacted: false },
    ]);
    expect(entries[3].changes).toEqual([
      { field: 'Status', from: 'Accepted', to: 'En Route', redacted: false },
    ]);
  });

  it('names a hand-back with its reason', () => {
    const [, , back] = entriesOf(
      booked(),
      event('dispatch.appointment.assigned', {
        appointment: worked({ status: 'assigned', version: 2 }),
      }),
      event('dispatch.appointment.unassigned', {
        appointment: view({
          version: 3,
          handBack: { by: 'Tess Tech', reason: 'Flat tire', at: '2026-11-25T15:00:00Z' },
        }),
      }),
    );
    expect(back).toMatchObject({ action: 'unassigned', summary: 'Handed back: Flat tire' });
    expect(back.changes).toContainEqual({
      field: 'Technician',
      from: 'Tess Tech',
      to: null,
      redacted: false,
    });
  });

  it('records a customer detail change on the job, and nothing for a view that changed none', () => {
    const [, , edited, moved] = replay(
      booked(),
      event('dispatch.appointment.opened', { appointment: view() }),
      event('dispatch.appointment.updated', {
        appointment: view({ customer: { name: 'Jane Roe', phone: '5135550100' }, version: 2 }),
      }),
      // The follow-on of a reschedule: booking's 'rescheduled' records the hour, once.
      event('dispatch.appointment.updated', {
        appointment: view({
          customer: { name: 'Jane Roe', phone: '5135550100' },
          scheduledDate: '2026-11-26',
          scheduledTime: '10:00:00',
          version: 3,
        }),
      }),
    );
    expect(edited.entries[0]).toMatchObject({
      action: 'updated',
      changes: [{ field: 'Customer name', from: 'Jane Doe', to: 'Jane Roe', redacted: false }],
    });
    expect(moved.entries).toEqual([]);
  });

  it("keeps booking's hour when the board's copy of a move arrives before booking's", () => {
    // The board's copy changed no customer detail: it records nothing.
    const [, moved] = entriesOf(
      booked({ scheduledDate: '2026-11-24', scheduledTime: '14:00:00' }),
      event('dispatch.appointment.updated', {
        appointment: view({ scheduledDate: '2026-11-25', scheduledTime: '16:00:00', version: 2 }),
      }),
      event('booking.appointment.rescheduled', {
        appointmentId: 11,
        preferredTime: '4:00 PM',
        scheduledDate: '2026-11-25',
        scheduledTime: '16:00:00',
        scheduledStartTime: '2026-11-25T21:00:00Z',
      }),
    );
    expect(moved).toMatchObject({ action: 'rescheduled' });
    expect(moved.changes).toEqual([
      { field: 'Scheduled', from: 'Tue Nov 24, 2 PM', to: 'Wed Nov 25, 4 PM', redacted: false },
    ]);
  });

  it('keeps the newer state when an older view arrives late, and still records its step', () => {
    const outcomes = replay(
      event('dispatch.appointment.accepted', {
        appointment: worked({ status: 'accepted', version: 3 }),
      }),
      event('dispatch.appointment.assigned', {
        appointment: worked({ status: 'assigned', version: 2 }),
      }),
    );
    expect(outcomes[1].states).toEqual([]);
    expect(outcomes[1].entries).toMatchObject([{ action: 'assigned', changes: [] }]);
  });

  it('says who cancelled: the customer from their page, or staff for them', () => {
    const cancelled = event('dispatch.appointment.cancelled', {
      appointment: view({ status: 'cancelled', version: 2 }),
    });
    const [, byStaff] = entriesOf(booked(), cancelled);
    expect(byStaff).toMatchObject({ action: 'cancelled', summary: 'Cancelled by staff' });
    const [, byCustomer] = entriesOf(booked(), { ...cancelled, actorId: null } as AuditedEvent);
    expect(byCustomer.summary).toBe('Cancelled by the customer');
  });

  it('names the customer as the actor of their own steps, the system otherwise', () => {
    expect(anonymousActorName('booking.appointment.requested')).toBe('Customer');
    expect(anonymousActorName('booking.appointment.rescheduled')).toBe('Customer');
    expect(anonymousActorName('dispatch.appointment.cancelled')).toBe('Customer');
    expect(anonymousActorName('dispatch.appointment.declined')).toBe('System');
  });
});

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

describe('audit entries: users', () => {
  const user = {
    id: 7,
    username: 'tess',
    name: 'Tess Tech',
    role: 'technician' as const,
    employeeId: null,
  };

  it('records creation with the facts, and a role change as such', () => {
    const [created, promoted] = entriesOf(
      event('identity.user.created', { user }),
      event('identity.user.updated', { user: { ...user, role: 'admin' }, passwordChanged: false }),
    );
    expect(created).toMatchObject({ entity: 'user', entityId: 7, action: 'created' });
    expect(created.changes.map((c) => [c.field, c.to])).toEqual([
      ['Name', 'Tess Tech'],
      ['Username', 'tess'],
      ['Role', 'Technician'],
    ]);
    expect(promoted).toMatchObject({
      action: 'role changed',
      summary: 'Role changed to Admin',
      changes: [{ field: 'Role', from: 'Technician', to: 'Admin', redacted: false }],
    });
  });

  it('says a password changed, never what it is', () => {
    const [, changed] = entriesOf(
      event('identity.user.created', { user }),
      event('identity.user.updated', { user, passwordChanged: true }),
    );
    expect(changed).toMatchObject({
      action: 'edited',
      summary: 'Password changed',
      changes: [{ field: 'Password', from: null, to: null, redacted: false }],
    });
  });

  it('records nothing for an update that changed nothing', () => {
    expect(
      entriesOf(
        event('identity.user.created', { user }),
        event('identity.user.updated', { user, passwordChanged: false }),
      ),
    ).toHaveLength(1);
  });

  it('records shift changes readably, dates that slipped into the past left out', () => {
    const schedule = (
      weekly: { weekday: number; start: string; end: string }[],
      exceptions: { date: string; shifts: { start: string; end: string }[] }[],
    ) =>
      event(
        'dispatch.schedule.changed',
        { schedule: { technicianId: 7, weekly, exceptions } },
        '2026-11-25T15:00:00Z',
      );
    const [, changed] = entriesOf(
      schedule(
        [{ weekday: 1, start: '08:00', end: '17:00' }],
        [{ date: '2026-11-20', shifts: [] }],
      ),
      schedule(
        [
          { weekday: 1, start: '08:00', end: '17:00' },
          { weekday: 2, start: '08:00', end: '12:00' },
        ],
        [{ date: '2026-11-27', shifts: [] }],
      ),
    );
    expect(changed).toMatchObject({ entity: 'user', entityId: 7, action: 'shifts changed' });
    expect(changed.changes).toEqual([
      {
        field: 'Weekly pattern',
        from: 'Sun off; Mon 8 AM-5 PM; Tue off; Wed off; Thu off; Fri off; Sat off',
        to: 'Sun off; Mon 8 AM-5 PM; Tue 8 AM-12 PM; Wed off; Thu off; Fri off; Sat off',
        redacted: false,
      },
      { field: 'Fri Nov 27', from: 'Weekly pattern', to: 'Off', redacted: false },
    ]);
  });

  it("keeps a user's facts and shifts side by side", () => {
    const outcomes = replay(
      event('identity.user.created', { user }),
      event('dispatch.schedule.changed', {
        schedule: { technicianId: 7, weekly: [], exceptions: [] },
      }),
      event('identity.user.updated', {
        user: { ...user, name: 'Tess T.' },
        passwordChanged: false,
      }),
    );
    expect(outcomes[2].entries[0].changes).toEqual([
      { field: 'Name', from: 'Tess Tech', to: 'Tess T.', redacted: false },
    ]);
  });
});

describe('audit entries: items', () => {
  const item = {
    id: 3,
    name: 'AGM 48',
    description: null,
    sku: null,
    category: 'battery',
    quantity: 2,
    minQuantity: 1,
    unitCost: 150,
    notes: null,
  };
  const movement = {
    id: 9,
    itemId: 3,
    type: 'receive',
    quantityChange: 12,
    previousQuantity: 2,
    newQuantity: 14,
    reason: 'new shipment',
    appointmentId: null,
    userId: 7,
    userName: 'Tess Tech',
    createdAt: '2026-11-25T15:00:00Z',
  };

  it('records a stock movement by its type, by whoever moved it', () => {
    const [, received] = entriesOf(
      event('inventory.item.changed', { item, movement: null }),
      event('inventory.item.changed', { item: { ...item, quantity: 14 }, movement }),
    );
    expect(received).toMatchObject({
      action: 'received',
      summary: 'Received 12: new shipment',
      actor: { id: 7, name: 'Tess Tech' },
      changes: [
        { field: 'Quantity', from: '2', to: '14', redacted: false },
        { field: 'Reason', from: null, to: 'new shipment', redacted: false },
      ],
    });
  });

  it('names the other movements: a count, a write-off, an install', () => {
    const of = (type: string, change: number, reason: string | null) =>
      entriesOf(
        event('inventory.item.changed', {
          item,
          movement: { ...movement, type, quantityChange: change, newQuantity: 2 + change, reason },
        }),
      )[0];
    expect(of('correct', -1, 'Shelf count')).toMatchObject({
      action: 'count corrected',
      summary: 'Count corrected to 1: Shelf count',
    });
    expect(of('write_off', -1, 'Cracked')).toMatchObject({
      action: 'written off',
      summary: 'Written off 1: Cracked',
    });
    expect(of('battery_installed', -1, null)).toMatchObject({
      action: 'installed',
      summary: 'Installed 1',
    });
  });

  it('records creation, then an edit by its fields, and nothing for no visible change', () => {
    const [created, edited, same] = replay(
      event('inventory.item.changed', { item, movement: null }),
      event('inventory.item.changed', { item: { ...item, unitCost: 155.5 }, movement: null }),
      event('inventory.item.changed', { item: { ...item, unitCost: 155.5 }, movement: null }),
    );
    expect(created.entries[0]).toMatchObject({ action: 'created', summary: 'Added: AGM 48' });
    expect(edited.entries[0]).toMatchObject({
      action: 'edited',
      changes: [{ field: 'Unit cost', from: '$150.00', to: '$155.50', redacted: false }],
    });
    expect(same.entries).toEqual([]);
  });

  it('records removal, and nothing for a service record', () => {
    expect(entriesOf(event('inventory.item.removed', { itemId: 3 }))).toMatchObject([
      { entity: 'item', entityId: 3, action: 'removed' },
    ]);
    // What the record holds does not matter: no service record is recorded.
    const record = {
      ...event('inventory.item.removed', { itemId: 3 }),
      type: 'inventory.service-record.created',
      payload: { serviceRecord: { id: 1, appointmentId: 11 } },
    } as unknown as AuditedEvent;
    expect(subjectsOf(record)).toEqual([]);
    expect(auditOutcome(record, new Map())).toEqual({ entries: [], states: [] });
  });
});
