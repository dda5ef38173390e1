import {
  AppointmentStatus,
  AuditChange,
  AuditEntity,
  ConsumerEvent,
  DateShifts,
  EventEnvelope,
  InventoryItem,
  Priority,
  UserFacts,
  WeeklyShift,
} from '@cincy/contracts';

/** Every event the four audit consumers deliver. */
export type AuditedEvent = EventEnvelope<
  | ConsumerEvent<'identity-audit-booking'>
  | ConsumerEvent<'identity-audit-dispatch'>
  | ConsumerEvent<'identity-audit-schedules'>
  | ConsumerEvent<'identity-audit-identity'>
  | ConsumerEvent<'identity-audit-inventory'>
  | ConsumerEvent<'identity-audit-billing'>
>;

// The last state seen of each thing (audit_subjects): what an event's new state is compared with.

export interface AppointmentState {
  customerId: number;
  status: AppointmentStatus;
  technician: string | null;
  priority: Priority;
  scheduledDate: string | null;
  scheduledTime: string | null;
  /** Personal: scrubbed (null) once the customer is deleted. */
  customerName: string | null;
  customerPhone: string | null;
  location: string | null;
  notes: string | null;
  vehicle: string | null;
  /** The board view's version (0 before dispatch has said anything): an older one is late. */
  version: number;
}

export interface CustomerState {
  name: string;
  phone: string;
  email: string | null;
}

/** A staff member: their facts (identity) and their shifts (dispatch), each once seen. */
export interface UserState {
  facts?: Omit<UserFacts, 'id'>;
  schedule?: { weekly: WeeklyShift[]; exceptions: DateShifts[] };
}

export type ItemState = Omit<InventoryItem, 'id'>;

export interface SubjectStates {
  appointment: AppointmentState;
  customer: CustomerState;
  user: UserState;
  item: ItemState;
  /** The price list's changes carry the list before them: no state is kept. */
  price_list: never;
  /** A fitment row's changes carry the row before them: no state is kept either. */
  fitment: never;
}

export interface SubjectKey {
  entity: AuditEntity;
  entityId: number;
}

export const subjectKey = ({ entity, entityId }: SubjectKey) => `${entity}:${entityId}`;

/** The states an event's things had before it, by `subjectKey` (absent: never seen). */
export type Snapshots = ReadonlyMap<string, unknown>;

/** An entry before it is stored: the service adds the event's id, time and actor's name. */
export interface DraftEntry extends SubjectKey {
  action: string;
  summary: string;
  changes: AuditChange[];
  /** The customer whose personal data the entry may hold (customer and appointment entries). */
  customerId: number | null;
  /** Who did it, when the event says so more precisely than its envelope (a stock movement). */
  actor?: { id: number | null; name: string };
}

/** A thing's new state; null: forget it (the thing is gone). */
export interface StateChange extends SubjectKey {
  state: unknown;
}

export interface AuditOutcome {
  entries: DraftEntry[];
  states: StateChange[];
  /** booking.customer.deleted: the customer's personal data leaves the log. */
  eraseCustomer?: number;
}

export const NOTHING: AuditOutcome = { entries: [], states: [] };

export type AuditedType = AuditedEvent['type'];
export type EventOf<T extends AuditedType> = Extract<AuditedEvent, { type: T }>;

/** The state a thing had before the event (undefined: never seen). */
export type Before = <E extends AuditEntity>(
  entity: E,
  entityId: number,
) => SubjectStates[E] | undefined;

/** What one event type means to the log: the things it concerns, and what it records. */
export interface EntryRule<E extends AuditedEvent> {
  subjects(event: E): SubjectKey[];
  outcome(event: E, before: Before): AuditOutcome;
}

/** An entity's rules by event type: the dispatcher in audit-entries.ts merges them. */
export type EntryRules = { [T in AuditedType]?: EntryRule<EventOf<T>> };

export type FieldList<S> = readonly (readonly [field: string, read: (state: S) => string | null])[];

/**
 * The fields that differ between two states, in words; a thing never seen before lists its
 * values as to-values only (nothing was known of it), leaving out the empty ones.
 */
export function diff<S>(fields: FieldList<S>, before: S | undefined, after: S): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const [field, read] of fields) {
    const to = read(after);
    if (!before) {
      if (to !== null && to !== '') changes.push(added(field, to));
      continue;
    }
    const from = read(before);
    if (from !== to) changes.push(change(field, from, to));
  }
  return changes;
}

export const change = (field: string, from: string | null, to: string | null): AuditChange => ({
  field,
  from,
  to,
  redacted: false,
});
export const added = (field: string, to: string): AuditChange => change(field, null, to);
export const key = ({ entity, entityId }: SubjectKey): SubjectKey => ({ entity, entityId });
