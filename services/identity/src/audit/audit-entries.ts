import {
  APPOINTMENT_STATUS_LABELS,
  AppointmentStatus,
  AuditChange,
  AuditEntity,
  ConsumerEvent,
  DashboardAppointment,
  DateShifts,
  EventEnvelope,
  InventoryItem,
  Priority,
  UserFacts,
  WeeklyShift,
  bookedHourLabel,
  businessDate,
  formatPhone,
  stockMovementLabel,
} from '@cincy/contracts';
import {
  PRIORITY_LABELS,
  ROLE_LABELS,
  dayLabel,
  exceptionLabel,
  moneyLabel,
  visitLabel,
  weeklyLabel,
} from './audit-format';

/** Every event the four audit consumers deliver. */
export type AuditedEvent = EventEnvelope<
  | ConsumerEvent<'identity-audit-booking'>
  | ConsumerEvent<'identity-audit-dispatch'>
  | ConsumerEvent<'identity-audit-schedules'>
  | ConsumerEvent<'identity-audit-identity'>
  | ConsumerEvent<'identity-audit-inventory'>
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

const NOTHING: AuditOutcome = { entries: [], states: [] };

/** The things an event may concern, so their states can be read before `auditOutcome`. */
export function subjectsOf(event: AuditedEvent): SubjectKey[] {
  switch (event.type) {
    case 'booking.appointment.requested':
      return [
        { entity: 'appointment', entityId: event.payload.appointmentId },
        { entity: 'customer', entityId: event.payload.customerId },
      ];
    case 'booking.appointment.rescheduled':
      return [{ entity: 'appointment', entityId: event.payload.appointmentId }];
    case 'booking.customer.updated':
      return [{ entity: 'customer', entityId: event.payload.customer.id }];
    case 'booking.customer.deleted':
      return [{ entity: 'customer', entityId: event.payload.customerId }];
    case 'dispatch.schedule.changed':
      return [{ entity: 'user', entityId: event.payload.schedule.technicianId }];
    case 'identity.user.created':
    case 'identity.user.updated':
      return [{ entity: 'user', entityId: event.payload.user.id }];
    case 'identity.user.deleted':
      return [{ entity: 'user', entityId: event.payload.userId }];
    case 'inventory.item.changed':
      return [{ entity: 'item', entityId: event.payload.item.id }];
    case 'inventory.item.removed':
      return [{ entity: 'item', entityId: event.payload.itemId }];
    default:
      if (event.type.startsWith('dispatch.appointment.'))
        return [
          {
            entity: 'appointment',
            entityId: (event.payload as { appointment: DashboardAppointment }).appointment.id,
          },
        ];
      return [];
  }
}

/**
 * What an event records: its entries (normally one) and the states it leaves. Pure: the same
 * event and states give the same outcome, so a redelivery can never record something else.
 */
