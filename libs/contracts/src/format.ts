// One way to show a phone and an address (issue 23): phones are stored as digits and read as
// "(513) 555-0188"; states are stored and read as their two-letter code. A plain module (no zod):
// the board, the public pages and notify's messages all import it.

/** A phone's digits only; the leading 1 of an 11-digit US number drops out ("+1 513…" = "513…"). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
}

/** A phone as people read it: "(513) 555-0188" for ten digits, else as given. */
export function formatPhone(phone: string): string {
  const digits = phoneDigits(phone);
  if (digits.length !== 10) return phone;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A phone in E.164 for the text provider ("+15135550188"), or null when it cannot be one. */
export function toE164(phone: string): string | null {
  const digits = phoneDigits(phone);
  return digits.length === 10 ? `+1${digits}` : null;
}

/** The states (and DC) by their USPS code. */
export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
} as const;
export type UsStateCode = keyof typeof US_STATES;

/** The states the vans reach (the booking form's choices): Ohio, Kentucky, Indiana. */
export const SERVED_STATES: readonly UsStateCode[] = ['OH', 'KY', 'IN'];

const CODE_BY_NAME = new Map(
  Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code as UsStateCode]),
);

/** "Ohio", "ohio", "OH" or "oh" → "OH"; null for anything that is not a state. */
export function stateCode(nameOrCode: string): UsStateCode | null {
  const text = nameOrCode.trim().replace(/\s+/g, ' ');
  const upper = text.toUpperCase();
  if (/^[A-Z]{2}$/.test(upper) && upper in US_STATES) return upper as UsStateCode;
  return CODE_BY_NAME.get(text.toLowerCase()) ?? null;
}

// A spelled-out name right before a ZIP. Longest names first, so "West Virginia" is not read as
// "Virginia". No lookbehind: older phone browsers lack it.
const NAME_BEFORE_ZIP = new RegExp(
  `\\b(${[...CODE_BY_NAME.keys()]
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/ /g, '\\s+'))
    .join('|')})(\\s+\\d{5}(?:-\\d{4})?)\\b`,
  'gi',
);

/**
 * An address as stored and shown: a state's name before the ZIP becomes its code
 * ("1200 Vine St, Cincinnati, Ohio 45202" → "1200 Vine St, Cincinnati, OH 45202"); the rest
 * stays as typed.
 */
export function formatLocation(address: string): string {
  return address.replace(
    NAME_BEFORE_ZIP,
    (match, name: string, zip: string) => `${stateCode(name) ?? name}${zip}`,
  );
}

/** A vehicle's parts as a service record holds them. */
export interface VehicleParts {
  vehicleYear: string | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  vehicleColor: string | null;
}

/**
 * A vehicle as the booking form writes it: "2019 Toyota Camry (Blue)", "(Blue)" with only a
 * colour, null when nothing is named.
 */
export function vehicleLabel(parts: VehicleParts): string | null {
  const car = [parts.vehicleYear, parts.vehicleMake, parts.vehicleModel]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  const color = parts.vehicleColor?.trim();
  if (!car) return color ? `(${color})` : null;
  return color ? `${car} (${color})` : car;
}
