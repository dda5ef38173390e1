import { redactChanges } from './audit-redaction';
import { AuditedEvent, anonymousActorName } from './audit-entries';
import { booked, entriesOf, event, replay, view, worked } from './audit-spec-support';

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

  it("records a cancellation's reason among its changes, as a personal field", () => {
    const [, cancelled] = entriesOf(
      booked(),
      event('dispatch.appointment.cancelled', {
        appointment: view({
          status: 'cancelled',
          version: 2,
          cancelReason: 'Car started after all',
        }),
      }),
    );
    expect(cancelled.changes).toContainEqual({
      field: 'Reason',
      from: null,
      to: 'Car started after all',
      redacted: false,
    });
    expect(redactChanges('appointment', cancelled.changes)).toContainEqual({
      field: 'Reason',
      from: null,
      to: null,
      redacted: true,
    });
  });

  it('names the customer as the actor of their own steps, the system otherwise', () => {
    expect(anonymousActorName('booking.appointment.requested')).toBe('Customer');
    expect(anonymousActorName('booking.appointment.rescheduled')).toBe('Customer');
    expect(anonymousActorName('dispatch.appointment.cancelled')).toBe('Customer');
    expect(anonymousActorName('dispatch.appointment.declined')).toBe('System');
  });
});