export function auditOutcome(event: AuditedEvent, snapshots: Snapshots): AuditOutcome {
  const before = <E extends AuditEntity>(entity: E, entityId: number) =>
    snapshots.get(subjectKey({ entity, entityId })) as SubjectStates[E] | undefined;
  switch (event.type) {
    case 'booking.appointment.requested': {
      const p = event.payload;
      const seen = before('appointment', p.appointmentId);
      const seed: AppointmentState = {
        customerId: p.customerId,
        status: 'pending',
        technician: null,
        priority: p.priority,
        scheduledDate: p.scheduledDate,
        scheduledTime: p.scheduledTime,
        customerName: p.customer.name,
        customerPhone: p.customer.phone,
        location: p.location,
        notes: p.notes,
        vehicle: p.vehicle,
        version: 0,
      };
      return {
        entries: [
          {
            entity: 'appointment',
            entityId: p.appointmentId,
            customerId: p.customerId,
            action: 'booked',
            summary: p.scheduledDate ? `Booked for ${visitLabel(p)}` : 'Booked (ASAP)',
            changes: [
              added('Scheduled', visitLabel(p)),
              ...(p.vehicle ? [added('Vehicle', p.vehicle)] : []),
            ],
          },
        ],
        states: [
          // The board may have spoken first (another stream): its state is the newer one.
          { entity: 'appointment', entityId: p.appointmentId, state: seen ?? seed },
          { entity: 'customer', entityId: p.customerId, state: { ...p.customer } },
        ],
      };
    }
    case 'booking.appointment.rescheduled': {
      const p = event.payload;
      const seen = before('appointment', p.appointmentId);
      const to = visitLabel(p);
      const entry: DraftEntry = {
        entity: 'appointment',
        entityId: p.appointmentId,
        customerId: seen?.customerId ?? null,
        action: 'rescheduled',
        summary: seen
          ? `Moved from ${movedLabel(seen)} to ${movedLabel(p)}`
          : `Moved to ${movedLabel(p)}`,
        changes: [change('Scheduled', seen ? visitLabel(seen) : null, to)],
      };
      if (!seen) return { entries: [entry], states: [] };
      const state = { ...seen, scheduledDate: p.scheduledDate, scheduledTime: p.scheduledTime };
      return { entries: [entry], states: [{ ...key(entry), state }] };
    }
    case 'booking.customer.updated': {
      const { id, ...now } = event.payload.customer;
      const seen = before('customer', id);
      const changes = diff(CUSTOMER_FIELDS, seen, now);
      const state = { entity: 'customer' as const, entityId: id, state: now };
      if (!changes.length) return { entries: [], states: [state] };
      return {
        entries: [
          {
            ...key(state),
            customerId: id,
            action: 'edited',
            summary: `Edited: ${changes.map((c) => c.field).join(', ')}`,
            changes,
          },
        ],
        states: [state],
      };
    }
    case 'booking.customer.deleted': {
      const { customerId } = event.payload;
      return {
        entries: [
          {
            entity: 'customer',
            entityId: customerId,
            customerId,
            action: 'deleted',
            summary: 'Deleted with their personal data',
            changes: [],
          },
        ],
        states: [{ entity: 'customer', entityId: customerId, state: null }],
        eraseCustomer: customerId,
      };
    }
    case 'dispatch.appointment.opened':
    case 'dispatch.appointment.assigned':
    case 'dispatch.appointment.unassigned':
    case 'dispatch.appointment.accepted':
    case 'dispatch.appointment.departed':
    case 'dispatch.appointment.arrived':
    case 'dispatch.appointment.completed':
    case 'dispatch.appointment.declined':
    case 'dispatch.appointment.cancelled':
    case 'dispatch.appointment.updated':
      return appointmentOutcome(
        event.type,
        event.payload.appointment,
        before('appointment', event.payload.appointment.id),
        event.actorId !== null,
      );
    case 'dispatch.schedule.changed': {
      const { technicianId, weekly, exceptions } = event.payload.schedule;
      const seen = before('user', technicianId);
      const changes = scheduleChanges(
        seen?.schedule,
        { weekly, exceptions },
        businessDate(new Date(event.occurredAt)),
      );
      const state = {
        entity: 'user' as const,
        entityId: technicianId,
        state: { ...seen, schedule: { weekly, exceptions } } satisfies UserState,
      };
      if (!changes.length) return { entries: [], states: [state] };
      return {
        entries: [
          {
            ...key(state),
            customerId: null,
            action: 'shifts changed',
            summary: 'Shifts changed',
            changes,
          },
        ],
        states: [state],
      };
    }
    case 'identity.user.created':
    case 'identity.user.updated': {
      const { id, ...facts } = event.payload.user;
      const seen = before('user', id);
      const created = event.type === 'identity.user.created';
      const changes = diff(USER_FIELDS, created ? undefined : seen?.facts, facts);
      const passwordChanged =
        event.type === 'identity.user.updated' && event.payload.passwordChanged;
      // That the password changed is recorded; never a value.
      if (passwordChanged)
        changes.push({ field: 'Password', from: null, to: null, redacted: false });
      const state = {
        entity: 'user' as const,
        entityId: id,
        state: { ...seen, facts } satisfies UserState,
      };
      if (!changes.length) return { entries: [], states: [state] };
      const roleChanged = !created && !!seen?.facts && seen.facts.role !== facts.role;
      return {
        entries: [
          {
            ...key(state),
            customerId: null,
            action: created ? 'created' : roleChanged ? 'role changed' : 'edited',
            summary: created
              ? `Created as ${ROLE_LABELS[facts.role]}`
              : roleChanged
                ? `Role changed to ${ROLE_LABELS[facts.role]}`
                : changes.length === 1 && passwordChanged
                  ? 'Password changed'
                  : `Edited: ${changes.map((c) => c.field).join(', ')}`,
            changes,
          },
        ],
        states: [state],
      };
    }
    case 'identity.user.deleted':
      return {
        entries: [
          {
            entity: 'user',
            entityId: event.payload.userId,
            customerId: null,
            action: 'deleted',
            summary: 'Deleted',
            changes: [],
          },
        ],
        states: [],
      };
    case 'inventory.item.changed':
      return itemOutcome(event.payload, before('item', event.payload.item.id));
    case 'inventory.item.removed':
      return {
        entries: [
          {
            entity: 'item',
            entityId: event.payload.itemId,
            customerId: null,
            action: 'removed',
            summary: 'Removed from the list',
            changes: [],
          },
        ],
        states: [],
      };
    default:
      // Service records (the completion is the appointment's), settings, queue and stats.
      return NOTHING;
  }
}

