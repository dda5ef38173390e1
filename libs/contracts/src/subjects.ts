import { z } from 'zod';
import {
  appointmentRequestSchema,
  bookingContactSchema,
  cancelBookingSchema,
  createdAppointmentSchema,
  findBookingSchema,
  foundBookingSchema,
  linkRequestSchema,
  linkedBookingSchema,
  rescheduleBookingSchema,
  rescheduledBookingSchema,
  trackingFactsSchema,
  customerInputSchema,
  customerListQuerySchema,
  customerSchema,
  customerSummarySchema,
  timeSlotsRequestSchema,
  timeSlotsSchema,
} from './booking/api';
import {
  assignInputSchema,
  dashboardAppointmentSchema,
  dashboardAppointmentsSchema,
  dashboardStatsSchema,
  dateShiftsInputSchema,
  dayQuerySchema,
  dayViewSchema,
  declineAnswerSchema,
  dispatchSettingsSchema,
  handBackInputSchema,
  queueSchema,
  scheduleDateParamSchema,
  shiftImpactSchema,
  statusChangeSchema,
  suggestionsSchema,
  technicianScheduleSchema,
  technicianSchedulesSchema,
  weeklyShiftsInputSchema,
} from './dispatch/api';
import { CUSTOMER_RECORD_RPC } from './booking/customer-record-rpc';
import { REPORTS_RPC } from './dispatch/reports-rpc';
import { AUDIT_RPC } from './identity/audit-rpc';
import { ERROR_CODES, ErrorCode } from './error-codes';
import { EVENT_TYPES, EventFilter, EventType, EventsMatching, matchesFilter } from './events';
import {
  actorSchema,
  currentUserSchema,
  locationReportSchema,
  loginRequestSchema,
  sessionSchema,
  sessionTokenSchema,
  userInputSchema,
  userLocationSchema,
  userSchema,
  userUpdateSchema,
} from './identity/api';
import {
  batterySearchResultSchema,
  inventoryFilterSchema,
  inventoryItemInputSchema,
  inventoryItemSchema,
  inventoryItemsSchema,
  serialSearchQuerySchema,
  serviceRecordInputSchema,
  serviceRecordSchema,
  verifySerialAnswerSchema,
  verifySerialSchema,
} from './inventory/api';
import {
  messageSchema,
  messagesQuerySchema,
  messagesSchema,
  receiptFileSchema,
} from './notify/api';
import { STOCK_RPC } from './inventory/stock-rpc';
import type { RpcContract } from './rpc-contract';

const healthAnswer = z.object({ service: z.string(), status: z.literal('ok') });
const empty = z.object({}).loose();
const id = z.number().int().positive();
const messageAnswer = z.object({ message: z.string() });
const {
  validation,
  notFound,
  unauthenticated,
  invalidCredentials,
  forbidden,
  conflict,
  serviceUnavailable,
  timeSlotFull,
  outsideServiceHours,
  outsideServiceArea,
  idempotencyKeyReused,
} = ERROR_CODES;

/**
 * Every request/reply subject (message pattern) with its request and answer schema, and the
 * refusals its handler may raise (`refuses`): the platform answers any other as a contract break
 * (500, logged), so the API document, which is built from these lists, cannot promise less than
 * the services do.
 * WIRE CONTRACT between gateway and services: do not rename.
 */
