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

/** A numeric path parameter such as `/api/customers/{id}`. */
export const idParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, 'The id must be a positive number.')
  .transform(Number);

export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES, 'Unknown appointment status');
export const prioritySchema = z.enum(PRIORITIES);
export const roleSchema = z.enum(ROLES, 'Role must be admin or technician');
export const userStatusSchema = z.enum(USER_STATUSES);