/** What each board event is called in the drawer, before its details. */
const APPOINTMENT_ACTIONS = {
  'dispatch.appointment.opened': 'opened',
  'dispatch.appointment.assigned': 'assigned',
  'dispatch.appointment.unassigned': 'unassigned',
  'dispatch.appointment.accepted': 'accepted',
  'dispatch.appointment.departed': 'departed',
  'dispatch.appointment.arrived': 'arrived',
  'dispatch.appointment.completed': 'completed',
  'dispatch.appointment.declined': 'declined',
  'dispatch.appointment.cancelled': 'cancelled',
  'dispatch.appointment.updated': 'updated',
} as const;

function appointmentSummary(
  type: keyof typeof APPOINTMENT_ACTIONS,
  view: DashboardAppointment,
  byStaff: boolean,
): string {
  const technician = view.technician?.name;
  switch (type) {
    case 'dispatch.appointment.assigned':
      return technician ? `Assigned to ${technician}` : 'Assigned';
    case 'dispatch.appointment.unassigned':
      return view.handBack ? `Handed back: ${view.handBack.reason}` : 'Unassigned';
    case 'dispatch.appointment.accepted':
      return 'Accepted'; // by the technician, whom the entry names as its actor
    case 'dispatch.appointment.departed':
      return 'On the way';
    case 'dispatch.appointment.arrived':
      return 'On location';
    case 'dispatch.appointment.completed':
      return 'Completed';
    case 'dispatch.appointment.declined':
      return 'Declined';
    case 'dispatch.appointment.cancelled':
      // The customer's page has no signed-in user; staff cancelling for them are the actor.
      return byStaff ? 'Cancelled by staff' : 'Cancelled by the customer';
    case 'dispatch.appointment.updated':
      return 'Customer details changed';
    case 'dispatch.appointment.opened':
      return 'On the board';
  }
}

const toAppointmentState = (view: DashboardAppointment): AppointmentState => ({
  customerId: view.customerId,
  status: view.status,
  technician: view.technician?.name ?? null,
  priority: view.priority,
  scheduledDate: view.scheduledDate,
  scheduledTime: view.scheduledTime,
  customerName: view.customer.name,
  customerPhone: view.customer.phone,
  location: view.location,
  notes: view.notes,
  vehicle: view.vehicle,
  version: view.version,
});

