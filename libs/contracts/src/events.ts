import { z } from 'zod';
import { geoPointSchema, prioritySchema } from './booking/api';
import { dashboardAppointmentSchema } from './dispatch/api';

/**
 * Domain event payloads, by event type (`<service>.<entity>.<past-tense-verb>`).
 * WIRE CONTRACT: stored in JetStream and in other services' inboxes. Do not rename; add a new
 * version instead of changing a payload incompatibly.
 */
export const EVENT_PAYLOADS = {
  'booking.appointment.requested': z.object({
    appointmentId: z.number().int(),
    customerId: z.number().int(),
    customer: z.object({ name: z.string(), phone: z.string() }),
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
  }),
  /** The board gained an appointment; carries the whole board view so pushes need no refetch. */
  'dispatch.appointment.opened': z.object({ appointment: dashboardAppointmentSchema }),
} as const;

export type EventType = keyof typeof EVENT_PAYLOADS;
export type EventPayload<T extends EventType> = z.infer<(typeof EVENT_PAYLOADS)[T]>;
export const EVENT_TYPES = Object.keys(EVENT_PAYLOADS) as EventType[];

export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  version: z.number().int().positive(),
  occurredAt: z.string(),
  correlationId: z.string(),
  payload: z.unknown(),
});
export type EventEnvelope<T extends EventType = EventType> = Omit<
  z.infer<typeof eventEnvelopeSchema>,
  'type' | 'payload'
> & { type: T; payload: EventPayload<T> };

/**
 * socket.io events the gateway pushes to signed-in staff. `board.changed` carries the domain event
 * type and the appointment as the board shows it; the browser upserts it into its cache.
 */
export const SOCKET_EVENTS = { boardChanged: 'board.changed' } as const;
export const boardChangedSchema = z.object({
  type: z.string(),
  appointment: dashboardAppointmentSchema,
});
export type BoardChanged = z.infer<typeof boardChangedSchema>;