export const RPC = {
  'identity.health': { request: empty, answer: healthAnswer },
  'identity.sessions.create': {
    request: loginRequestSchema,
    answer: sessionSchema,
    refuses: [invalidCredentials],
  },
  'identity.sessions.resolve': {
    request: sessionTokenSchema,
    answer: currentUserSchema,
    refuses: [unauthenticated],
  },
  'identity.sessions.end': {
    request: sessionTokenSchema,
    answer: z.object({ ended: z.boolean() }),
  },
  'identity.users.create': {
    request: z.object({ user: userInputSchema, actor: actorSchema }),
    answer: userSchema,
    refuses: [conflict],
  },
  'identity.users.list': { request: empty, answer: z.array(userSchema) },
  'identity.users.update': {
    request: z.object({ id, user: userUpdateSchema, actor: actorSchema }),
    answer: userSchema,
    refuses: [notFound, conflict],
  },
  'identity.users.delete': {
    request: z.object({ id, actor: actorSchema }),
    answer: messageAnswer,
    refuses: [notFound, forbidden, conflict],
  },
  'identity.users.locations': { request: empty, answer: z.array(userLocationSchema) },
  'identity.users.report-location': {
    request: z.object({ userId: id, location: locationReportSchema, token: z.string().max(200) }),
    answer: messageAnswer.extend({ stored: z.boolean() }),
    refuses: [notFound],
  },
  'identity.users.heartbeat': {
    request: z.object({ userId: id }),
    answer: messageAnswer,
    refuses: [notFound],
  },
  'booking.health': { request: empty, answer: healthAnswer },
  'booking.customers.create': { request: customerInputSchema, answer: customerSchema },
  'booking.customers.list': {
    request: customerListQuerySchema,
    answer: z.array(customerSummarySchema),
  },
  'booking.customers.update': {
    request: z.object({ id, customer: customerInputSchema }),
    answer: customerSummarySchema,
    refuses: [notFound],
  },
  'booking.customers.delete': {
    request: z.object({ id }),
    answer: messageAnswer,
    refuses: [notFound],
  },
  'booking.appointments.create': {
    request: appointmentRequestSchema,
    answer: createdAppointmentSchema,
    refuses: [
      validation,
      notFound,
      timeSlotFull,
      outsideServiceHours,
      outsideServiceArea,
      idempotencyKeyReused,
    ],
  },
  'booking.time-slots.list': {
    request: timeSlotsRequestSchema,
    answer: timeSlotsSchema,
    refuses: [validation],
  },
  /** The booking a private link opens (the token checked in constant time), or notFound. */
  'booking.links.resolve': {
    request: linkRequestSchema,
    answer: linkedBookingSchema,
    refuses: [notFound],
  },
  /** The confirmation page's half from booking: the customer's own details, by token. */
  'booking.links.details': {
    request: linkRequestSchema,
    answer: bookingContactSchema,
    refuses: [notFound],
  },
  /** A new private link to a booking, for a message to its customer (notify). */
  'booking.links.issue': {
    request: z.object({ appointmentId: id }),
    answer: foundBookingSchema.extend({ reference: z.string() }),
    refuses: [notFound],
  },
  /** Find your booking: a reference and its phone number give a new private link. */
  'booking.links.find': {
    request: findBookingSchema,
    answer: foundBookingSchema,
    refuses: [validation, notFound],
  },
  /**
   * A visit moves to another hour (the hour grid's rules apply): the customer's from their page,
   * staff's (`by: 'staff'`, who may also give an ASAP request an hour) from the Day View.
   */
  'booking.appointments.reschedule': {
    request: rescheduleBookingSchema.extend({ id, by: z.enum(['customer', 'staff']).optional() }),
    answer: rescheduledBookingSchema,
    refuses: [validation, notFound, conflict, timeSlotFull],
  },
  'dispatch.health': { request: empty, answer: healthAnswer },
  'dispatch.appointments.list': { request: empty, answer: dashboardAppointmentsSchema },
  'dispatch.appointments.change-status': {
    request: z.object({ id, status: statusChangeSchema.shape.status, actor: actorSchema }),
    answer: dashboardAppointmentSchema,
    refuses: [notFound, conflict, forbidden],
  },
  'dispatch.appointments.decline': {
    request: z.object({ id, actor: actorSchema }),
    answer: declineAnswerSchema,
    refuses: [notFound, conflict],
  },
  /**
   * Completes a job on dispatch's live state: dispatch decides, asks inventory to record the
   * service and take the stock (`inventory.service-records.record`), then closes the job.
   */
  'dispatch.appointments.complete': {
    request: z.object({ record: serviceRecordInputSchema, actor: actorSchema }),
    answer: serviceRecordSchema,
    refuses: [validation, notFound, forbidden, conflict, serviceUnavailable],
  },
  'dispatch.stats.get': { request: empty, answer: dashboardStatsSchema },
  /** The customer cancels their visit, until the technician sets out. */
  'dispatch.appointments.cancel': {
    request: cancelBookingSchema.extend({ id }),
    answer: trackingFactsSchema,
    refuses: [notFound, conflict],
  },
  /** One visit as its tracking page shows it (by appointment id: the gateway resolved the token). */
  'dispatch.tracking.view': {
    request: z.object({ id }),
    answer: trackingFactsSchema,
    refuses: [notFound],
  },
  /** A dispatcher gives a job to a technician, or to another one (reassign). */
  'dispatch.appointments.assign': {
    request: assignInputSchema.extend({ id, actor: actorSchema }),
    answer: dashboardAppointmentSchema,
    refuses: [validation, notFound, conflict],
  },
  /** A dispatcher takes an assigned job back into the open pool. */
  'dispatch.appointments.unassign': {
    request: z.object({ id, actor: actorSchema }),
    answer: dashboardAppointmentSchema,
    refuses: [notFound, conflict],
  },
  /** The assigned technician gives the job back, saying why. */
  'dispatch.appointments.hand-back': {
    request: handBackInputSchema.extend({ id, actor: actorSchema }),
    answer: dashboardAppointmentSchema,
    refuses: [notFound, forbidden, conflict],
  },
  'dispatch.appointments.suggestions': {
    request: z.object({ id }),
    answer: suggestionsSchema,
    refuses: [notFound],
  },
  'dispatch.queue.list': { request: empty, answer: queueSchema },
  'dispatch.schedules.list': { request: empty, answer: technicianSchedulesSchema },
  'dispatch.schedules.set-weekly': {
    request: weeklyShiftsInputSchema.safeExtend({ technicianId: id, actor: actorSchema }),
    answer: technicianScheduleSchema,
    refuses: [validation, notFound],
  },
  'dispatch.schedules.set-date': {
    request: dateShiftsInputSchema.safeExtend({
      technicianId: id,
      date: scheduleDateParamSchema,
      actor: actorSchema,
    }),
    answer: technicianScheduleSchema,
    refuses: [validation, notFound],
  },
  /** What set-weekly with these shifts would leave outside the technician's shifts; saves nothing. */
  'dispatch.schedules.weekly-impact': {
    request: weeklyShiftsInputSchema.safeExtend({ technicianId: id }),
    answer: shiftImpactSchema,
    refuses: [validation, notFound],
  },
  /** What set-date with these shifts would leave outside the technician's shifts; saves nothing. */
  'dispatch.schedules.date-impact': {
    request: dateShiftsInputSchema.safeExtend({ technicianId: id, date: scheduleDateParamSchema }),
    answer: shiftImpactSchema,
    refuses: [validation, notFound],
  },
  'dispatch.schedules.clear-date': {
    request: z.object({ technicianId: id, date: scheduleDateParamSchema, actor: actorSchema }),
    answer: technicianScheduleSchema,
    refuses: [validation, notFound],
  },
  /** A technician ends today's shift now, from their phone. */
  'dispatch.schedules.off-shift': {
    request: z.object({ actor: actorSchema }),
    answer: technicianScheduleSchema,
    refuses: [notFound, conflict],
  },
  'dispatch.settings.get': { request: empty, answer: dispatchSettingsSchema },
  'dispatch.settings.update': {
    request: z.object({ settings: dispatchSettingsSchema, actor: actorSchema }),
    answer: dispatchSettingsSchema,
  },
  'dispatch.day.get': { request: dayQuerySchema, answer: dayViewSchema, refuses: [validation] },
  'notify.health': { request: empty, answer: healthAnswer },
  /** A job's messages to its customer, oldest first (the job's drawer). */
  'notify.messages.of-appointment': { request: z.object({ id }), answer: messagesSchema },
  /** One business day's messages, newest first, at most MESSAGES_SHOWN (the Messages view). */
  'notify.messages.list': {
    request: messagesQuerySchema,
    answer: messagesSchema,
    refuses: [validation],
  },
  /** An admin sends a failed message again: queued, its attempts from zero. */
  'notify.messages.resend': {
    request: z.object({ id, actor: actorSchema }),
    answer: messageSchema,
    refuses: [notFound, conflict],
  },
  /** The receipt of a completed visit, as a PDF. */
  'notify.receipts.get': {
    request: z.object({ appointmentId: id }),
    answer: receiptFileSchema,
    refuses: [notFound],
  },
  /** The customer asks for no more texts or emails (from their visit's page). */
  'notify.opt-out': {
    request: z.object({ appointmentId: id }),
    answer: messageAnswer,
    refuses: [notFound],
  },
  'inventory.health': { request: empty, answer: healthAnswer },
  'inventory.items.list': { request: inventoryFilterSchema, answer: inventoryItemsSchema },
  'inventory.items.create': {
    request: z.object({ item: inventoryItemInputSchema, actor: actorSchema }),
    answer: inventoryItemSchema,
  },
  'inventory.items.update': {
    request: z.object({ id, item: inventoryItemInputSchema, actor: actorSchema }),
    answer: inventoryItemSchema,
    refuses: [notFound],
  },
  'inventory.items.delete': {
    request: z.object({ id, actor: actorSchema }),
    answer: messageAnswer.extend({ retired: z.boolean() }),
    refuses: [notFound],
  },
  'inventory.service-records.of-customer': {
    request: z.object({ customerId: id }),
    answer: z.array(serviceRecordSchema),
  },
  'inventory.service-records.search': {
    request: serialSearchQuerySchema,
    answer: z.array(batterySearchResultSchema),
  },
  /**
   * Dispatch's second half of a completion: the record, the battery taken from stock and its
   * movement, in inventory's transaction. Only dispatch calls it, having decided on its live job.
   */
  'inventory.service-records.record': {
    request: z.object({
      record: serviceRecordInputSchema,
      /** The job's technician: the record is theirs, whoever saves it. */
      technician: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
      /** The job's customer as the board has them: inventory's copy of whose battery it is. */
      customer: z.object({ name: z.string(), phone: z.string() }),
      actor: actorSchema,
    }),
    answer: serviceRecordSchema,
    refuses: [validation, notFound, conflict],
  },
  'inventory.service-records.verify-serial': {
    request: verifySerialSchema,
    answer: verifySerialAnswerSchema,
  },
  'inventory.sales.today': {
    request: empty,
    answer: z.object({ batteriesSold: z.number().int() }),
  },
  // Issue 23's subjects, declared with their schemas in their own modules.
  ...STOCK_RPC,
  ...CUSTOMER_RECORD_RPC,
  ...AUDIT_RPC,
  ...REPORTS_RPC,
} as const satisfies Record<string, RpcContract>;

