import { z } from 'zod';
import { DATE_PATTERN } from '../booking/api';
import { TEXT_LIMITS } from '../booking/limits';
import { jobPaymentSchema } from '../billing/api';
import { bookedBatterySchema } from '../booking/fitment-api';
import { ARRIVAL_CHECKS, ARRIVAL_CODE_PATTERN, ARRIVAL_MESSAGES } from './arrival-code';
import {
  appointmentStatusSchema,
  geoPointSchema,
  prioritySchema,
  occurredAtSchema,
} from '../common';
import {
  MAX_SHIFTS_PER_DAY,
  SHIFT_MESSAGES,
  checkShiftRanges,
  checkWeeklyShifts,
  shiftMinutes,
} from './shifts';

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
  /**
   * Why a cancelled visit was cancelled, as the customer or the office gave it (null without one);
   * sent only to admins and the job's own technician, as the phone is.
   */
  cancelReason: z.string().nullable().default(null),
  /** The last time a technician gave the job back, until it is assigned or accepted again. */
  handBack: z
    .object({ by: z.string(), reason: z.string(), at: z.string() })
    .nullable()
    .default(null),
  /** Proof of arrival (REQUIRE_ARRIVAL_CODE): none asked, still to give, given, or flagged. */
  arrivalCheck: z.enum(ARRIVAL_CHECKS).default('none'),
  /** The job's invoice once billed: paid, partly paid or unpaid (billing's events, issue 36). */
  payment: jobPaymentSchema.default(null),
  /** The battery to bring, from the booking's vehicle (issue 37); null: check fitment. */
  battery: bookedBatterySchema.nullable().default(null),
});
export type DashboardAppointment = z.infer<typeof dashboardAppointmentSchema>;
export const dashboardAppointmentsSchema = z.array(dashboardAppointmentSchema);

/**
 * GET /api/dispatch/field-jobs: what a technician's phone works from, bounded by its screen: their
 * own open jobs and those closed today, and the oldest `FIELD_POOL.sent` of today's open pool.
 */
export const fieldJobsSchema = z.object({
  jobs: dashboardAppointmentsSchema,
  /** Jobs in today's open pool in all (the phone is sent the oldest `FIELD_POOL.sent`). */
  poolTotal: z.number().int().nonnegative(),
});
export type FieldJobs = z.infer<typeof fieldJobsSchema>;

/** PATCH /api/appointments/{id}/status. The technician fields are the caller's; the server uses the session. */
export const statusChangeSchema = z.object({
  status: appointmentStatusSchema,
  occurredAt: occurredAtSchema.optional(),
  /** On arrival, where the job asks for one: the code on the customer's tracking page. */
  arrivalCode: z
    .string(ARRIVAL_MESSAGES.format)
    .regex(ARRIVAL_CODE_PATTERN, ARRIVAL_MESSAGES.format)
    .optional(),
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

// ---- Shifts (who works when) -------------------------------------------------------------

const shiftTimeSchema = z.string().refine((t) => shiftMinutes(t) !== null, SHIFT_MESSAGES.time);
export const shiftRangeSchema = z.object({ start: shiftTimeSchema, end: shiftTimeSchema });
export const weeklyShiftSchema = shiftRangeSchema.extend({
  weekday: z.number().int().min(0).max(6),
});
export const dateShiftsSchema = z.object({
  date: z.string().regex(DATE_PATTERN),
  shifts: z.array(shiftRangeSchema),
});

/** The facts every copy keeps of a technician's schedule (`dispatch.schedule.changed`). */
export const scheduleFactsSchema = z.object({
  technicianId: z.number().int(),
  weekly: z.array(weeklyShiftSchema),
  exceptions: z.array(dateShiftsSchema),
});

/** PUT /api/schedules/{technicianId}/weekly: the whole weekly pattern. */
export const weeklyShiftsInputSchema = z
  .object({ shifts: z.array(weeklyShiftSchema).max(7 * MAX_SHIFTS_PER_DAY) })
  .superRefine(({ shifts }, ctx) => {
    const problem = checkWeeklyShifts(shifts);
    if (problem) ctx.addIssue({ code: 'custom', path: ['shifts'], message: problem });
  });
export type WeeklyShiftsInput = z.infer<typeof weeklyShiftsInputSchema>;

/** PUT /api/schedules/{technicianId}/dates/{date}: that day's shifts (none: a day off). */
export const dateShiftsInputSchema = z
  .object({ shifts: z.array(shiftRangeSchema).max(MAX_SHIFTS_PER_DAY, SHIFT_MESSAGES.tooMany) })
  .superRefine(({ shifts }, ctx) => {
    const problem = checkShiftRanges(shifts);
    if (problem) ctx.addIssue({ code: 'custom', path: ['shifts'], message: problem });
  });
export type DateShiftsInput = z.infer<typeof dateShiftsInputSchema>;

/** A date in a path: the day an exception is for. */
export const scheduleDateParamSchema = z
  .string()
  .regex(DATE_PATTERN, 'Use a date such as 2026-11-25.');

/** One technician's schedule as the schedule screen shows it. */
export const technicianScheduleSchema = scheduleFactsSchema.extend({
  name: z.string(),
  /** Today's shifts (exception or pattern), and whether one is under way now. */
  today: z.array(shiftRangeSchema),
  onShiftNow: z.boolean(),
});
export type TechnicianSchedule = z.infer<typeof technicianScheduleSchema>;
export const technicianSchedulesSchema = z.array(technicianScheduleSchema);

/** An assigned or accepted job a schedule change would leave outside its technician's shifts. */
export const strandedJobSchema = z.object({
  id: z.number().int(),
  /** `CB-7K3Q9`; null for a job dispatch copied before it kept references. */
  reference: z.string().nullable(),
  customerName: z.string(),
  status: appointmentStatusSchema,
  scheduledDate: z.string(),
  scheduledTime: z.string().nullable(),
});
export type StrandedJob = z.infer<typeof strandedJobSchema>;

/**
 * POST /api/schedules/{technicianId}/weekly/impact and .../dates/{date}/impact: what saving the
 * same body would leave outside the technician's shifts (nothing is saved). ADR 0102.
 */
export const shiftImpactSchema = z.object({ jobs: z.array(strandedJobSchema) });
export type ShiftImpact = z.infer<typeof shiftImpactSchema>;

// ---- Assignment ---------------------------------------------------------------------------

export const ASSIGNMENT_MESSAGES = {
  reasonRequired: 'Say why you are handing the job back.',
  reasonTooLong: `Keep the reason under ${TEXT_LIMITS.handBackReason} characters.`,
} as const;

/**
 * POST /api/appointments/{id}/assign. `version` is the job's version the dispatcher saw: when the
 * job changed since (another dispatcher assigned it), the answer is 409 naming who has it.
 */
export const assignInputSchema = z.object({
  technicianId: z.number().int().positive(),
  version: z.number().int().positive().optional(),
});
export type AssignInput = z.infer<typeof assignInputSchema>;

/** POST /api/appointments/{id}/hand-back: the job's technician gives it back, until on the way. */
export const handBackInputSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, ASSIGNMENT_MESSAGES.reasonRequired)
    .max(TEXT_LIMITS.handBackReason, ASSIGNMENT_MESSAGES.reasonTooLong),
});
export type HandBackInput = z.infer<typeof handBackInputSchema>;

