import { z } from 'zod';
import {
  appointmentInputSchema,
  createdAppointmentSchema,
  customerInputSchema,
  customerSchema,
  timeSlotsRequestSchema,
  timeSlotsSchema,
} from './booking/api';
import { dashboardAppointmentsSchema } from './dispatch/api';
import { EventType } from './events';
import {
  currentUserSchema,
  loginRequestSchema,
  sessionSchema,
  sessionTokenSchema,
} from './identity/api';
import { inventoryFilterSchema, inventoryItemsSchema } from './inventory/api';

const healthAnswer = z.object({ service: z.string(), status: z.literal('ok') });
const empty = z.object({}).loose();

/**
 * Every request/reply subject (message pattern) with its request and answer schema.
 * WIRE CONTRACT between gateway and services: do not rename.
 */
export const RPC = {
  'identity.health': { request: empty, answer: healthAnswer },
  'identity.sessions.create': { request: loginRequestSchema, answer: sessionSchema },
  'identity.sessions.resolve': { request: sessionTokenSchema, answer: currentUserSchema },
  'identity.sessions.end': {
    request: sessionTokenSchema,
    answer: z.object({ ended: z.boolean() }),
  },
  'booking.health': { request: empty, answer: healthAnswer },
  'booking.customers.create': { request: customerInputSchema, answer: customerSchema },
  'booking.appointments.create': {
    request: appointmentInputSchema,
    answer: createdAppointmentSchema,
  },
  'booking.time-slots.list': { request: timeSlotsRequestSchema, answer: timeSlotsSchema },
  'dispatch.health': { request: empty, answer: healthAnswer },
  'dispatch.appointments.list': { request: empty, answer: dashboardAppointmentsSchema },
  'inventory.health': { request: empty, answer: healthAnswer },
  'inventory.items.list': { request: inventoryFilterSchema, answer: inventoryItemsSchema },
} as const;

export type RpcSubject = keyof typeof RPC;
export type RpcRequest<S extends RpcSubject> = z.input<(typeof RPC)[S]['request']>;
export type RpcAnswer<S extends RpcSubject> = z.infer<(typeof RPC)[S]['answer']>;

export const SERVICES = ['identity', 'booking', 'dispatch', 'inventory'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** Each service answers `<service>.health` once its database answers. */
export const HEALTH_SUBJECTS = {
  identity: 'identity.health',
  booking: 'booking.health',
  dispatch: 'dispatch.health',
  inventory: 'inventory.health',
} as const satisfies Record<ServiceName, RpcSubject>;

/**
 * Every durable JetStream consumer, by name: the service that runs it (its replicas share it) and
 * the one event type it follows (Debian's nats-server 2.9 allows one filter per consumer).
 * WIRE CONTRACT: JetStream keeps a consumer's position under its name; a new name replays history.
 */
export const CONSUMERS = {
  'dispatch-board-requested': { service: 'dispatch', event: 'booking.appointment.requested' },
} as const satisfies Record<string, { service: ServiceName; event: EventType }>;
export type ConsumerName = keyof typeof CONSUMERS;
export type ConsumerEvent<C extends ConsumerName> = (typeof CONSUMERS)[C]['event'];

/**
 * Where things live on NATS, given the stack's NATS_PREFIX. Request/reply subjects are the RPC
 * names; events live under `events.` so the JetStream stream never captures a request.
 */
export function natsNames(prefix = '') {
  const p = prefix ? `${prefix}.` : '';
  return {
    rpc: (subject: RpcSubject) => `${p}${subject}`,
    event: (type: EventType) => `${p}events.${type}`,
    eventWildcard: (pattern: string) => `${p}events.${pattern}`,
    stream: `${prefix ? `${prefix}_` : ''}EVENTS`.replace(/[^A-Za-z0-9_-]/g, '_'),
    /** Durable consumer names are scoped to the stream, so they need no prefix. */
    streamSubjects: [`${p}events.>`],
  };
}
