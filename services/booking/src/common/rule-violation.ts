import { ErrorCode } from '@cincy/contracts';
import { DomainError } from '@cincy/platform';

/** A rule said no: the code decides the HTTP status, the field is where the form shows it. */
export interface RuleViolation {
  code: ErrorCode;
  message: string;
  field?: 'scheduledDate' | 'scheduledTime' | 'date' | 'location';
}

/** Turns a rule's "no" into the error that travels back to the gateway. */
export function rejectIfViolated(violation: RuleViolation | null): void {
  if (!violation) return;
  const { code, message, field } = violation;
  throw new DomainError(code, message, field ? { [field]: message } : undefined);
}