/** GET /api/appointments/{id}/suggestions: technicians on shift, soonest arrival first. */
export const suggestionSchema = z.object({
  technicianId: z.number().int(),
  name: z.string(),
  /** Null when the technician's position or the customer's is unknown. */
  etaMinutes: z.number().int().nullable(),
  distanceKm: z.number().nullable(),
  activeJob: z.object({ id: z.number().int(), status: appointmentStatusSchema }).nullable(),
  /** 'routing' when the routing server (ROUTING_URL) answered, else the straight-line estimate. */
  source: z.enum(['estimate', 'routing']),
  /** Their van holds a battery the job takes (ranked first); null: the job's battery is unknown. */
  batteryInVan: z.boolean().nullable().default(null),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionsSchema = z.array(suggestionSchema);

// ---- The ASAP queue, auto-dispatch, the day ----------------------------------------------

/** One waiting ASAP request: not yet on the way (pending, assigned or accepted). */
export const queueEntrySchema = z.object({
  appointmentId: z.number().int(),
  position: z.number().int().positive(),
  customerName: z.string(),
  priority: prioritySchema,
  status: appointmentStatusSchema,
  requestedAt: z.string(),
  /** Who is expected to come: the job's technician, or the one the estimate picked. */
  technicianId: z.number().int().nullable(),
  technicianName: z.string().nullable(),
  /** Null while nobody is on shift to come. */
  estimatedWaitMinutes: z.number().int().nullable(),
  estimatedArrivalAt: z.string().nullable(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;
export const queueSchema = z.array(queueEntrySchema);

export const dispatchSettingsSchema = z.object({
  /** New ASAP requests go to the best free technician at once; off by default. */
  autoDispatch: z.boolean(),
});
export type DispatchSettings = z.infer<typeof dispatchSettingsSchema>;

export const dayQuerySchema = z.object({
  date: z.string().regex(DATE_PATTERN, 'Use a date such as 2026-11-25.'),
});

/** A job on the day view: measured times once they happened, else the estimate. */
export const dayJobSchema = z.object({
  id: z.number().int(),
  customerName: z.string(),
  status: appointmentStatusSchema,
  kind: z.enum(['asap', 'scheduled']),
  technicianId: z.number().int().nullable(),
  start: z.string(),
  end: z.string(),
  /** True when start and end are the job's own timestamps (on location to completed). */
  measured: z.boolean(),
  version: z.number().int(),
  /** Assigned or accepted for an hour its technician's shifts do not cover (ADR 0102). */
  outsideShift: z.boolean().optional(),
});
export type DayJob = z.infer<typeof dayJobSchema>;

export const dayViewSchema = z.object({
  date: z.string(),
  rows: z.array(
    z.object({
      technicianId: z.number().int(),
      name: z.string(),
      shifts: z.array(shiftRangeSchema),
      onShiftNow: z.boolean(),
      jobs: z.array(dayJobSchema),
    }),
  ),
  /** Open jobs of the day nobody has yet. */
  unassigned: z.array(dayJobSchema),
});
export type DayView = z.infer<typeof dayViewSchema>;
