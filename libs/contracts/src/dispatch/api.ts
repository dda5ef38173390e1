import { z } from 'zod';
import { APPOINTMENT_STATUSES } from '../enums';
import { geoPointSchema, prioritySchema } from '../booking/api';

export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);

/** The spec's "Dashboard appointment view": what the board shows of one appointment. */
export const dashboardAppointmentSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  status: appointmentStatusSchema,
  priority: prioritySchema,
  customer: z.object({ name: z.string(), phone: z.string() }),
  location: z.string(),
  customerLocation: geoPointSchema.nullable(),
  technicianId: z.number().int().nullable(),
  technicianUsername: z.string().nullable(),
  technician: z.object({ name: z.string() }).nullable(),
  vehicle: z.string().nullable(),
  preferredTime: z.string().nullable(),
  scheduledDate: z.string().nullable(),
  scheduledTime: z.string().nullable(),
  notes: z.string().nullable(),
  requestedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DashboardAppointment = z.infer<typeof dashboardAppointmentSchema>;
export const dashboardAppointmentsSchema = z.array(dashboardAppointmentSchema);