/** The board's changes a step records: where it stands and who has it. */
const STEP_FIELDS: FieldList<AppointmentState> = [
  ['Status', (s) => APPOINTMENT_STATUS_LABELS[s.status]],
  ['Technician', (s) => s.technician],
  ['Priority', (s) => PRIORITY_LABELS[s.priority]],
];
/** The customer's details on the job (what `updated` is about); the first four are personal. */
const DETAIL_FIELDS: FieldList<AppointmentState> = [
  ['Customer name', (s) => s.customerName],
  ['Customer phone', (s) => (s.customerPhone ? formatPhone(s.customerPhone) : s.customerPhone)],
  ['Location', (s) => s.location],
  ['Notes', (s) => s.notes],
  ['Vehicle', (s) => s.vehicle],
];

function appointmentOutcome(
  type: keyof typeof APPOINTMENT_ACTIONS,
  view: DashboardAppointment,
  seen: AppointmentState | undefined,
  byStaff: boolean,
): AuditOutcome {
  // The hour is booking's to say ('booked', 'rescheduled'): the board's copy of it may come first.
  const now = {
    ...toAppointmentState(view),
    ...(seen ? { scheduledDate: seen.scheduledDate, scheduledTime: seen.scheduledTime } : {}),
  };
  // A late redelivery of an older view must not roll the state back; its step is still recorded.
  const late = !!seen && view.version < seen.version;
  const state = late ? [] : [{ entity: 'appointment' as const, entityId: view.id, state: now }];
  // 'booked' said it already; the board taking it in is no change anyone made.
  if (type === 'dispatch.appointment.opened') return { entries: [], states: state };
  // A moved hour is recorded once, by booking's 'rescheduled'; here only the customer's details.
  const changes = late
    ? []
    : type === 'dispatch.appointment.updated'
      ? diff(DETAIL_FIELDS, seen, now)
      : diff(STEP_FIELDS, seen, now);
  if (type === 'dispatch.appointment.updated' && !changes.length)
    return { entries: [], states: state };
  return {
    entries: [
      {
        entity: 'appointment',
        entityId: view.id,
        customerId: view.customerId,
        action: APPOINTMENT_ACTIONS[type],
        summary: appointmentSummary(type, view, byStaff),
        changes,
      },
    ],
    states: state,
  };
}

const CUSTOMER_FIELDS: FieldList<CustomerState> = [
  ['Name', (s) => s.name],
  ['Phone', (s) => formatPhone(s.phone)],
  ['Email', (s) => s.email],
];

const USER_FIELDS: FieldList<Omit<UserFacts, 'id'>> = [
  ['Name', (s) => s.name],
  ['Username', (s) => s.username],
  ['Role', (s) => ROLE_LABELS[s.role]],
  ['Employee ID', (s) => s.employeeId],
];

const ITEM_FIELDS: FieldList<ItemState> = [
  ['Name', (s) => s.name],
  ['Description', (s) => s.description],
  ['SKU', (s) => s.sku],
  ['Category', (s) => s.category],
  ['Min quantity', (s) => String(s.minQuantity)],
  ['Unit cost', (s) => moneyLabel(s.unitCost)],
  ['Notes', (s) => s.notes],
];
const QUANTITY: FieldList<ItemState> = [['Quantity', (s) => String(s.quantity)]];

/** The actions a stock movement's type records (the rest by their drawer label). */
const MOVEMENT_ACTIONS: Record<string, string> = {
  receive: 'received',
  correct: 'count corrected',
  adjusted: 'count corrected',
  write_off: 'written off',
  battery_installed: 'installed',
  warranty_replacement: 'installed',
};

