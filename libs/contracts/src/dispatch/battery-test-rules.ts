import type { AppointmentStatus, ServiceCode } from '../enums';
import { ERROR_CODES } from '../error-codes';
import { isClosed, type Refusal } from './lifecycle';

// A battery test as a conductance tester prints it (Midtronics, Foxwell, Topdon and the like all
// print these fields), and the rules a completion holds it to. Plain: the field app checks a
// completion with them offline, without zod.

/** Which battery was tested: the one in the car on arrival, or the one put in. */
export const TESTED_BATTERIES = ['old', 'new'] as const;
export type TestedBattery = (typeof TESTED_BATTERIES)[number];

/** The standard the battery's cold cranking amps are rated in (on its label). */
export const RATING_STANDARDS = ['SAE', 'EN', 'DIN', 'JIS'] as const;
export type RatingStandard = (typeof RATING_STANDARDS)[number];

/** The tester's decision, as it prints it. */
export const TEST_DECISIONS = [
  'GOOD',
  'GOOD_RECHARGE',
  'CHARGE_RETEST',
  'REPLACE',
  'BAD_CELL',
] as const;
export type TestDecision = (typeof TEST_DECISIONS)[number];
export const TEST_DECISION_LABELS: Record<TestDecision, string> = {
  GOOD: 'GOOD',
  GOOD_RECHARGE: 'GOOD - RECHARGE',
  CHARGE_RETEST: 'CHARGE & RETEST',
  REPLACE: 'REPLACE',
  BAD_CELL: 'BAD CELL',
};
/** Decisions that say the battery failed: what a warranty replacement stands on. */
export const FAILING_DECISIONS: readonly TestDecision[] = ['REPLACE', 'BAD_CELL'];

export const STARTER_RESULTS = ['NORMAL', 'LOW'] as const;
export type StarterResult = (typeof STARTER_RESULTS)[number];

export const CHARGING_RESULTS = [
  'NO_PROBLEMS',
  'NO_OUTPUT',
  'LOW',
  'HIGH',
  'EXCESSIVE_RIPPLE',
] as const;
export type ChargingResult = (typeof CHARGING_RESULTS)[number];
export const CHARGING_RESULT_LABELS: Record<ChargingResult, string> = {
  NO_PROBLEMS: 'NO PROBLEMS',
  NO_OUTPUT: 'NO OUTPUT',
  LOW: 'LOW',
  HIGH: 'HIGH',
  EXCESSIVE_RIPPLE: 'EXCESSIVE RIPPLE',
};

/** What a reading may be: a 12 V car battery reads 0-20 V; no car battery is rated past 2,000 A. */
export const BATTERY_TEST_BOUNDS = {
  volts: { min: 0, max: 20 },
  cca: { min: 0, max: 2000 },
  health: { min: 0, max: 100 },
  testCode: 40,
} as const;

export const BATTERY_TEST_MESSAGES = {
  battery: 'Say which battery was tested: the old one or the new one',
  ratingStandard: 'Choose the rating standard on the label: SAE, EN, DIN or JIS',
  ratedCca: 'Rated CCA is the number on the label, from 0 to 2,000',
  measuredCca: 'Measured CCA is what the tester read, from 0 to 2,000',
  voltage: 'Voltage is what the tester read, from 0 to 20 V (for example 12.4)',
  stateOfHealth: 'State of health is a percentage from 0 to 100',
  decision: "Choose the tester's decision",
  starterVoltage: 'Cranking voltage is from 0 to 20 V (for example 10.2)',
  starterResult: 'Choose the starter result: NORMAL or LOW',
  chargingVoltage: 'Charging voltage is from 0 to 20 V (for example 14.2)',
  chargingResult: 'Choose the charging system result',
  warrantyNeedsFailingTest:
    'A warranty replacement needs a test of the old battery that says REPLACE or BAD CELL. Record that test first.',
  testOnlyNeedsTest: 'A battery test visit needs the test result. Record the test first.',
} as const;

