/** Street words as people type them, folded to one spelling so '100 Vine Street' meets '100 Vine St.' */
const WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  drive: 'dr',
  boulevard: 'blvd',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  parkway: 'pkwy',
  highway: 'hwy',
  terrace: 'ter',
  circle: 'cir',
  square: 'sq',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  mount: 'mt',
  fort: 'ft',
  township: 'twp',
  first: '1st',
  second: '2nd',
  third: '3rd',
  fourth: '4th',
  fifth: '5th',
  sixth: '6th',
  seventh: '7th',
  eighth: '8th',
  ninth: '9th',
};

const STATES: Record<string, 'OH' | 'KY' | 'IN'> = {
  oh: 'OH',
  ohio: 'OH',
  ky: 'KY',
  kentucky: 'KY',
  in: 'IN',
  indiana: 'IN',
};

/** Lower case, no punctuation or unit numbers, one spelling per street word. */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[.,#'’()]/g, ' ')
    .replace(/\b(apt|apartment|suite|ste|unit)\s+\w+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => WORDS[word] ?? word)
    .join(' ');
}

export interface ParsedAddress {
  /** The whole address, normalised, without the state, zip and country at its end. */
  place: string;
  state: 'OH' | 'KY' | 'IN' | null;
  /** The five-digit zip, when one ends the address. */
  zip: string | null;
}

/**
 * Reads 'street, city, state zip' (the booking form's one-line location) and its comma-less
 * variants from the end: country, zip, state; what remains is street and city.
 */
export function parseAddress(location: string): ParsedAddress {
  const words = normaliseText(location).split(' ').filter(Boolean);
  if (words.at(-1) === 'usa' || words.at(-1) === 'us') words.pop();
  let zip: string | null = null;
  const last = words.at(-1);
  if (words.length > 1 && last && /^\d{5}(-\d{4})?$/.test(last)) {
    zip = last.slice(0, 5);
    words.pop();
  }
  let state: ParsedAddress['state'] = null;
  const maybeState = words.at(-1);
  if (words.length > 1 && maybeState && STATES[maybeState]) {
    state = STATES[maybeState];
    words.pop();
  }
  return { place: words.join(' '), state, zip };
}

/** True when `place` ends with `name` as whole words ('123 main st west chester' ends with 'west chester'). */
export function endsWithName(place: string, name: string): boolean {
  return place === name || place.endsWith(` ${name}`);
}
