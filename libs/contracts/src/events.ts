import { z } from 'zod';
import { invoicePaymentSchema, invoiceSchema, priceListSchema } from './billing/api';
import { customerSchema } from './booking/api';
import { bookedBatterySchema, fitmentSchema } from './booking/fitment-api';
import { SOCKET_EVENTS } from './constants';
import { geoPointSchema, prioritySchema } from './common';
import {
  dashboardAppointmentSchema,
  dashboardStatsSchema,
  dispatchSettingsSchema,
  queueSchema,
  scheduleFactsSchema,
} from './dispatch/api';
import { batteryTestSchema } from './dispatch/battery-tests';
import { ACCOUNT_ACTIONS } from './identity/account';
import { userFactsSchema, userLocationSchema } from './identity/api';
import { inventoryItemSchema, serviceRecordSchema } from './inventory/api';
import { stockMovementSchema } from './inventory/movements';

/** Every dispatch appointment event carries the whole board view, so a push needs no refetch. */
const boardView = z.object({ appointment: dashboardAppointmentSchema });

/**
 * Domain event payloads, by event type (`<service>.<entity>.<past-tense-verb>`).
 * WIRE CONTRACT: stored in JetStream and in other services' inboxes. Do not rename; add a new
 * version instead of changing a payload incompatibly.
 */
