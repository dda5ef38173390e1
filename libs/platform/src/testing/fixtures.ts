import { Actor, DashboardAppointment, EventPayload } from '@cincy/contracts';

/** A job as dispatch's events carry it; tests override what they are about. */
export function boardView(overrides: Partial<DashboardAppointment> = {}): DashboardAppointment {
  const now = new Date().toISOString();
  return {
    id: 1,
    customerId: 1,
    status: 'pending',
    priority: 'normal',
    customer: { name: 'Jane Doe', phone: '(513) 555-0100' },
    location: '1 Fountain Square, Cincinnati, Ohio 45202',
    customerLocation: { lat: 39.1, lng: -84.51 },
    technicianId: null,
    technicianUsername: null,
    technician: null,
    handBack: null,
    arrivalCheck: 'none',
    payment: null,
    battery: null,
    cancelReason: null,
    vehicle: '2019 Toyota Camry (Blue)',
    preferredTime: 'ASAP',
    scheduledDate: null,
    scheduledTime: null,
    notes: null,
    requestedAt: now,
    createdAt: now,
    updatedAt: now,
    version: 1,
    ...overrides,
  };
}

/** The same job, worked by `technician` and standing at `status`. */
export function assignedView(
  technician: Actor,
  overrides: Partial<DashboardAppointment> = {},
): DashboardAppointment {
  return boardView({
    technicianId: technician.id,
    technicianUsername: technician.username,
    technician: { name: technician.name },
    ...overrides,
  });
}

export const TEST_ACTORS = {
  admin: { id: 1, name: 'Ada Admin', username: 'ada', role: 'admin' },
  tech: { id: 7, name: 'Tess Tech', username: 'tess', role: 'technician' },
  otherTech: { id: 8, name: 'Otto Other', username: 'otto', role: 'technician' },
} as const satisfies Record<string, Actor>;

/** booking's announcement of a new ASAP appointment. */
export function requestedPayload(
  appointmentId: number,
  name: string,
  overrides: Partial<EventPayload<'booking.appointment.requested'>> = {},
): EventPayload<'booking.appointment.requested'> {
  return {
    appointmentId,
    customerId: appointmentId,
    reference: null,
    customer: { name, phone: '(513) 555-0100', email: null },
    location: '1 Main St, Cincinnati, Ohio 45202',
    customerLocation: { lat: 39.1, lng: -84.51 },
    vehicle: '2019 Toyota Camry (Blue)',
    preferredTime: 'ASAP',
    scheduledDate: null,
    scheduledTime: null,
    scheduledStartTime: null,
    notes: 'Gate code 12',
    priority: 'normal',
    requestedAt: new Date().toISOString(),
    battery: null,
    ...overrides,
  };
}
