import { ERROR_CODES, isServedZip, outsideServiceArea, zipOf } from '@cincy/contracts';
import type { RuleViolation } from '../common/rule-violation';

/**
 * A location whose ZIP is not served is refused at the location (the form puts it at its ZIP
 * field). One that names no ZIP passes: staff type free text ("Kroger lot on Vine") for customers
 * they know, and a missing ZIP is no sign of being far away.
 */
export function checkServiceArea(
  location: string,
  served: readonly string[],
): RuleViolation | null {
  const zip = zipOf(location);
  if (zip === null || isServedZip(zip, served)) return null;
  return {
    code: ERROR_CODES.outsideServiceArea,
    message: outsideServiceArea(zip),
    field: 'location',
  };
}
