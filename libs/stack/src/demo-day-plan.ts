import {
  BOOKING,
  SLA_MINUTES,
  addDays,
  businessDate,
  businessInstant,
  businessParts,
} from '@cincy/contracts';

/** The demo's people and stock: Cincinnati and Northern Kentucky, a normal afternoon. */
export const DEMO_ADMIN_PASSWORD = 'demo-admin-2026';
export const DEMO_TECHNICIAN_PASSWORD = 'demo-tech-2026';
/**
 * What the demo's services run with: its known logins sign in with the password alone (issue 38:
 * the demo and the project's tests are the only ones to turn the admin's second step off).
 */
export const DEMO_SERVICE_ENV = { REQUIRE_ADMIN_MFA: 'false' } as const;

export const DEMO_TECHNICIANS = [
  { username: 'marcus', name: 'Marcus Reed', position: { latitude: 39.1031, longitude: -84.512 } },
  {
    username: 'dana',
    name: 'Dana Whitfield',
    position: { latitude: 39.0837, longitude: -84.5086 },
  },
  { username: 'luis', name: 'Luis Ortega', position: { latitude: 39.1617, longitude: -84.4569 } },
] as const;

export const DEMO_ITEMS = [
  { name: 'H6 AGM 760 CCA', sku: 'AGM-H6', quantity: 24, minQuantity: 4, unitCost: 189 },
  { name: 'H7 AGM 850 CCA', sku: 'AGM-H7', quantity: 18, minQuantity: 4, unitCost: 209 },
  { name: 'Group 35 Flooded 640 CCA', sku: 'FL-35', quantity: 20, minQuantity: 5, unitCost: 139 },
  // Low on purpose: the Inventory screen's Low badge and Show Low Stock Only have something to show.
  { name: 'Group 24F Flooded 700 CCA', sku: 'FL-24F', quantity: 2, minQuantity: 3, unitCost: 149 },
] as const;

const FIRST = [
  'Olivia',
  'Noah',
  'Emma',
  'Liam',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Mia',
  'Lucas',
  'Amelia',
  'Henry',
  'Harper',
  'Jack',
  'Evelyn',
  'Owen',
  'Abigail',
  'Wyatt',
  'Ella',
  'Caleb',
  'Grace',
  'Isaac',
  'Chloe',
  'Levi',
  'Nora',
  'Ezra',
  'Riley',
  'Miles',
];
const LAST = [
  'Schmidt',
  'Nguyen',
  'Walker',
  'Hoffman',
  'Brooks',
  'Meyer',
  'Coleman',
  'Bauer',
  'Price',
  'Fischer',
  'Turner',
  'Wagner',
  'Hayes',
  'Keller',
  'Foster',
  'Becker',
];
const STREETS = [
  '1 Fountain Square, Cincinnati, OH 45202',
  '3400 Vine St, Cincinnati, OH 45220',
  '2950 Madison Rd, Cincinnati, OH 45209',
  '7875 Montgomery Rd, Cincinnati, OH 45236',
  '5100 Glenway Ave, Cincinnati, OH 45238',
  '3825 Edwards Rd, Cincinnati, OH 45209',
  '600 W Pete Rose Way, Cincinnati, OH 45203',
  '1 Levee Way, Newport, KY 41071',
  '50 E RiverCenter Blvd, Covington, KY 41011',
  '2929 Dixie Hwy, Fort Mitchell, KY 41017',
  '7500 Turfway Rd, Florence, KY 41042',
  '9875 Montgomery Rd, Montgomery, OH 45242',
  '11711 Princeton Pike, Springdale, OH 45246',
  '6000 Harrison Ave, Cincinnati, OH 45248',
];
const VEHICLES = [
  '2018 Honda Civic (Blue)',
  '2016 Ford F-150 (White)',
  '2020 Toyota RAV4 (Silver)',
  '2014 Chevrolet Malibu (Black)',
  '2019 Subaru Outback (Green)',
  '2017 Jeep Wrangler (Red)',
  '2021 Hyundai Tucson (Gray)',
  '2015 Nissan Altima (White)',
];

