// The vehicle identification number (issue 37): checked by its check digit (49 CFR 565.15) and
// read offline for the maker (the WMI, its first three characters) and the model year (its tenth).
// A plain module (no zod): the booking form checks and reads a VIN as it is typed.

export const VIN_LENGTH = 17;

export const VIN_MESSAGES = {
  length: 'A VIN has 17 characters',
  characters: 'A VIN has only letters and digits, never I, O or Q',
  checkDigit:
    "This VIN's check digit does not match: one character is mistyped. Check it against the windshield or the registration",
} as const;

/** What a VIN tells offline: the maker as the booking form names it (null: not one it lists or shared by several) and the model year. */
export interface DecodedVin {
  vin: string;
  make: string | null;
  modelYear: number | null;
}

/** As typed: spaces and dashes dropped, capitals. */
export const normalizeVin = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();

// 49 CFR 565.15: each letter's value, and each position's weight (the 9th is the check digit).
const VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}; // prettier-ignore
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_CHARACTERS = /^[A-HJ-NPR-Z0-9]{17}$/;

const valueOf = (c: string) => (c >= '0' && c <= '9' ? Number(c) : VALUES[c]);

/** The check digit a VIN of valid characters must carry in its 9th place: '0'-'9' or 'X' (10). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) sum += valueOf(vin[i]) * WEIGHTS[i];
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** What is wrong with a (normalized) VIN, or null. */
export function vinProblem(vin: string): string | null {
  if (vin.length !== VIN_LENGTH) return VIN_MESSAGES.length;
  if (!VIN_CHARACTERS.test(vin)) return VIN_MESSAGES.characters;
  return vin[8] === vinCheckDigit(vin) ? null : VIN_MESSAGES.checkDigit;
}

// The 10th character's model years: A-Y (no I, O, Q, U, Z) then 1-9, a 30-year cycle from 1980.
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * The model year: the 10th character names one year in each 30-year cycle; for cars and light
 * trucks (the vans' work) a letter in the 7th place means the cycle from 2010, a digit the one
 * from 1980. A year more than one ahead of `now`'s is read in the cycle before.
 */
export function vinModelYear(vin: string, now: Date = new Date()): number | null {
  const index = YEAR_CODES.indexOf(vin[9]);
  if (index < 0) return null;
  let year = 1980 + index + (/[A-Z]/.test(vin[6]) ? 30 : 0);
  if (year > now.getUTCFullYear() + 1) year -= 30;
  return year;
}

/**
 * World manufacturer identifiers of the makes the booking form lists (SAE J1044, as each maker
 * publishes them in its VIN decoding guides to NHTSA). A WMI shared by several makes is left out
 * and the customer picks the make: Stellantis' 1C3/1C4/1C6 (Chrysler, Dodge, Jeep, Ram), Nissan's
 * 5N1 and JN8 (Nissan and Infiniti SUVs).
 */
const WMI_MAKES: Record<string, readonly string[]> = {
  Acura: ['19U', 'JH4', '5J8'],
  Audi: ['WAU', 'WA1', 'TRU'],
  BMW: ['WBA', 'WBS', 'WBX', 'WBY', '5UX', '5YM', '4US'],
  Buick: ['1G4', '2G4', 'KL4', '5GA'],
  Cadillac: ['1G6', '1GY'],
  Chevrolet: ['1G1', '1GC', '1GN', '2G1', '3G1', '3GN', 'KL7', 'KL8', '1GB'],
  Dodge: ['1B3', '2B3', '2D4', '2D8'],
  Ford: ['1FA', '1FB', '1FC', '1FD', '1FM', '1FT', '2FA', '2FM', '2FT', '3FA', '3FM', '3FT'],
  GMC: ['1GT', '2GT', '3GT', '1GK'],
  Honda: ['1HG', '2HG', '5FN', '5J6', 'JHM', '19X', 'SHH', '2HK', '7FA'],
  Hyundai: ['KMH', 'KM8', '5NP', '5NM', '5NT'],
  Infiniti: ['JNK', 'JNR'],
  Jeep: ['1J4', '1J8'],
  Kia: ['KNA', 'KND', '5XX', '5XY', '3KP'],
  Lexus: ['JTH', 'JTJ', '2T2', '58A'],
  Lincoln: ['1LN', '2LM', '5LM', '3LN'],
  Mazda: ['JM1', 'JM3', '3MZ', '3MV'],
  'Mercedes-Benz': ['WDB', 'WDC', 'WDD', '4JG', '55S', 'W1K', 'W1N'],
  Mini: ['WMW'],
  Mitsubishi: ['JA3', 'JA4', '4A3', '4A4', 'ML3'],
  Nissan: ['1N4', '1N6', '3N1', '3N6', 'JN1'],
  Ram: ['3C6', '3C7'],
  Subaru: ['JF1', 'JF2', '4S3', '4S4'],
  Toyota: ['JTD', 'JTE', 'JTM', 'JTN', 'JT2', '2T1', '2T3', '4T1', '4T3', '5TD', '5TF', '5YF'],
  Volkswagen: ['1VW', '3VW', 'WVW', 'WVG', '1V2'],
  Volvo: ['YV1', 'YV4'],
};
/** The maker as the booking form names it, from the VIN's WMI; null when unknown or shared. */
export function vinMake(vin: string): string | null {
  const wmi = vin.slice(0, 3);
  return Object.keys(WMI_MAKES).find((make) => WMI_MAKES[make].includes(wmi)) ?? null;
}

/** A valid VIN read: its make and model year (either may be unknown). Throws on an invalid one. */
export function decodeVin(text: string, now: Date = new Date()): DecodedVin {
  const vin = normalizeVin(text);
  const problem = vinProblem(vin);
  if (problem) throw new Error(problem);
  return { vin, make: vinMake(vin), modelYear: vinModelYear(vin, now) };
}
