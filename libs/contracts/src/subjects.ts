import { z } from 'zod';
import { CUSTOMER_RECORD_RPC } from './booking/customer-record-rpc';
import { REPORTS_RPC } from './dispatch/reports-rpc';
import { AUDIT_RPC } from './identity/audit-rpc';
import { ErrorCode } from './error-codes';
import { EVENT_TYPES, EventFilter, EventType, EventsMatching, matchesFilter } from './events';
import { STOCK_RPC } from './inventory/stock-rpc';
import { IDENTITY_RPC } from './identity/identity-rpc';
import { BOOKING_RPC } from './booking/booking-rpc';
import { DISPATCH_RPC } from './dispatch/dispatch-rpc';
import { NOTIFY_RPC } from './notify/notify-rpc';
import { INVENTORY_RPC } from './inventory/inventory-rpc';
import { BILLING_RPC } from './billing/billing-rpc';
import type { RpcContract } from './rpc-contract';

/**
 * Every request/reply subject (message pattern) with its request and answer schema, and the
 * refusals its handler may raise (`refuses`): the platform answers any other as a contract break
 * (500, logged), so the API document, which is built from these lists, cannot promise less than
 * the services do.
 * WIRE CONTRACT between gateway and services: do not rename.
 */
// Each domain's subjects are declared with their schemas in its own folder (`*-rpc.ts`).
export const RPC = {
  ...IDENTITY_RPC,
  ...AUDIT_RPC,
  ...BOOKING_RPC,
  ...CUSTOMER_RECORD_RPC,
  ...DISPATCH_RPC,
  ...REPORTS_RPC,
  ...NOTIFY_RPC,
  ...INVENTORY_RPC,
  ...STOCK_RPC,
  ...BILLING_RPC,
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

export const SERVICES = [
  'identity',
  'booking',
  'dispatch',
  'inventory',
  'notify',
  'billing',
] as const;
export type ServiceName = (typeof SERVICES)[number];

/** Each service answers `<service>.health` once its database answers. */
export const HEALTH_SUBJECTS = {
  identity: 'identity.health',
  booking: 'booking.health',
  dispatch: 'dispatch.health',
  inventory: 'inventory.health',
  notify: 'notify.health',
  billing: 'billing.health',
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
    ignores: ['identity.user.sessions-ended', 'identity.user.security'],
  },
  'dispatch-completions': { service: 'dispatch', filter: 'inventory.service-record.created' },
  'booking-users': {
    service: 'booking',
    filter: 'identity.user.>',
    ignores: ['identity.user.sessions-ended', 'identity.user.security'],
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
  /** What each van holds (issue 37): the suggestions prefer the van with the job's battery. */
  'dispatch-van-stock': { service: 'dispatch', filter: 'inventory.item.>' },
  /** A customer moved their visit to another hour: the board's copy follows. */
  'dispatch-reschedules': { service: 'dispatch', filter: 'booking.appointment.rescheduled' },
  /** A job's invoice and what was paid: the board, the phone and the history show it. */
  'dispatch-payments': {
    service: 'dispatch',
    filter: 'billing.>',
    ignores: ['billing.payment-link.created', 'billing.price-list.changed'],
  },
  /**
   * Dispatch follows its own changes to keep the ASAP queue (and, when on, to auto-dispatch):
   * one durable, so recomputations take turns. Its own queue and stats events are no change.
   */
  'dispatch-queue': {
    service: 'dispatch',
    filter: 'dispatch.>',
    ignores: ['dispatch.queue.updated', 'dispatch.stats.updated', 'dispatch.battery-test.recorded'],
    noticeOnly: true,
  },
  /** Booking keeps every technician's schedule: an hour's capacity is who is on shift then. */
  'booking-schedules': { service: 'booking', filter: 'dispatch.schedule.changed' },
  /**
   * Notify keeps each booking's customer, reference, contact and hour (and forgets a deleted
   * customer); a new booking and a move are messages.
   */
  'notify-bookings': {
    service: 'notify',
    filter: 'booking.>',
    ignores: ['booking.fitment.changed'],
  },
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
  /** A card payment link made for a visit: the customer is sent it. */
  'notify-payment-links': { service: 'notify', filter: 'billing.payment-link.created' },
  /** A visit's invoice and its payments: a reminder when still open after some days, or none. */
  'notify-payments': {
    service: 'notify',
    filter: 'billing.>',
    ignores: ['billing.payment-link.created', 'billing.price-list.changed'],
  },
  /**
   * Inventory's copy of the customers it has records of follows their changes; it learns a
   * customer at their first completed job (`inventory.service-records.record`), not per booking.
   */
  'inventory-customers': { service: 'inventory', filter: 'booking.customer.>' },
  /** A booked visit counts on a battery of its type (issue 37, ADR 0119). */
  'inventory-reservations': { service: 'inventory', filter: 'booking.appointment.requested' },
  /** A visit cancelled or declined lets its battery go (a completion does, in inventory). */
  'inventory-releases': {
    service: 'inventory',
    filter: 'dispatch.appointment.>',
    ignores: [
      'dispatch.appointment.opened',
      'dispatch.appointment.assigned',
      'dispatch.appointment.unassigned',
      'dispatch.appointment.accepted',
      'dispatch.appointment.departed',
      'dispatch.appointment.arrived',
      'dispatch.appointment.updated',
      'dispatch.appointment.completed',
    ],
  },
  /** A van for each technician (issue 37): stock is kept per van. */
  'inventory-vans': {
    service: 'inventory',
    filter: 'identity.user.>',
    ignores: [
      'identity.user.deleted',
      'identity.user.sessions-ended',
      'identity.user.presence-changed',
      'identity.user.security',
    ],
  },
  /**
   * Billing bills a completed job (issue 36): the ZIP it was at from the booking, the work from
   * the service record, the battery's name from the items; it issues once all three are known.
   */
  'billing-bookings': { service: 'billing', filter: 'booking.appointment.requested' },
  'billing-records': { service: 'billing', filter: 'inventory.service-record.created' },
  'billing-items': { service: 'billing', filter: 'inventory.item.>' },
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
  /** Invoices and payments, on each job's history; the price list's changes, on its own. */
  'identity-audit-billing': { service: 'identity', filter: 'billing.>' },
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
