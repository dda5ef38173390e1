import { z } from 'zod';
import { occurredAtSchema } from '../common';
import {
  BATTERY_TEST_BOUNDS as BOUNDS,
  BATTERY_TEST_MESSAGES as MESSAGES,
  CHARGING_RESULTS,
  RATING_STANDARDS,
  STARTER_RESULTS,
  TESTED_BATTERIES,
  TEST_DECISIONS,
} from './battery-test-rules';

/** A reading in `bounds`, with the one message a technician reads whatever is wrong with it. */
const reading = (bounds: { min: number; max: number }, message: string, whole = false) => {
  const number = z.number(message).min(bounds.min, message).max(bounds.max, message);
  return whole ? number.int(message) : number.multipleOf(0.01, message);
};
const volts = (message: string) => reading(BOUNDS.volts, message);
const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, message);

/**
 * POST /api/appointments/{id}/battery-tests: one test as the tester printed it. The starter and
 * charging-system results are optional (not every tester runs them).
 */
export const batteryTestInputSchema = z.object({
  battery: choice(TESTED_BATTERIES, MESSAGES.battery),
  ratingStandard: choice(RATING_STANDARDS, MESSAGES.ratingStandard),
  ratedCca: reading(BOUNDS.cca, MESSAGES.ratedCca, true),
  measuredCca: reading(BOUNDS.cca, MESSAGES.measuredCca, true),
  voltage: volts(MESSAGES.voltage),
  stateOfHealth: reading(BOUNDS.health, MESSAGES.stateOfHealth, true),
  decision: choice(TEST_DECISIONS, MESSAGES.decision),
  starter: z
    .object({
      voltage: volts(MESSAGES.starterVoltage),
      result: choice(STARTER_RESULTS, MESSAGES.starterResult),
    })
    .nullish()
    .transform((v) => v ?? null),
  charging: z
    .object({
      voltage: volts(MESSAGES.chargingVoltage),
      result: choice(CHARGING_RESULTS, MESSAGES.chargingResult),
    })
    .nullish()
    .transform((v) => v ?? null),
  /** The code the tester prints to look the test up again (its own format). */
  testCode: z
    .string()
    .trim()
    .max(BOUNDS.testCode, `Test code is at most ${BOUNDS.testCode} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** When the test was taken, as the phone recorded it (sent later from its outbox). */
  occurredAt: occurredAtSchema.optional(),
});
export type BatteryTestInput = z.input<typeof batteryTestInputSchema>;

/** A test as recorded: who took it, on which job, when. */
export const batteryTestSchema = batteryTestInputSchema.omit({ occurredAt: true }).extend({
  id: z.number().int().positive(),
  appointmentId: z.number().int().positive(),
  technicianId: z.number().int().nullable(),
  technicianName: z.string().nullable(),
  testedAt: z.string(),
});
export type BatteryTest = z.infer<typeof batteryTestSchema>;
export const batteryTestsSchema = z.array(batteryTestSchema);
