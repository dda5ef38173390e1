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

/**
 * The booking's vehicle text, "2019 Toyota Camry (Blue)": a four-digit year, the form's one-word
 * make and model, and an optional colour in parentheses (its groups, in that order).
 */
export const VEHICLE_TEXT = /^(\d{4})\s+(\S+)\s+(\S+)(?:\s+\(([^()]*)\))?$/;

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

/** The EN/DIN sizes by the BCI group they are: a van's "H6" is the fitment's "48". */
const BCI_OF: Readonly<Record<string, string>> = {
  H5: '47',
  LN2: '47',
  H6: '48',
  LN3: '48',
  H7: '94R',
  LN4: '94R',
  H8: '49',
  LN5: '49',
  H9: '95R',
  LN6: '95R',
};

/** A group size as one name: upper case, the BCI number for an EN/DIN size. */
export const canonicalGroup = (group: string): string => {
  const upper = group.trim().toUpperCase();
  return BCI_OF[upper] ?? upper;
};

const GROUP_TOKEN = /^(?:H[4-9]|LN[0-6]|\d{2,3}[A-Z]{0,2})$/;

/**
 * The battery an inventory item is, read from its name as the house writes it ("H6 AGM 760 CCA",
 * "Group 24F Flooded 700 CCA"): the first group-size word, AGM or EFB when named, else flooded.
 * Null when the name gives no group size (a supply, or a battery named otherwise).
 */
export function batteryTypeOf(name: string): BookedBattery | null {
  const words = name.toUpperCase().split(/[\s,/-]+/);
  // A CCA figure ("760 CCA") is not a group.
  const group = words.find((w, i) => GROUP_TOKEN.test(w) && words[i + 1] !== 'CCA');
  if (!group) return null;
  const technology = words.includes('AGM') ? 'AGM' : words.includes('EFB') ? 'EFB' : 'flooded';
  return { groupSize: group, technology };
}

const TECHNOLOGY_RANK: Readonly<Record<FitmentTechnology, number>> = { flooded: 0, EFB: 1, AGM: 2 };

/**
 * Whether a battery does for a car that needs `needed`: the same group, of its technology or a
 * better one (an AGM does for an EFB or flooded car; a flooded one never for a start-stop AGM car).
 */
export const fitsBattery = (battery: BookedBattery, needed: BookedBattery): boolean =>
  canonicalGroup(battery.groupSize) === canonicalGroup(needed.groupSize) &&
  TECHNOLOGY_RANK[battery.technology] >= TECHNOLOGY_RANK[needed.technology];

/**
 * The batteries each technician's van holds, by technician, from inventory's items (their
 * `byLocation`): what the ranking prefers a van by.
 */
export function vanBatteriesOf(
  items: readonly {
    name: string;
    byLocation: readonly { technicianId: number | null; quantity: number }[];
  }[],
): Map<number, BookedBattery[]> {
  const vans = new Map<number, BookedBattery[]>();
  for (const item of items) {
    const battery = batteryTypeOf(item.name);
    if (!battery) continue;
    for (const { technicianId, quantity } of item.byLocation)
      if (technicianId !== null && quantity > 0)
        vans.set(technicianId, [...(vans.get(technicianId) ?? []), battery]);
  }
  return vans;
}

/** The same battery: one group (BCI or EN/DIN) of one technology. */
export const sameBattery = (a: BookedBattery, b: BookedBattery): boolean =>
  canonicalGroup(a.groupSize) === canonicalGroup(b.groupSize) && a.technology === b.technology;

/** How many of a battery are on hand, how many booked visits count on one, and how many are free. */
export interface BatteryStock extends BookedBattery {
  onHand: number;
  reserved: number;
  free: number;
}

/**
 * A battery's stock against its reservations (issue 37, ADR 0119): every unit of the items that
 * are that battery, wherever they are, less one per booked visit that counts on one.
 */
export function batteryStock(
  battery: BookedBattery,
  items: readonly { name: string; quantity: number }[],
  reservations: readonly BookedBattery[],
): BatteryStock {
  const onHand = items.reduce((n, item) => {
    const type = batteryTypeOf(item.name);
    return type && sameBattery(type, battery) ? n + item.quantity : n;
  }, 0);
  const reserved = reservations.filter((r) => sameBattery(r, battery)).length;
  return { ...battery, onHand, reserved, free: Math.max(0, onHand - reserved) };
}
