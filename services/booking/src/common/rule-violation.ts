import { DomainError } from '@cincy/platform';
import type { RuleViolation } from '../time-slots/time-slot-rules';

/** Turns a rule's "no" into the error that travels back to the gateway. */
export function rejectIfViolated(violation: RuleViolation | null): void {
  if (!violation) return;
  const { code, message, field } = violation;
  throw new DomainError(code, message, field ? { [field]: message } : undefined);
}
