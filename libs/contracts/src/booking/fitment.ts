import { PRICES } from '../constants';

/**
 * Fitment (issue 37, ADR 0117): which battery a vehicle takes. Zod-free, so the public booking
 * form reads a lookup's answer without the schemas.
 */
export const FITMENT_TECHNOLOGIES = ['flooded', 'EFB', 'AGM'] as const;
export type FitmentTechnology = (typeof FITMENT_TECHNOLOGIES)[number];

/** What a booking keeps of the battery its vehicle takes; none on file is "check fitment". */
export interface BookedBattery {
  groupSize: string;
  technology: FitmentTechnology;
}

/** The dispatcher's flag on a visit whose battery is not known from its vehicle. */
export const CHECK_FITMENT = 'Check fitment';

/** "Group H6 AGM": how the form, the board and the phone name a battery. */
export const batteryLabel = ({ groupSize, technology }: BookedBattery): string =>
  `Group ${groupSize}${technology === 'flooded' ? '' : ` ${technology}`}`;

/**
 * The published installed price of a battery of this technology, dollars (section 9: $210 for AGM,
 * $165 for the rest; an EFB is priced as a standard battery).
 */
export const installedPrice = (technology: FitmentTechnology): number =>
  technology === 'AGM' ? PRICES.agm : PRICES.leadAcid;

export interface VehicleKey {
  year: number;
  make: string;
  model: string;
}

/** The booking's vehicle text, "2019 Toyota Camry (Blue)": the form's single-word make and model. */
const VEHICLE_TEXT = /^(\d{4})\s+(\S+)\s+(\S+)(?:\s+\([^()]*\))?$/;

/** The year, make and model a vehicle text names; null for anything the form would not write. */
export function vehicleOf(text: string | null | undefined): VehicleKey | null {
  const match = VEHICLE_TEXT.exec((text ?? '').trim());
  return match ? { year: Number(match[1]), make: match[2], model: match[3] } : null;
}

/**
 * The battery a booking counts on: the one its vehicle's rows agree on. None matched, or rows of
 * several engines that differ (the form does not ask the engine), is null: "check fitment".
 */
export function bookedBatteryOf(rows: readonly BookedBattery[]): BookedBattery | null {
  const [first] = rows;
  if (!first) return null;
  const same = rows.every(
    (row) => row.groupSize === first.groupSize && row.technology === first.technology,
  );
  return same ? { groupSize: first.groupSize, technology: first.technology } : null;
}

export const FITMENT_MESSAGES = {
  notFound: 'Fitment row not found',
  deleted: 'Fitment row removed',
} as const;

/** "2018-2024 Toyota Camry 3.5L V6": a fitment row's vehicle, as the table and its history say. */
export const fitmentVehicle = (f: {
  yearFrom: number;
  yearTo: number;
  make: string;
  model: string;
  engine: string | null;
}) =>
  `${f.yearFrom === f.yearTo ? f.yearFrom : `${f.yearFrom}-${f.yearTo}`} ${f.make} ${f.model}${f.engine ? ` ${f.engine}` : ''}`;
