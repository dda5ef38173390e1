import type { JobPhoto } from '@cincy/contracts';
import { requestJson } from './request';

/** GET /api/appointments/{id}/photos: the job's photos, in the order taken. */
export function fetchJobPhotos(appointmentId: number, signal?: AbortSignal): Promise<JobPhoto[]> {
  return requestJson('GET', `/api/appointments/${appointmentId}/photos`, undefined, { signal });
}

/** Where a photo's image is (shown only to the office and the job's technician). */
export const photoUrl = (photoId: number) => `/api/photos/${photoId}`;
