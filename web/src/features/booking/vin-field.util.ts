import { VIN_LENGTH, VIN_MESSAGES, decodeVin, normalizeVin, vinProblem } from '@cincy/contracts';

/** What the VIN field says and fills as the customer types it (offline: no request). */
export interface VinReading {
  /** A problem to show: only once 17 characters are typed, or when the field is left short. */
  error?: string;
  /** What the VIN filled in, said under the field. */
  hint?: string;
  /** The vehicle fields to set: the year when the form lists it, the make when it lists it. */
  fill?: { vehicleYear?: string; vehicleMake?: string };
}

/**
 * Reads a VIN as typed: nothing while it is short (unless `left`, the field was left), its
 * problem once it has 17 characters, else its year and make filled and said.
 */
export function readVin(
  text: string,
  choices: { years: readonly string[]; makes: readonly string[] },
  left = false,
  now: Date = new Date(),
): VinReading {
  const vin = normalizeVin(text);
  if (!vin) return {};
  if (vin.length < VIN_LENGTH) return left ? { error: VIN_MESSAGES.length } : {};
  const problem = vinProblem(vin);
  if (problem) return { error: problem };
  const { make, modelYear } = decodeVin(vin, now);
  const year =
    modelYear !== null && choices.years.includes(String(modelYear)) ? String(modelYear) : null;
  const listedMake = make !== null && choices.makes.includes(make) ? make : null;
  const fill = {
    ...(year ? { vehicleYear: year } : {}),
    ...(listedMake ? { vehicleMake: listedMake } : {}),
  };
  const read = [modelYear, listedMake].filter(Boolean).join(' ');
  return {
    fill,
    hint: read
      ? `From the VIN: ${read}. ${listedMake ? 'Choose the model.' : 'Choose the make and model.'}`
      : 'VIN checked. Choose the year, make and model.',
  };
}
