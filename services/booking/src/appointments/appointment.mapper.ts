import {
  BookedBattery,
  CreatedAppointment,
  EventPayload,
  GeoPoint,
  Priority,
} from '@cincy/contracts';

/** The row of a new appointment, as the booking rules built it. */
export interface NewAppointment {
  customerId: number;
  location: string;
  customerLocation: GeoPoint | null;
  vehicle: string | null;
  preferredTime: string;
  scheduledDate: string | null;
  scheduledTime: string | null;
  scheduledStartTime: Date | null;
  notes: string | null;
  priority: Priority;
  requestedAt: Date;
  idempotencyKey: string | null;
  requestFingerprint: string | null;
  /** The battery its vehicle takes (fitment); null: check fitment. */
  battery: BookedBattery | null;
}

/** A new appointment once stored, with the customer its insert counted. */
export interface StoredAppointment extends NewAppointment {
  id: number;
  customer: { name: string; phone: string; email: string | null };
}

/** What the answer of a booking is made of: the stored row, or the one a repeat finds. */
export type BookedAppointment = Pick<
  StoredAppointment,
  'id' | 'customerId' | 'location' | 'priority' | 'scheduledDate' | 'scheduledTime' | 'requestedAt'
>;

/** A stored appointment as a repeated request (same Idempotency-Key) finds it. */
export type KeyedAppointment = BookedAppointment & { requestFingerprint: string | null };

/** The booking's reference and a private link's token (a new one for each answer). */
export interface BookingLink {
  reference: string;
  token: string;
}

/**
 * The answer of POST /api/appointments. A repeat answers what the first request did, so the
 * status is the one it was booked with, whatever dispatch did with it since.
 */
export const toCreatedAppointment = (
  a: BookedAppointment,
  link: BookingLink,
): CreatedAppointment => ({
  id: a.id,
  customerId: a.customerId,
  status: 'pending',
  priority: a.priority,
  location: a.location,
  scheduledDate: a.scheduledDate,
  scheduledTime: a.scheduledTime,
  requestedAt: a.requestedAt.toISOString(),
  reference: link.reference,
  token: link.token,
});

/** The event carries the reference so notify's first message can name it. */
export const toRequestedEvent = (
  a: StoredAppointment,
  reference: string,
): EventPayload<'booking.appointment.requested'> => ({
  appointmentId: a.id,
  customerId: a.customerId,
  reference,
  customer: a.customer,
  location: a.location,
  customerLocation: a.customerLocation,
  vehicle: a.vehicle,
  preferredTime: a.preferredTime,
  scheduledDate: a.scheduledDate,
  scheduledTime: a.scheduledTime,
  scheduledStartTime: a.scheduledStartTime?.toISOString() ?? null,
  notes: a.notes,
  priority: a.priority,
  requestedAt: a.requestedAt.toISOString(),
  battery: a.battery,
});
