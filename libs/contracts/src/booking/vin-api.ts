import { z } from 'zod';
import { VIN_MESSAGES, normalizeVin, vinProblem } from './vin';

/** GET /api/vin/{vin}: a VIN as typed (spaces, dashes, any case), valid by its check digit. */
export const vinSchema = z
  .string(VIN_MESSAGES.length)
  .transform(normalizeVin)
  .superRefine((vin, ctx) => {
    const problem = vinProblem(vin);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** What a VIN tells offline: its maker as the booking form names it, and its model year. */
export const decodedVinSchema = z.object({
  vin: z.string(),
  /** One of the booking form's makes; null when the maker is not one it lists, or is shared. */
  make: z.string().nullable(),
  modelYear: z.number().int().nullable(),
});
