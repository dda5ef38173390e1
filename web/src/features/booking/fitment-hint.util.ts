import { batteryLabel, bookedBatteryOf, type FitmentLookupRow } from '@cincy/contracts';

/** Said when every battery of the car's type is counted on by visits already booked. */
export const NONE_FREE = 'None is free in stock right now: we will get one, which may take longer';

/**
 * What the booking form says of the battery a vehicle takes (issue 37): the one its rows agree
 * on with its installed price, the choices when it depends on the engine, or that we will check.
 */
export function fitmentHint(rows: readonly FitmentLookupRow[]): string {
  const battery = bookedBatteryOf(rows);
  if (battery) {
    const [{ installedPrice, startStop, inStock }] = rows;
    const none = inStock === false ? `. ${NONE_FREE}` : '';
    return `Your car takes: ${batteryLabel(battery)}, $${installedPrice} installed${startStop ? ' (start-stop)' : ''}${none}`;
  }
  if (rows.length) {
    const choices = new Set(
      rows.map((row) => `${batteryLabel(row)} (${row.engine ?? 'other engines'})`),
    );
    return `Your car takes ${[...choices].join(' or ')}: the technician confirms it at the car`;
  }
  return 'We will check which battery your car takes before the visit';
}