export type RpcSubject = keyof typeof RPC;

/** The refusals a subject's handler may raise. */
export const refusalsOf = (subject: RpcSubject): readonly ErrorCode[] =>
  (RPC[subject] as RpcContract).refuses ?? [];
/** What a caller sends. */
export type RpcRequest<S extends RpcSubject> = z.input<(typeof RPC)[S]['request']>;
/** What a handler receives: the request after its schema parsed it. */
export type RpcMessage<S extends RpcSubject> = z.infer<(typeof RPC)[S]['request']>;
export type RpcAnswer<S extends RpcSubject> = z.infer<(typeof RPC)[S]['answer']>;

export const SERVICES = ['identity', 'booking', 'dispatch', 'inventory', 'notify'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** Each service answers `<service>.health` once its database answers. */
export const HEALTH_SUBJECTS = {
  identity: 'identity.health',
  booking: 'booking.health',
  dispatch: 'dispatch.health',
  inventory: 'inventory.health',
  notify: 'notify.health',
} as const satisfies Record<ServiceName, RpcSubject>;

/**
 * Every durable JetStream consumer, by name: the service that runs it (its replicas share it) and
 * what it follows, one event type or every type under a prefix (Debian's nats-server 2.9 allows
 * one filter per consumer), less the types under it that it `ignores`: those are acknowledged
 * without a transaction. Stream order is kept within a consumer.
 *
 * `perType`: the consumer runs one durable per type it follows (`consumerDurables`), so the types
 * it ignores are never delivered to it. Only for a handler that keeps the newest version of what
 * it copies, since the types then arrive in no common order.
 * WIRE CONTRACT: JetStream keeps a consumer's position under its name; a new name replays history
 * (the inbox, kept under the consumer's name, makes that replay a no-op).
 *
 * `noticeOnly`: the handler only notes that something changed and recomputes from its own tables
 * later, so a repeat is harmless by nature: no transaction and no inbox row per delivery.
 */
export const CONSUMERS = {
  'dispatch-board-requested': { service: 'dispatch', filter: 'booking.appointment.requested' },
  'dispatch-users': {
    service: 'dispatch',
    filter: 'identity.user.>',
    ignores: ['identity.user.sessions-ended'],
  },
  'dispatch-completions': { service: 'dispatch', filter: 'inventory.service-record.created' },
  'booking-users': {
    service: 'booking',
    filter: 'identity.user.>',
    ignores: ['identity.user.sessions-ended'],
  },
  'booking-appointments': {
    service: 'booking',
    filter: 'dispatch.appointment.>',
    // 'opened' only repeats what booking stored (pending), and comes with every booking.
    ignores: ['dispatch.appointment.opened'],
    perType: true,
  },
  'booking-service-records': { service: 'booking', filter: 'inventory.service-record.created' },
  'dispatch-customers': { service: 'dispatch', filter: 'booking.customer.>' },
  /** A customer moved their visit to another hour: the board's copy follows. */
  'dispatch-reschedules': { service: 'dispatch', filter: 'booking.appointment.rescheduled' },
  /**
   * Dispatch follows its own changes to keep the ASAP queue (and, when on, to auto-dispatch):
   * one durable, so recomputations take turns. Its own queue and stats events are no change.
   */
  'dispatch-queue': {
    service: 'dispatch',
    filter: 'dispatch.>',
    ignores: ['dispatch.queue.updated', 'dispatch.stats.updated'],
    noticeOnly: true,
  },
  /** Booking keeps every technician's schedule: an hour's capacity is who is on shift then. */
  'booking-schedules': { service: 'booking', filter: 'dispatch.schedule.changed' },
  /**
   * Notify keeps each booking's customer, reference, contact and hour (and forgets a deleted
   * customer); a new booking and a move are messages.
   */
  'notify-bookings': { service: 'notify', filter: 'booking.>' },
  /**
   * The steps a customer hears of: accepted, on the way, arrived, declined, cancelled; and
   * unassigned, which says no more than that nobody has the visit (a held "assigned" is dropped).
   */
  'notify-visits': {
    service: 'notify',
    filter: 'dispatch.appointment.>',
    ignores: [
      'dispatch.appointment.opened',
      'dispatch.appointment.assigned',
      'dispatch.appointment.updated',
      // The completion's message is the receipt, from inventory's service record.
      'dispatch.appointment.completed',
    ],
  },
  /** A completed visit's service record: the receipt. */
  'notify-records': { service: 'notify', filter: 'inventory.service-record.created' },
  /** The battery models a receipt names. */
  'notify-items': { service: 'notify', filter: 'inventory.item.>' },
  /**
   * Inventory's copy of the customers it has records of follows their changes; it learns a
   * customer at their first completed job (`inventory.service-records.record`), not per booking.
   */
  'inventory-customers': { service: 'inventory', filter: 'booking.customer.>' },
  /** The audit log (identity keeps it): one durable per service whose changes it records. */
  'identity-audit-booking': { service: 'identity', filter: 'booking.>' },
  // Filtered on the server: the queue's and stats' events (large, one per change) never reach it.
  // 'opened' records nothing and leaves the state 'requested' seeds (pending, no technician,
  // version 0), and it comes with every booking: acknowledged unread.
  'identity-audit-dispatch': {
    service: 'identity',
    filter: 'dispatch.appointment.>',
    ignores: ['dispatch.appointment.opened'],
  },
  'identity-audit-schedules': { service: 'identity', filter: 'dispatch.schedule.changed' },
  'identity-audit-identity': {
    service: 'identity',
    filter: 'identity.user.>',
    ignores: ['identity.user.sessions-ended', 'identity.user.presence-changed'],
  },
  'identity-audit-inventory': {
    service: 'identity',
    filter: 'inventory.>',
    ignores: ['inventory.sales.updated'],
  },
} as const satisfies Record<string, ConsumerSpec>;
export type ConsumerName = keyof typeof CONSUMERS;
export type ConsumerEvent<C extends ConsumerName> = EventsMatching<(typeof CONSUMERS)[C]['filter']>;

interface ConsumerSpec {
  service: ServiceName;
  filter: EventFilter;
  ignores?: readonly EventType[];
  perType?: boolean;
  noticeOnly?: boolean;
}

/**
 * The durables a consumer runs on the server, each with its one filter: one under the consumer's
 * own name, or for a `perType` consumer one per type it follows, named `<consumer>-<verb>`
 * (`booking-appointments-accepted`).
 */
export function consumerDurables(name: ConsumerName): { durable: string; filter: EventFilter }[] {
  const { filter, ignores = [], perType = false }: ConsumerSpec = CONSUMERS[name];
  if (!perType || !filter.endsWith('.>')) return [{ durable: name, filter }];
  const prefix = filter.slice(0, -1); // 'dispatch.appointment.'
  return EVENT_TYPES.filter((type) => matchesFilter(type, filter) && !ignores.includes(type)).map(
    (type) => ({
      durable: `${name}-${type.slice(prefix.length).replace(/\./g, '-')}`,
      filter: type,
    }),
  );
}

/**
 * Where things live on NATS, given the stack's NATS_PREFIX. Request/reply subjects are the RPC
 * names; events live under `events.` so the JetStream stream never captures a request.
 */
export function natsNames(prefix = '') {
  const p = prefix ? `${prefix}.` : '';
  return {
    rpc: (subject: RpcSubject) => `${p}${subject}`,
    /** The subject of an event type, or of every type under a prefix (`dispatch.appointment.>`). */
    event: (filter: EventFilter) => `${p}events.${filter}`,
    stream: `${prefix ? `${prefix}_` : ''}EVENTS`.replace(/[^A-Za-z0-9_-]/g, '_'),
    /** Durable consumer names are scoped to the stream, so they need no prefix. */
    streamSubjects: [`${p}events.>`],
    /**
     * Core NATS (not kept): every gateway replica hears that one session ended (its token's
     * SHA-256, never the token) and closes that browser's sockets at once.
     */
    sessionEnded: `${p}gateway.session-ended`,
    /** Core NATS: each rate-limit hit or reset of a gateway replica, applied by the others. */
    rateLimits: `${p}gateway.rate-limits`,
  };
}
