/**
 * Proof of arrival (issue 35, optional per business: REQUIRE_ARRIVAL_CODE): the customer's tracking
 * page shows a 4-digit code that the technician types on arrival. A wrong code three times lets
 * the arrival through, flagged to the dispatcher: it never blocks a job forever. Office staff
 * marking an arrival for a technician are not asked.
 */
export const ARRIVAL_CODE_TRIES = 3;

export const ARRIVAL_CHECKS = ['none', 'required', 'confirmed', 'unconfirmed'] as const;
/** What the job's arrival proof is: none asked, still to give, given right, or flagged. */
export type ArrivalCheck = (typeof ARRIVAL_CHECKS)[number];

export const ARRIVAL_CODE_PATTERN = /^\d{4}$/;

export const ARRIVAL_MESSAGES = {
  format: "Type the 4-digit code from the customer's tracking page.",
  wrong: (triesLeft: number) =>
    `That is not this customer's arrival code. Ask them for the 4-digit code on their tracking page (${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left).`,
  /** The board's flag once three codes were wrong. */
  unconfirmed: 'Arrival code not confirmed',
  /** The customer's tracking page, until the technician arrives. */
  forCustomer: 'Your arrival code. Tell it to your technician when they arrive.',
} as const;

/** The job's side of the check: its code (null: none asked) and what happened so far. */
export interface ArrivalFacts {
  arrivalCode: string | null;
  arrivalMisses: number;
  arrivalConfirmed: boolean | null;
}

export type ArrivalOutcome =
  | { outcome: 'not-asked' }
  | { outcome: 'confirmed' }
  /** The third wrong code: the arrival goes through, flagged to the dispatcher. */
  | { outcome: 'unconfirmed' }
  | { outcome: 'wrong'; message: string };

/** The arrival step's check of the code typed (absent counts as wrong). */
export function checkArrivalCode(
  job: ArrivalFacts,
  typed: string | null | undefined,
  actor: { role: string },
): ArrivalOutcome {
  if (job.arrivalCode === null || actor.role !== 'technician') return { outcome: 'not-asked' };
  if (typed === job.arrivalCode) return { outcome: 'confirmed' };
  const misses = job.arrivalMisses + 1;
  if (misses >= ARRIVAL_CODE_TRIES) return { outcome: 'unconfirmed' };
  return { outcome: 'wrong', message: ARRIVAL_MESSAGES.wrong(ARRIVAL_CODE_TRIES - misses) };
}

export function arrivalCheckOf(job: ArrivalFacts): ArrivalCheck {
  if (job.arrivalCode === null) return 'none';
  if (job.arrivalConfirmed === null) return 'required';
  return job.arrivalConfirmed ? 'confirmed' : 'unconfirmed';
}