export const EVENT_PAYLOADS = {
  'booking.appointment.requested': z.object({
    appointmentId: z.number().int(),
    customerId: z.number().int(),
    /** Events stored before references and emails were carried read as null. */
    reference: z.string().nullable().default(null),
    customer: z.object({
      name: z.string(),
      phone: z.string(),
      email: z.string().nullable().default(null),
    }),
    location: z.string(),
    customerLocation: geoPointSchema.nullable(),
    vehicle: z.string().nullable(),
    preferredTime: z.string().nullable(),
    scheduledDate: z.string().nullable(),
    scheduledTime: z.string().nullable(),
    scheduledStartTime: z.string().nullable(),
    notes: z.string().nullable(),
    priority: prioritySchema,
    requestedAt: z.string(),
    /** The battery its vehicle takes (issue 37); null: check fitment (and events from before). */
    battery: bookedBatterySchema.nullable().default(null),
  }),
  /**
   * The visit moved to another hour: the customer from its page, or staff (the envelope's actor)
   * from the Day View. Booking held the new hour and let the old one go in the same transaction.
   */
  'booking.appointment.rescheduled': z.object({
    appointmentId: z.number().int(),
    preferredTime: z.string(),
    scheduledDate: z.string(),
    scheduledTime: z.string(),
    scheduledStartTime: z.string(),
  }),
  /** A customer's details changed: every copy updates its own. */
  'booking.customer.updated': z.object({ customer: customerSchema }),
  /** A customer was deleted: every copy removes their personal data. */
  'booking.customer.deleted': z.object({ customerId: z.number().int() }),
  /** An admin added (no `previous`), edited or removed (no `fitment`) a fitment row: audited. */
  'booking.fitment.changed': z.object({
    previous: fitmentSchema.nullable(),
    fitment: fitmentSchema.nullable(),
  }),
  /** The board gained an appointment (pending). */
  'dispatch.appointment.opened': boardView,
  /** The customer cancelled it from their booking's page, before the technician set out. */
  'dispatch.appointment.cancelled': boardView,
  /** A dispatcher gave it to a technician (or to another one): status assigned, named. */
  'dispatch.appointment.assigned': boardView,
  /** Back in the open pool: a dispatcher took it back, or the technician handed it back (`handBack`). */
  'dispatch.appointment.unassigned': boardView,
  /** A technician took it (the view names them). */
  'dispatch.appointment.accepted': boardView,
  /** The technician is on the way (en_route). */
  'dispatch.appointment.departed': boardView,
  /** The technician is at the customer (on_location). */
  'dispatch.appointment.arrived': boardView,
  /** Inventory recorded the service; the job is done. */
  'dispatch.appointment.completed': boardView,
  /** Ended without service; booking gives the hour back. */
  'dispatch.appointment.declined': boardView,
  /** A battery test was recorded on the job (before the completion that carries it to the record). */
  'dispatch.battery-test.recorded': z.object({ test: batteryTestSchema }),
  /** The customer's details on the job changed (edited, or removed with the customer). */
  'dispatch.appointment.updated': boardView,
  /** A technician's weekly pattern or a date's shifts changed (an empty schedule: not a technician). */
  'dispatch.schedule.changed': z.object({
    schedule: scheduleFactsSchema,
    /**
     * The technician's schedule's number, one more at each change: a copy applies only a newer
     * one, as two of them may arrive in either order (two relays, two consumers). Absent from
     * events stored before it.
     */
    version: z.number().int().positive().optional(),
  }),
  /** The business's dispatch settings changed (auto-dispatch on or off). */
  'dispatch.settings.changed': z.object({ settings: dispatchSettingsSchema }),
  /** The ASAP queue after a change: every waiting request with its position and wait. */
  'dispatch.queue.updated': z.object({ queue: queueSchema }),
  /** Today's counts after a change (Cincinnati's day). */
  'dispatch.stats.updated': z.object({ date: z.string(), stats: dashboardStatsSchema }),
  'identity.user.created': z.object({ user: userFactsSchema }),
  'identity.user.updated': z.object({
    user: userFactsSchema,
    /** The password was set anew (never the password itself: the audit says only that it changed). */
    passwordChanged: z.boolean().default(false),
  }),
  'identity.user.deleted': z.object({ userId: z.number().int() }),
  /**
   * The user's sessions were ended (deleted, demoted, new password, signed out elsewhere):
   * gateways drop their sockets; with `digests`, only those sessions' (SHA-256 of their tokens).
   */
  'identity.user.sessions-ended': z.object({
    userId: z.number().int(),
    digests: z.array(z.string()).optional(),
  }),
  /**
   * What happened to a staff account's sign-in (issue 38), for the audit log: never a code, a
   * password or a link. `detail` says the device, the method or the invited address.
   */
  'identity.user.security': z.object({
    userId: z.number().int(),
    action: z.enum(ACCOUNT_ACTIONS),
    detail: z.string().max(300).default(''),
  }),
  /** Online status or position changed: the user as the map shows them. */
  'identity.user.presence-changed': z.object({ user: userLocationSchema }),
  /** A job was completed with this record (and, for a battery, one unit of stock). */
  'inventory.service-record.created': z.object({ serviceRecord: serviceRecordSchema }),
  /** An item's stock or details changed; `movement` is the stock movement that did it, if one did. */
  'inventory.item.changed': z.object({
    item: inventoryItemSchema,
    movement: stockMovementSchema.nullable().default(null),
  }),
  /** An item left the list (retired or erased). */
  'inventory.item.removed': z.object({ itemId: z.number().int() }),
  /** Batteries sold on one day (Cincinnati's), after a sale. */
  'inventory.sales.updated': z.object({ date: z.string(), batteriesSold: z.number().int() }),
  /** A completed job was billed: its invoice as issued (issue 36). */
  'billing.invoice.issued': z.object({ invoice: invoiceSchema }),
  /** Cash or a check was taken for an invoice: the payment, and the invoice as it now is. */
  'billing.payment.recorded': z.object({ invoice: invoiceSchema, payment: invoicePaymentSchema }),
  /** A card payment link was made for what an invoice still owes: the customer is sent it. */
  'billing.payment-link.created': z.object({
    invoiceId: z.number().int(),
    number: z.string(),
    appointmentId: z.number().int(),
    customerId: z.number().int(),
    url: z.string(),
    amountCents: z.number().int(),
  }),
  /** The provider reported a card payment that does not match the invoice: not counted as paid. */
  'billing.payment.flagged': z.object({ invoice: invoiceSchema, reason: z.string() }),
  /** Part or all of a payment was given back: the refund (negative), and the invoice as it now is. */
  'billing.refund.recorded': z.object({ invoice: invoiceSchema, refund: invoicePaymentSchema }),
  /** An admin changed the price list: it as it was and as it is now (the audit log). */
  'billing.price-list.changed': z.object({ previous: priceListSchema, priceList: priceListSchema }),
} as const;

export type EventType = keyof typeof EVENT_PAYLOADS;
export type EventPayload<T extends EventType> = z.infer<(typeof EVENT_PAYLOADS)[T]>;
export const EVENT_TYPES = Object.keys(EVENT_PAYLOADS) as EventType[];