/** Refusals of what is recorded at the door: the battery tests and the photos. */
export const DOOR_RECORD_MESSAGES = {
  notYourJob: 'Only the technician on this job can record or see its tests and photos.',
  notAtTheCar: 'Tests and photos are taken at the car: tap Arrived first.',
  closed: 'This job is closed: its tests and photos can no longer change.',
  signatureNeeded:
    "The customer's signature is needed before the job is completed: have them sign on the phone (Customer signs).",
} as const;

/**
 * May `actor` record a test or a photo on the job? The technician on it, once arrived (taken at
 * the car); the office on any open job (a printout typed in afterwards).
 */
export function checkDoorRecord(
  job: { status: AppointmentStatus; technicianId: number | null },
  actor: { id: number; role: string },
): Refusal | null {
  if (isClosed(job.status))
    return { code: ERROR_CODES.conflict, message: DOOR_RECORD_MESSAGES.closed };
  if (actor.role === 'admin') return null;
  if (job.technicianId !== actor.id)
    return { code: ERROR_CODES.forbidden, message: DOOR_RECORD_MESSAGES.notYourJob };
  if (job.status !== 'on_location')
    return { code: ERROR_CODES.conflict, message: DOOR_RECORD_MESSAGES.notAtTheCar };
  return null;
}

/** What a completion's rules read of a test. */
export interface TestForCompletion {
  battery: TestedBattery;
  decision: TestDecision;
}

/**
 * What the job's tests lack for this completion, or null: a warranty replacement stands on a
 * failing test of the old battery; a "test only" visit on one test. The new battery's test is
 * recommended, never required.
 */
export function missingTest(
  serviceCode: ServiceCode,
  tests: readonly TestForCompletion[],
): string | null {
  if (
    serviceCode === 'warranty_replacement' &&
    !tests.some((t) => t.battery === 'old' && FAILING_DECISIONS.includes(t.decision))
  )
    return BATTERY_TEST_MESSAGES.warrantyNeedsFailingTest;
  if (serviceCode === 'test_only' && tests.length === 0)
    return BATTERY_TEST_MESSAGES.testOnlyNeedsTest;
  return null;
}

/** What a printout reads of a test. */
export interface PrintedTest extends TestForCompletion {
  ratingStandard: RatingStandard;
  ratedCca: number;
  measuredCca: number;
  voltage: number;
  stateOfHealth: number;
  starter: { voltage: number; result: StarterResult } | null;
  charging: { voltage: number; result: ChargingResult } | null;
  testCode: string | null;
}

/**
 * A test in the lines a tester's printout uses (the receipt and the office show it so): which
 * battery and its decision, the rating against the measure, voltage and health, then the starter
 * and charging system when they were run.
 */
export function testPrintout(test: PrintedTest): string[] {
  const code = test.testCode ? ` (test code ${test.testCode})` : '';
  const lines = [
    `${test.battery === 'old' ? 'OLD' : 'NEW'} BATTERY: ${TEST_DECISION_LABELS[test.decision]}${code}`,
    `Rated ${test.ratedCca} CCA ${test.ratingStandard} · Measured ${test.measuredCca} CCA · ${test.voltage.toFixed(2)} V · Health ${test.stateOfHealth} %`,
  ];
  const systems = [
    test.starter && `Starter ${test.starter.voltage.toFixed(2)} V ${test.starter.result}`,
    test.charging &&
      `Charging ${test.charging.voltage.toFixed(2)} V ${CHARGING_RESULT_LABELS[test.charging.result]}`,
  ].filter((line): line is string => !!line);
  if (systems.length) lines.push(systems.join(' · '));
  return lines;
}

/** A test as one line, the way a tester's printout sums it up: "Old battery: 41 % health, REPLACE". */
export const testSummary = (t: TestForCompletion & { stateOfHealth: number }) =>
  `${t.battery === 'old' ? 'Old' : 'New'} battery: ${t.stateOfHealth} % health, ${TEST_DECISION_LABELS[t.decision]}`;
