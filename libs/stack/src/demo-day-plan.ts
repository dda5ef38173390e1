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

/** Days after tomorrow, for the Future list (bookable from either clock the demo uses). */
export function demoFutureDates(now: Date): string[] {
  const today = businessDate(now);
  return [2, 3, 4].map((n) => addDays(today, n));
}
