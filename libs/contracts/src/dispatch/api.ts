import { z } from 'zod';
import { appointmentStatusSchema, geoPointSchema, prioritySchema } from '../common';

/** What the board shows of one appointment. */
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
  /** Grows with every change, so a late push never overwrites a newer state. */
  version: z.number().int(),
});
export type DashboardAppointment = z.infer<typeof dashboardAppointmentSchema>;
export const dashboardAppointmentsSchema = z.array(dashboardAppointmentSchema);

/** PATCH /api/appointments/{id}/status. The technician fields are the caller's; the server uses the session. */
export const statusChangeSchema = z.object({
  status: appointmentStatusSchema,
  technicianId: z.number().int().nullish(),
  technicianUsername: z.string().max(100).nullish(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** GET /api/dashboard/stats (definitions: docs/adr/0037-dashboard-stats.md). */
export const dashboardStatsSchema = z.object({
  completedToday: z.number().int(),
  /** One decimal. */
  tasksPerAvailableHour: z.number(),
  /** Whole minutes. */
  averageInstallTime: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** What PATCH /api/appointments/{id}/decline answers. */
export const declineAnswerSchema = z.object({
  message: z.string(),
  appointment: dashboardAppointmentSchema,
});

/** GET /api/dashboard/map: where the board's map gets its tiles (configured on the server). */
export const mapConfigSchema = z.object({ tileUrl: z.string(), attribution: z.string() });
export type MapConfig = z.infer<typeof mapConfigSchema>;
