import { AuditEntity } from '@cincy/contracts';
import {
  AuditOutcome,
  AuditedEvent,
  EntryRule,
  NOTHING,
  SubjectKey,
  Snapshots,
  SubjectStates,
  subjectKey,
} from './audit-common';
import { appointmentEntries } from './appointment-entries';
import { customerEntries } from './customer-entries';
import { fitmentEntries } from './fitment-entries';
import { invoiceEntries } from './invoice-entries';
import { itemEntries } from './item-entries';
import { shiftEntries } from './shift-entries';
import { userEntries } from './user-entries';

export * from './audit-common';

/**
 * Each audited event type's rule, from the file of the entity it concerns: a new event for an
 * entity is added there alone. An event with none (service records, settings, queue, stats)
 * records nothing.
 */
const RULES = {
  ...appointmentEntries,
  ...customerEntries,
  ...shiftEntries,
  ...userEntries,
  ...itemEntries,
  ...invoiceEntries,
  ...fitmentEntries,
};

const ruleOf = (event: AuditedEvent) => RULES[event.type] as EntryRule<AuditedEvent> | undefined;

/** The things an event may concern, so their states can be read before `auditOutcome`. */
export const subjectsOf = (event: AuditedEvent): SubjectKey[] =>
  ruleOf(event)?.subjects(event) ?? [];

/**
 * What an event records: its entries (normally one) and the states it leaves. Pure: the same
 * event and states give the same outcome, so a redelivery can never record something else.
 */
export function auditOutcome(event: AuditedEvent, snapshots: Snapshots): AuditOutcome {
  const before = <E extends AuditEntity>(entity: E, entityId: number) =>
    snapshots.get(subjectKey({ entity, entityId })) as SubjectStates[E] | undefined;
  return ruleOf(event)?.outcome(event, before) ?? NOTHING;
}

/** Who an event with no signed-in user came from: the customer's own steps, else the system. */
const CUSTOMER_EVENTS: readonly string[] = [
  'booking.appointment.requested',
  'booking.appointment.rescheduled',
  'dispatch.appointment.cancelled',
  // Staff record cash and checks signed in: a payment without a user is the customer's card.
  'billing.payment.recorded',
];
export const anonymousActorName = (type: string): string =>
  CUSTOMER_EVENTS.includes(type) ? 'Customer' : 'System';