function itemOutcome(
  { item, movement }: ConsumerEventPayload<'inventory.item.changed'>,
  seen: ItemState | undefined,
): AuditOutcome {
  const { id, ...now } = item;
  const state = [{ entity: 'item' as const, entityId: id, state: now }];
  if (movement) {
    const moved = Math.abs(movement.quantityChange);
    const label = stockMovementLabel(movement.type);
    const summary =
      movement.type === 'correct' || movement.type === 'adjusted'
        ? `${label} to ${movement.newQuantity}`
        : `${label} ${moved}`;
    return {
      entries: [
        {
          entity: 'item',
          entityId: id,
          customerId: null,
          action: MOVEMENT_ACTIONS[movement.type] ?? label.toLowerCase(),
          summary: movement.reason ? `${summary}: ${movement.reason}` : summary,
          changes: [
            change('Quantity', String(movement.previousQuantity), String(movement.newQuantity)),
            ...(movement.reason ? [added('Reason', movement.reason)] : []),
            // The Edit Item dialog may change details with the count.
            ...(seen ? diff(ITEM_FIELDS, seen, now) : []),
          ],
          // The movement names who moved the stock; the envelope may only know the request.
          ...(movement.userId !== null || movement.userName !== null
            ? { actor: { id: movement.userId, name: movement.userName ?? 'System' } }
            : {}),
        },
      ],
      states: state,
    };
  }
  const changes = diff([...ITEM_FIELDS, ...QUANTITY], seen, now);
  if (!changes.length) return { entries: [], states: state };
  return {
    entries: [
      {
        entity: 'item',
        entityId: id,
        customerId: null,
        action: seen ? 'edited' : 'created',
        summary: seen ? `Edited: ${changes.map((c) => c.field).join(', ')}` : `Added: ${now.name}`,
        changes,
      },
    ],
    states: state,
  };
}

type ConsumerEventPayload<T extends AuditedEvent['type']> = Extract<
  AuditedEvent,
  { type: T }
>['payload'];

/** A schedule's changes: the weekly pattern, and each date from today on that changed. */
function scheduleChanges(
  seen: UserState['schedule'],
  now: NonNullable<UserState['schedule']>,
  today: string,
): AuditChange[] {
  const changes: AuditChange[] = [];
  const weeklyBefore = seen ? weeklyLabel(seen.weekly) : null;
  const weeklyNow = weeklyLabel(now.weekly);
  if (weeklyBefore !== weeklyNow) changes.push(change('Weekly pattern', weeklyBefore, weeklyNow));
  // A date that slipped into the past leaves the facts: that is no change anyone made.
  const dates = new Set(
    [...(seen?.exceptions ?? []), ...now.exceptions].map((e) => e.date).filter((d) => d >= today),
  );
  for (const date of [...dates].sort()) {
    const from = seen ? exceptionLabel(seen.exceptions.find((e) => e.date === date)) : null;
    const to = exceptionLabel(now.exceptions.find((e) => e.date === date));
    if (from !== to) changes.push(change(dayLabel(date), from, to));
  }
  return changes;
}

type FieldList<S> = readonly (readonly [field: string, read: (state: S) => string | null])[];

/**
 * The fields that differ between two states, in words; a thing never seen before lists its
 * values as to-values only (nothing was known of it), leaving out the empty ones.
 */
function diff<S>(fields: FieldList<S>, before: S | undefined, after: S): AuditChange[] {
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

const change = (field: string, from: string | null, to: string | null): AuditChange => ({
  field,
  from,
  to,
  redacted: false,
});
const added = (field: string, to: string): AuditChange => change(field, null, to);
const key = ({ entity, entityId }: SubjectKey): SubjectKey => ({ entity, entityId });

/** A visit's hour as its customer's messages say it ('Sun, Nov 29 at 10 AM'), or 'ASAP'. */
const movedLabel = (v: { scheduledDate: string | null; scheduledTime: string | null }): string =>
  v.scheduledDate ? bookedHourLabel(v.scheduledDate, v.scheduledTime) : 'ASAP';

/** Who an event with no signed-in user came from: the customer's own steps, else the system. */
const CUSTOMER_EVENTS: readonly string[] = [
  'booking.appointment.requested',
  'booking.appointment.rescheduled',
  'dispatch.appointment.cancelled',
];
export const anonymousActorName = (type: string): string =>
  CUSTOMER_EVENTS.includes(type) ? 'Customer' : 'System';