/** More names, models and colours for the history's customers: one each, about 1,300 of them. */
const MORE_FIRST = [
  'Aiden',
  'Lily',
  'Carter',
  'Zoe',
  'Dylan',
  'Hannah',
  'Gavin',
  'Layla',
  'Hudson',
  'Aria',
  'Connor',
  'Stella',
  'Nolan',
  'Violet',
  'Eli',
  'Claire',
  'Ryan',
  'Lucy',
  'Adam',
  'Ruby',
];
const MORE_LAST = [
  'Adams',
  'Baker',
  'Campbell',
  'Dixon',
  'Ellis',
  'Fuller',
  'Graham',
  'Hughes',
  'Jenkins',
  'Kramer',
  'Lang',
  'Marsh',
  'Neal',
  'Owens',
  'Patel',
  'Quinn',
  'Ross',
  'Sanders',
  'Tucker',
  'Vogel',
  'Weber',
  'Young',
  'Zimmer',
  'Boyd',
  'Dunn',
  'Frey',
  'Glass',
  'Holt',
  'Ivey',
  'Knox',
  'Lowe',
  'Moore',
];
const MODELS = [
  'Honda Civic',
  'Honda Accord',
  'Honda CR-V',
  'Toyota Camry',
  'Toyota Corolla',
  'Toyota RAV4',
  'Ford F-150',
  'Ford Escape',
  'Ford Explorer',
  'Chevrolet Silverado',
  'Chevrolet Equinox',
  'Chevrolet Malibu',
  'Nissan Rogue',
  'Nissan Altima',
  'Jeep Grand Cherokee',
  'Jeep Wrangler',
  'Subaru Outback',
  'Hyundai Elantra',
  'Hyundai Tucson',
  'Kia Sorento',
  'Ram 1500',
  'GMC Sierra',
  'Dodge Grand Caravan',
  'Volkswagen Jetta',
];
const COLORS = ['White', 'Black', 'Silver', 'Gray', 'Blue', 'Red', 'Green', 'Brown'];
const HOUSE_STREETS = STREETS.map((s) => s.replace(/^\d+ /, ''));
const HISTORY_FIRST = [...FIRST, ...MORE_FIRST];
const HISTORY_LAST = [...LAST, ...MORE_LAST];

export interface HistoryCustomer extends DemoCustomer {
  /** Digits only, as booking keeps a phone. */
  phone: string;
  yearlyMiles: number;
}

/**
 * The history's `ordinal`-th customer, the same in every run: a distinct name for each of the
 * first 2,304 ordinals (first name and last name pair up once each), a phone of their own, a
 * house on one of the demo's streets and a car of a common model, 2008-2023.
 */
export function historyCustomer(ordinal: number): HistoryCustomer {
  const random = seededRandom(ordinal * 31 + 7);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const a = ordinal % HISTORY_FIRST.length;
  const b = Math.floor(ordinal / HISTORY_FIRST.length) % HISTORY_LAST.length;
  const area = ordinal % 3 === 2 ? '859' : '513';
  return {
    name: `${HISTORY_FIRST[a]} ${HISTORY_LAST[(7 * a + b) % HISTORY_LAST.length]}`,
    phone: `${area}555${String(2_500 + (ordinal % 7_500)).padStart(4, '0')}`,
    location: `${100 + Math.floor(random() * 9_800)} ${pick(HOUSE_STREETS)}`,
    vehicle: `${2008 + Math.floor(random() * 16)} ${pick(MODELS)} (${pick(COLORS)})`,
    yearlyMiles:
      100 *
      Math.round(
        (DEMO_YEARLY_MILES.min + random() * (DEMO_YEARLY_MILES.max - DEMO_YEARLY_MILES.min)) / 100,
      ),
  };
}

export interface DemoCustomer {
  name: string;
  phone: string;
  location: string;
  vehicle: string;
}