/** A consumer follows one event type, or every type under a prefix (`dispatch.appointment.>`). */
export type EventFilter = EventType | `${string}.>`;
export type EventsMatching<F extends EventFilter> = F extends `${infer P}.>`
  ? Extract<EventType, `${P}.${string}`>
  : Extract<EventType, F>;

export function matchesFilter(type: string, filter: EventFilter): type is EventType {
  if (!(type in EVENT_PAYLOADS)) return false;
  return filter.endsWith('.>') ? type.startsWith(filter.slice(0, -1)) : type === filter;
}

export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  version: z.number().int().positive(),
  occurredAt: z.string(),
  correlationId: z.string(),
  /**
   * The signed-in user whose request caused the event (the gateway's session, carried through
   * RPCs and the consumers that follow on); null for a customer's or the system's own doing.
   */
  actorId: z.number().int().nullable().default(null),
  /**
   * The W3C `traceparent` of the work that emitted the event, when tracing is on: a consumer's
   * span continues that trace. Optional: events stored before it, or with tracing off, have none.
   */
  traceParent: z.string().optional(),
  payload: z.unknown(),
});
/** One envelope per type, so a handler of several types narrows the payload by `event.type`. */
export type EventEnvelope<T extends EventType = EventType> = T extends EventType
  ? Omit<z.infer<typeof eventEnvelopeSchema>, 'type' | 'payload'> & {
      type: T;
      payload: EventPayload<T>;
    }
  : never;

export const boardChangedSchema = z.object({
  /** The dispatch event behind the change (`dispatch.appointment.assigned`, ...). */
  type: z.string(),
  appointment: dashboardAppointmentSchema,
});
export type BoardChanged = z.infer<typeof boardChangedSchema>;

/**
 * What signed-in staff hear over socket.io's main namespace, each message declared once: who
 * hears it, when, and its payload. The gateway pushes them; the web app reads them; the AsyncAPI
 * document at /api/asyncapi.json is drawn from this map.
 */
export const SOCKET_MESSAGES = {
  'board.changed': {
    schema: boardChangedSchema,
    audience: 'every staff role',
    summary:
      "A job on the board changed (opened, assigned, accepted, on the way, arrived, completed, declined, cancelled, moved). A technician gets the phone of another technician's customer hidden.",
  },
  'stats.changed': {
    schema: EVENT_PAYLOADS['dispatch.stats.updated'],
    audience: 'every staff role',
    summary: "The day's counts on the dashboard changed.",
  },
  'sales.changed': {
    schema: EVENT_PAYLOADS['inventory.sales.updated'],
    audience: 'every staff role',
    summary: 'The batteries sold on a day changed (a completion with a battery).',
  },
  'team.changed': {
    schema: EVENT_PAYLOADS['identity.user.presence-changed'],
    audience: 'every staff role',
    summary:
      'A technician came online, went offline or moved. Only admins and the technician themself hear the position.',
  },
  'inventory.changed': {
    schema: EVENT_PAYLOADS['inventory.item.changed'],
    audience: 'every staff role',
    summary: 'An inventory item was added or changed, or its stock moved.',
  },
  'inventory.removed': {
    schema: EVENT_PAYLOADS['inventory.item.removed'],
    audience: 'every staff role',
    summary: 'An inventory item was deleted.',
  },
  'queue.changed': {
    schema: EVENT_PAYLOADS['dispatch.queue.updated'],
    audience: 'admins',
    summary: 'The ASAP queue changed: its order, estimates or length.',
  },
  'schedule.changed': {
    schema: EVENT_PAYLOADS['dispatch.schedule.changed'],
    audience: 'admins',
    summary: "A technician's weekly shifts or a date exception changed.",
  },
  'settings.changed': {
    schema: EVENT_PAYLOADS['dispatch.settings.changed'],
    audience: 'every staff role',
    summary: 'The dispatch settings changed (auto-dispatch on or off).',
  },
} as const satisfies Record<
  (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS],
  { schema: z.ZodType; audience: 'every staff role' | 'admins'; summary: string }
>;
export type SocketPayloads = {
  [K in keyof typeof SOCKET_MESSAGES]: z.infer<(typeof SOCKET_MESSAGES)[K]['schema']>;
};
