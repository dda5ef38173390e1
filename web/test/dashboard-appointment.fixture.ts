import type { AppointmentStatus, DashboardAppointment } from '@cincy/contracts';

/** A board appointment for specs: pending ASAP job, unassigned, version 1, unless `extra` says otherwise. */
export function dashboardAppointment(
  id: number,
  status: AppointmentStatus = 'pending',
  extra: Partial<DashboardAppointment> = {},
): DashboardAppointment {
  return {
    id,
    customerId: 100 + id,
    status,
    priority: 'normal',
    customer: { name: `Customer ${id}`, phone: '5135550100' },
    location: '1 Main St, Cincinnati, Ohio 45202',
    customerLocation: null,
    technicianId: null,
    technicianUsername: null,
    technician: null,
    vehicle: null,
    preferredTime: 'ASAP',
    scheduledDate: null,
    scheduledTime: null,
    notes: null,
    requestedAt: '2030-06-14T12:00:00.000Z',
    createdAt: '2030-06-14T12:00:00.000Z',
    updatedAt: '2030-06-14T12:00:00.000Z',
    version: 1,
    handBack: null,
    arrivalCheck: 'none',
    payment: null,
    battery: null,
    cancelReason: null,
    ...extra,
  };
}
