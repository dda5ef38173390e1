import { z } from 'zod';
import './zod-messages';
import { APPOINTMENT_STATUSES, PRIORITIES, ROLES, USER_STATUSES } from './enums';

/** Field schemas shared by several resources: one spelling of each rule. */

export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** Optional free text: trimmed, bounded; empty or missing becomes null. */
export const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(label, max))
    .nullish()
    .transform((v) => (v ? v : null));

export const geoPointSchema = z.object({ lat: z.number(), lng: z.number() });
export type GeoPoint = z.infer<typeof geoPointSchema>;

/** The largest id a row can have (Postgres `integer`). */
export const MAX_ID = 2_147_483_647;

/** A numeric path parameter such as `/api/customers/{id}`: any id a row can have, no more. */
export const idParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: 'The id must be a positive number.', abort: true })
  .refine((v) => Number(v) <= MAX_ID, 'The id must be a positive number.')
  .transform(Number);

/**
 * When a step happened, as the phone recorded it: sent later from its outbox (issue 34), the step
 * keeps its real time (`stepInstant` decides what is accepted). Absent: now.
 */
export const occurredAtSchema = z.iso.datetime({
  offset: true,
  error: "The step's time must be a date and time, such as 2026-11-28T14:05:00Z.",
});

export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES, 'Unknown appointment status');
export const prioritySchema = z.enum(PRIORITIES);
export const roleSchema = z.enum(ROLES, 'Role must be admin or technician');
export const userStatusSchema = z.enum(USER_STATUSES);
