// No zod here: the booking form checks the ZIP as it is typed, before the schemas arrive.
import { BUSINESS } from '../constants';

/**
 * The ZIP codes the vans serve by default, as 3-digit prefixes: those USPS routes through the
 * Cincinnati sectional center facility (DMM Labeling List L002, "SCF Cincinnati OH 450"):
 * Ohio 450, 451 and 452 (Cincinnati and its suburbs), Northern Kentucky 410 and Southeast
 * Indiana 470. Wider than the I-275 loop, on purpose: a visit just outside it is still worth a
 * van, and a call decides the rest. Booking's SERVED_ZIP_CODES replaces this list.
 */
export const DEFAULT_SERVED_ZIP_CODES: readonly string[] = ['450', '451', '452', '410', '470'];

/** An entry of a served list: a full 5-digit ZIP or a 3-digit prefix. */
export const SERVED_ZIP_ENTRY = /^\d{3}(\d{2})?$/;

const FULL_ZIP = /^(\d{5})(-\d{4})?$/;

/**
 * Whether a ZIP (12345 or 12345-6789) is served: its five digits are one of `served`, or start
 * with one of its 3-digit prefixes. Anything that is not a ZIP is not served.
 */
export function isServedZip(
  zip: string,
  served: readonly string[] = DEFAULT_SERVED_ZIP_CODES,
): boolean {
  const five = FULL_ZIP.exec(zip.trim())?.[1];
  if (!five) return false;
  return served.some((entry) =>
    entry.length === 3 ? five.startsWith(entry) : entry.length === 5 && five === entry,
  );
}

/**
 * Five digits standing alone (not part of a longer number), with an optional +4. The character
 * before is matched, not looked behind at: older phone browsers lack lookbehind.
 */
const ZIP_IN_TEXT = /(^|[^\d-])(\d{5})(?:-\d{4})?(?![\d-])/g;

/**
 * The last 5-digit ZIP in an address ("1 Main St, Cincinnati, OH 45202-1234" gives "45202"), or
 * null when it names none. A 5-digit house number ("11711 Princeton Pike, Springdale") is not a
 * ZIP: five digits that open a comma-separated part with more words after them are skipped.
 */
export function zipOf(location: string): string | null {
  let found: string | null = null;
  for (const part of location.split(',')) {
    for (const match of part.matchAll(ZIP_IN_TEXT)) {
      const before = part.slice(0, match.index + match[1].length).trim();
      const after = part.slice(match.index + match[0].length).trim();
      const houseNumber = before === '' && after !== '';
      if (!houseNumber) found = match[2];
    }
  }
  return found;
}

/** The refusal the form shows at the ZIP field and booking answers (422 OUTSIDE_SERVICE_AREA). */
export function outsideServiceArea(zip: string): string {
  return `We don't serve ZIP code ${zip}: our vans cover Cincinnati, Northern Kentucky and Southeast Indiana. Call ${BUSINESS.phone} to ask.`;
}
