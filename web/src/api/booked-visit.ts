import { createdAppointmentSchema } from '@cincy/contracts';

/** A booking made: its id, its reference and its private link's token (`/confirmation/<token>`). */
export interface BookedVisit {
  id: number;
  reference: string;
  token: string;
}

/**
 * The booking's answer read with its contract's schema; null when it is not one. Imported only
 * when the answer has come (zod is not on the form's first screen: web/scripts/check-bundle.mjs);
 * the form's validation has fetched the same chunk by then.
 */
export function parseBookedVisit(answer: unknown): BookedVisit | null {
  const parsed = createdAppointmentSchema.safeParse(answer);
  if (!parsed.success) return null;
  const { id, reference, token } = parsed.data;
  return { id, reference, token };
}
