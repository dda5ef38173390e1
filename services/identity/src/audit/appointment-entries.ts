import {
  APPOINTMENT_STATUS_LABELS,
  DashboardAppointment,
  bookedHourLabel,
  formatPhone,
} from '@cincy/contracts';
import {
  AppointmentState,
  AuditOutcome,
  DraftEntry,
  EntryRule,
  EntryRules,
  EventOf,
  FieldList,
  added,
  change,
  diff,
  key,
} from './audit-common';
import { PRIORITY_LABELS, visitLabel } from './audit-format';

/** A board event: the appointment's view as dispatch shows it after a step. */
const step: EntryRule<EventOf<keyof typeof APPOINTMENT_ACTIONS>> = {
  subjects: (event) => [{ entity: 'appointment', entityId: event.payload.appointment.id }],
  outcome: (event, before) =>
    appointmentOutcome(
      event.type,
      event.payload.appointment,
      before('appointment', event.payload.appointment.id),
      event.actorId !== null,
    ),
};

/** What booking and the board record of an appointment. */
export const appointmentEntries: EntryRules = {
  'booking.appointment.requested': {
    subjects: (event) => [
      { entity: 'appointment', entityId: event.payload.appointmentId },
      { entity: 'customer', entityId: event.payload.customerId },
    ],
    outcome: (event, before) => {
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
    },
  },
  'booking.appointment.rescheduled': {
    subjects: (event) => [{ entity: 'appointment', entityId: event.payload.appointmentId }],
    outcome: (event, before) => {
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
    },
  },
  'dispatch.appointment.opened': step,
  'dispatch.appointment.assigned': step,
  'dispatch.appointment.unassigned': step,
  'dispatch.appointment.accepted': step,
  'dispatch.appointment.departed': step,
  'dispatch.appointment.arrived': step,
  'dispatch.appointment.completed': step,
  'dispatch.appointment.declined': step,
  'dispatch.appointment.cancelled': step,
  'dispatch.appointment.updated': step,
};

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
  // Why it was cancelled: the customer's or the office's words (personal: erased with them).
  if (type === 'dispatch.appointment.cancelled' && view.cancelReason)
    changes.push(added('Reason', view.cancelReason));
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

/** A visit's hour as its customer's messages say it ('Sun, Nov 29 at 10 AM'), or 'ASAP'. */
const movedLabel = (v: { scheduledDate: string | null; scheduledTime: string | null }): string =>
  v.scheduledDate ? bookedHourLabel(v.scheduledDate, v.scheduledTime) : 'ASAP';