/** `count` distinct customers, the same every run (a demo reads the same each time). */
export function demoCustomers(count: number): DemoCustomer[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`,
    phone: `(513) 555-${String(1000 + i * 37).slice(-4)}`,
    location: STREETS[i % STREETS.length],
    vehicle: VEHICLES[(i * 3) % VEHICLES.length],
  }));
}

/**
 * The instant the demo's earlier bookings are made at: old enough for SLA BREACH, and inside
 * the ASAP window (booking refuses ASAP outside it), so at night it is the last evening's window.
 */
export function demoMorning(now: Date): Date {
  const candidate = new Date(now.getTime() - (SLA_MINUTES.breach + 15) * 60_000);
  const { hour } = businessParts(candidate);
  if (hour >= BOOKING.asapFromHour && hour < BOOKING.asapUntilHour) return candidate;
  const date = businessDate(candidate);
  const day = hour < BOOKING.asapFromHour ? addDays(date, -1) : date;
  return businessInstant(day, BOOKING.asapUntilHour - 1, 30);
}

/** mulberry32: small, fast and the same everywhere (the demo reads the same in every run). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The team's shift every day, Cincinnati time (hours): the demo's jobs all lie inside it. */
export const DEMO_SHIFT = { startHour: 8, endHour: 21 } as const;

/** What a visit takes: minutes on the road to it, and at the car from arrival to completion. */
export const DEMO_TRAVEL_MINUTES = { min: 10, max: 25 } as const;
export const DEMO_INSTALL_MINUTES = { min: 15, max: 25 } as const;
/** Miles a car is driven a year: a plausible US range (the average is about 13,500). */
export const DEMO_YEARLY_MILES = { min: 8_000, max: 15_000 } as const;

/** A completed visit of the day so far: who, which car, and when each step happened. */
export interface PlannedVisit {
  /** Its place in booking order; a returning customer's second visit comes after `count`. */
  index: number;
  /** Index of the customer in `demoCustomers` and of the technician in the team. */
  customer: number;
  lane: number;
  vehicle: string;
  mileage: number;
  requestedAt: Date;
  acceptedAt: Date;
  enRouteAt: Date;
  onLocationAt: Date;
  completedAt: Date;
  travelMinutes: number;
  installMinutes: number;
}

const MINUTE = 60_000;
const minus = (at: Date, minutes: number) => new Date(at.getTime() - minutes * MINUTE);

/** A household's second car: another of the list, never the first one again. */
export function secondVehicle(customer: number): string {
  return VEHICLES[(customer * 3 + 4) % VEHICLES.length];
}

/** '2018 Honda Civic (Blue)' as a service record's fields: the car the battery went into. */
export function vehicleParts(vehicle: string) {
  const [, year, make, model, color] = /^(\d{4}) (\S+) (.+?) \((.+)\)$/.exec(vehicle) ?? [];
  return { vehicleYear: year, vehicleMake: make, vehicleModel: model, vehicleColor: color };
}

/** Miles on a car of `vehicle`'s model year at `at`, driven `yearly` miles a year. */
export function mileageOf(vehicle: string, at: Date, yearly: number): number {
  const modelYear = Number(/^\d{4}/.exec(vehicle)?.[0]);
  // A model year goes on sale the autumn before: a 2018 car has been driven since mid-2017.
  const years = businessParts(at).year + (businessParts(at).month - 1) / 12 - (modelYear - 0.5);
  return Math.round((Math.max(0.5, years) * yearly) / 10) * 10;
}

/**
 * The completed visits of the day so far, every one finished before `until` (the real clock
 * when the demo fills). Each technician's visits are laid back to back, backwards from
 * `until`: a request, an accept, 10-25 min on the road, 15-25 min at the car, a short gap, the
 * next one. A visit that would start before the shift goes to the evening before: a morning demo
 * shows the first visits of the day, and the rest of the history is yesterday's, as it would be.
 * `count` customers each get one visit; `returning` of them a second, for their other car.
 */
export function planCompletedVisits(options: {
  count: number;
  returning: number;
  lanes: number;
  until: Date;
}): PlannedVisit[] {
  const { count, returning, lanes, until } = options;
  const random = seededRandom(3_203);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const customers = demoCustomers(count);
  const yearly = customers.map(
    () => between(DEMO_YEARLY_MILES.min / 100, DEMO_YEARLY_MILES.max / 100) * 100,
  );
  const visits: PlannedVisit[] = [];
  for (let lane = 0; lane < lanes; lane++) {
    let date = businessDate(until);
    let cursor = minus(until, between(5, 20));
    const indexes: number[] = [];
    for (let i = lane; i < count + returning; i += lanes) indexes.push(i);
    for (const index of indexes.reverse()) {
      const installMinutes = between(DEMO_INSTALL_MINUTES.min, DEMO_INSTALL_MINUTES.max);
      const travelMinutes = between(DEMO_TRAVEL_MINUTES.min, DEMO_TRAVEL_MINUTES.max);
      const toAccept = between(1, 5);
      const waited = between(3, 20);
      const shiftEnd = businessInstant(date, DEMO_SHIFT.endHour);
      if (cursor > shiftEnd) cursor = minus(shiftEnd, between(5, 30));
      const takes = installMinutes + travelMinutes + toAccept + waited;
      if (minus(cursor, takes) < businessInstant(date, DEMO_SHIFT.startHour)) {
        date = addDays(date, -1);
        cursor = minus(businessInstant(date, DEMO_SHIFT.endHour), between(5, 30));
      }
      const completedAt = cursor;
      const onLocationAt = minus(completedAt, installMinutes);
      const enRouteAt = minus(onLocationAt, travelMinutes);
      const acceptedAt = minus(enRouteAt, toAccept);
      const requestedAt = minus(acceptedAt, waited);
      const customer = index % count;
      const vehicle = index < count ? customers[customer].vehicle : secondVehicle(customer);
      visits.push({
        index,
        customer,
        lane,
        vehicle,
        mileage: mileageOf(vehicle, completedAt, yearly[customer]),
        requestedAt,
        acceptedAt,
        enRouteAt,
        onLocationAt,
        completedAt,
        travelMinutes,
        installMinutes,
      });
      // Paperwork and a coffee before setting off to this visit: the previous one ended earlier.
      cursor = minus(enRouteAt, between(2, 25));
    }
  }
  return visits.sort((a, b) => a.index - b.index);
}

/** How long before `now` each step of an open job under way happened (minutes). */
const OPEN_STEPS = {
  accepted: { requestedAt: 40, acceptedAt: 25, enRouteAt: null, onLocationAt: null },
  en_route: { requestedAt: 45, acceptedAt: 35, enRouteAt: 12, onLocationAt: null },
  on_location: { requestedAt: 60, acceptedAt: 52, enRouteAt: 40, onLocationAt: 18 },
} as const;
export type OpenStepState = keyof typeof OPEN_STEPS;

/** Outside the shift, an open job was accepted this long after its request (the evening before). */
const ACCEPTED_AFTER_MINUTES = 12;

/** The completed visits end this long before the demo fills: the open jobs' steps come after. */
export const VISITS_END_BEFORE_MINUTES = 45;

/** Technicians are at work and an hour into the shift: a job can be under way, its steps in that hour. */
function jobsUnderWay(now: Date): boolean {
  const { hour, minute } = businessParts(now);
  return hour * 60 + minute >= DEMO_SHIFT.startHour * 60 + 60 && hour < DEMO_SHIFT.endHour;
}

/**
 * The state the demo leaves an open job in: outside the shift nobody drives to a car, so a job
 * planned on its way or at the car is only accepted, waiting for the morning.
 */
export function openStateAt(state: OpenStepState, now: Date): OpenStepState {
  return jobsUnderWay(now) ? state : 'accepted';
}

/**
 * When an open job's steps happened: within the last hour, so a technician is on location for
 * 18 minutes rather than since the evening before. Outside the shift (every job there only
 * accepted, `openStateAt`): accepted minutes after its request, at booking's clock
 * (`demoMorning`, last evening's window), not at the moment the demo was filled in the night.
 */
export function planOpenSteps(state: OpenStepState, now: Date) {
  if (!jobsUnderWay(now)) {
    const requestedAt = demoMorning(now);
    return {
      requestedAt,
      acceptedAt: new Date(requestedAt.getTime() + ACCEPTED_AFTER_MINUTES * MINUTE),
      enRouteAt: null,
      onLocationAt: null,
    };
  }
  const steps = OPEN_STEPS[state];
  const at = (m: number | null) => (m === null ? null : minus(now, m));
  return {
    requestedAt: at(steps.requestedAt)!,
    acceptedAt: at(steps.acceptedAt)!,
    enRouteAt: at(steps.enRouteAt),
    onLocationAt: at(steps.onLocationAt),
  };
}

/** Days after tomorrow, for the Future list (bookable from either clock the demo uses). */
export function demoFutureDates(now: Date): string[] {
  const today = businessDate(now);
  return [2, 3, 4].map((n) => addDays(today, n));
}
