import { DashboardAppointment, EventPayload, arrivalCheckOf } from '@cincy/contracts';
import { BoardAppointmentEntity } from './board-appointment.entity';

/** The board view of a job: what GET /api/appointments lists and every dispatch event carries. */
export function toDashboardAppointment(a: BoardAppointmentEntity): DashboardAppointment {
  return {
    id: a.id,
    customerId: a.customerId,
    status: a.status,
    priority: a.priority,
    customer: { name: a.customerName, phone: a.customerPhone },
    location: a.location,
    customerLocation: a.customerLocation,
    technicianId: a.technicianId,
    technicianUsername: a.technicianUsername,
    technician: a.technicianId ? { name: a.technicianName ?? a.technicianUsername ?? '' } : null,
    vehicle: a.vehicle,
    preferredTime: a.preferredTime,
    scheduledDate: a.scheduledDate,
    scheduledTime: a.scheduledTime,
    notes: a.notes,
    requestedAt: a.requestedAt.toISOString(),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    version: a.version,
    cancelReason: a.cancelReason,
    handBack:
      a.handBackAt && a.handBackBy
        ? { by: a.handBackBy, reason: a.handBackReason ?? '', at: a.handBackAt.toISOString() }
        : null,
    arrivalCheck: arrivalCheckOf(a),
    payment: a.payment,
    battery: a.battery,
  };
}

/** A booked appointment as it joins the board: pending, nobody on it yet, version 1. */
export function fromRequested(
  p: EventPayload<'booking.appointment.requested'>,
  now: Date,
  arrivalCode: string | null = null,
): BoardAppointmentEntity {
  return Object.assign(new BoardAppointmentEntity(), {
    id: p.appointmentId,
    customerId: p.customerId,
    reference: p.reference,
    customerName: p.customer.name,
    customerPhone: p.customer.phone,
    location: p.location,
    customerLocation: p.customerLocation,
    vehicle: p.vehicle,
    preferredTime: p.preferredTime,
    scheduledDate: p.scheduledDate,
    scheduledTime: p.scheduledTime,
    scheduledStartTime: p.scheduledStartTime ? new Date(p.scheduledStartTime) : null,
    notes: p.notes,
    priority: p.priority,
    status: 'pending',
    technicianId: null,
    technicianUsername: null,
    technicianName: null,
    requestedAt: new Date(p.requestedAt),
    acceptedAt: null,
    enRouteAt: null,
    onLocationAt: null,
    completedAt: null,
    version: 1,
    handBackBy: null,
    handBackReason: null,
    handBackAt: null,
    cancelReason: null,
    closedAt: null,
    arrivalCode,
    arrivalMisses: 0,
    arrivalConfirmed: null,
    payment: null,
    battery: p.battery,
    createdAt: now,
    updatedAt: now,
  } satisfies BoardAppointmentEntity);
}
