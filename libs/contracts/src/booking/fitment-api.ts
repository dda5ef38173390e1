import { z } from 'zod';
import { tooLong } from '../common';
import { FITMENT_TECHNOLOGIES } from './fitment';

/** The years a fitment row may name: the form's oldest choice to next year's models. */
export const FITMENT_YEARS = { min: 1980, max: 2030 } as const;

const year = (label: string) =>
  z
    .number(`${label} must be a year`)
    .int(`${label} must be a year`)
    .min(
      FITMENT_YEARS.min,
      `${label} must be between ${FITMENT_YEARS.min} and ${FITMENT_YEARS.max}`,
    )
    .max(
      FITMENT_YEARS.max,
      `${label} must be between ${FITMENT_YEARS.min} and ${FITMENT_YEARS.max}`,
    );

const text = (label: string, max: number) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLong(label, max));

const optionalText = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, tooLong(label, max))
    .nullish()
    .transform((v) => v || null);

export const bookedBatterySchema = z.object({
  groupSize: z.string(),
  technology: z.enum(FITMENT_TECHNOLOGIES),
});

/** POST /api/fitment, PUT /api/fitment/{id}: one vehicle's battery (admins). */
export const fitmentInputSchema = z
  .object({
    yearFrom: year('First year'),
    yearTo: year('Last year'),
    make: text('Make', 40),
    model: text('Model', 40),
    /** Only where the battery differs by engine ("3.5L V6"). */
    engine: optionalText('Engine', 40),
    /** The BCI group size ("H6", "24F"). */
    groupSize: text('Group size', 10),
    /** Its EN/DIN equivalent ("H6/LN3"), where there is one. */
    enDin: optionalText('EN/DIN size', 20),
    technology: z.enum(FITMENT_TECHNOLOGIES, 'Technology must be flooded, EFB or AGM'),
    minCca: z
      .number('Minimum CCA must be a whole number from 100 to 1500')
      .int('Minimum CCA must be a whole number from 100 to 1500')
      .min(100, 'Minimum CCA must be a whole number from 100 to 1500')
      .max(1500, 'Minimum CCA must be a whole number from 100 to 1500'),
    startStop: z.boolean('Start-stop must be true or false'),
    /** The car must be told of its new battery (BMW, Audi, VW and others) after the swap. */
    registration: z.boolean('Registration must be true or false'),
    /** The public source the row follows. */
    source: text('Source', 300),
  })
  .refine((row) => row.yearTo >= row.yearFrom, {
    path: ['yearTo'],
    message: 'Last year must not be before the first year',
  });
export type FitmentInput = z.infer<typeof fitmentInputSchema>;

/** A fitment row, with the published installed price of its technology (dollars). */
export const fitmentSchema = z.object({
  id: z.number().int(),
  yearFrom: z.number().int(),
  yearTo: z.number().int(),
  make: z.string(),
  model: z.string(),
  engine: z.string().nullable(),
  groupSize: z.string(),
  enDin: z.string().nullable(),
  technology: z.enum(FITMENT_TECHNOLOGIES),
  minCca: z.number().int(),
  startStop: z.boolean(),
  registration: z.boolean(),
  source: z.string(),
  installedPrice: z.number(),
  updatedAt: z.string(),
});
export type Fitment = z.infer<typeof fitmentSchema>;

/**
 * A row as GET /api/fitment answers it: with whether a battery of it is free in stock (inventory's
 * count less the booked visits counting on one; null when inventory did not answer).
 */
export const fitmentLookupRowSchema = fitmentSchema.extend({ inStock: z.boolean().nullable() });
export type FitmentLookupRow = z.infer<typeof fitmentLookupRowSchema>;

/** GET /api/fitment?year=&make=&model=&engine=: the rows a vehicle matches (none: unknown). */
export const fitmentQuerySchema = z.object({
  year: z.coerce
    .number('Year must be a year')
    .int('Year must be a year')
    .min(FITMENT_YEARS.min, `Year must be between ${FITMENT_YEARS.min} and ${FITMENT_YEARS.max}`)
    .max(FITMENT_YEARS.max, `Year must be between ${FITMENT_YEARS.min} and ${FITMENT_YEARS.max}`),
  make: text('Make', 40),
  model: text('Model', 40),
  engine: optionalText('Engine', 40),
});
export type FitmentQuery = z.infer<typeof fitmentQuerySchema>;

/** GET /api/fitment/rows?make=: the table as the Fitment screen lists it (admins). */
export const fitmentListQuerySchema = z.object({ make: optionalText('Make', 40) });
