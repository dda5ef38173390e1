// What the per-entity audit specs share: events as the service receives them, replayed in order.
import { EVENT_PAYLOADS, EventPayload, EventType } from '@cincy/contracts';
import { TEST_ACTORS, boardView, requestedPayload } from '@cincy/platform/testing';
import { AuditOutcome, AuditedEvent, Snapshots, auditOutcome, subjectKey } from './audit-entries';

type Audited = AuditedEvent['type'];

export const event = <T extends Audited & EventType>(
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
export function replay(...events: AuditedEvent[]): AuditOutcome[] {
  const states = new Map<string, unknown>();
  return events.map((e) => {
    const outcome = auditOutcome(e, states as Snapshots);
    for (const s of outcome.states)
      if (s.state === null) states.delete(subjectKey(s));
      else states.set(subjectKey(s), s.state);
    return outcome;
  });
}
export const entriesOf = (...events: AuditedEvent[]) => replay(...events).flatMap((o) => o.entries);

export const booked = (overrides: Partial<EventPayload<'booking.appointment.requested'>> = {}) =>
  event(
    'booking.appointment.requested',
    requestedPayload(11, 'Jane Doe', { customerId: 5, ...overrides }),
  );
export const view = (overrides: Parameters<typeof boardView>[0] = {}) =>
  boardView({
    id: 11,
    customerId: 5,
    customer: { name: 'Jane Doe', phone: '(513) 555-0100' },
    location: '1 Main St, Cincinnati, Ohio 45202',
    notes: 'Gate code 12',
    ...overrides,
  });

/** The job as Tess works it. */
export const worked = (overrides: Parameters<typeof boardView>[0]) =>
  view({
    technicianId: TEST_ACTORS.tech.id,
    technicianUsername: TEST_ACTORS.tech.username,
    technician: { name: TEST_ACTORS.tech.name },
    ...overrides,
  });
