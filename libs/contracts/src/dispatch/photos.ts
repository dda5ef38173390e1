import { z } from 'zod';
import { occurredAtSchema } from '../common';
import { PHOTO_KINDS, PHOTO_MESSAGES, PHOTO_TYPES } from './photo-rules';

/**
 * POST /api/appointments/{id}/photos?kind=...: the query of an upload (the image is the body).
 * A signature carries the customer's printed name.
 */
export const photoQuerySchema = z.object({
  kind: z.enum(PHOTO_KINDS, PHOTO_MESSAGES.kind),
  signedBy: z
    .string()
    .trim()
    .max(100, 'Name is at most 100 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  /** When the photo was taken, as the phone recorded it (sent later from its outbox). */
  occurredAt: occurredAtSchema.optional(),
});
export type PhotoQuery = z.output<typeof photoQuerySchema>;

/** A photo as recorded on the job (its bytes: GET /api/photos/{id}). */
export const jobPhotoSchema = z.object({
  id: z.number().int().positive(),
  appointmentId: z.number().int().positive(),
  kind: z.enum(PHOTO_KINDS),
  contentType: z.enum(PHOTO_TYPES),
  bytes: z.number().int().nonnegative(),
  signedBy: z.string().nullable(),
  technicianId: z.number().int().nullable(),
  technicianName: z.string().nullable(),
  takenAt: z.string(),
});
export type JobPhoto = z.infer<typeof jobPhotoSchema>;
export const jobPhotosSchema = z.array(jobPhotoSchema);
