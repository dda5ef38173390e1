// How long until a technician reaches a customer, without a routing server: straight-line
// distance times a road factor, at an urban driving speed. Dispatch ranks technicians with it
// (when ROUTING_URL is unset or fails) and the board shows the best one on each open card.
// A plain module (no zod).
import { addDays, businessClock, businessDate, calendarDayLabel } from '../time';

/** Where someone or something is. */
export interface Point {
  lat: number;
  lng: number;
}

export const ESTIMATE = {
  /**
   * Road distance over straight-line distance. Studies of US road networks put this "circuity"
   * at 1.2-1.4 for trips of a few kilometres in metro areas; the Ohio river (few bridges) and
   * Cincinnati's hills push it up, so the upper middle.
   */
  roadFactor: 1.35,
  /**
   * Average door-to-door speed in the metro at working hours, lights and turns included: between
   * the I-275 loop's 90 km/h and downtown's 20-25 km/h, 35 km/h reads true for the 5-20 km trips
   * a van makes here.
   */
  urbanSpeedKmh: 35,
  /** A swap takes 15-25 minutes: the middle, until the day has measured installs of its own. */
  installMinutes: 20,
  /** Getting into the van and away: every trip pays it. */
  departureMinutes: 2,
} as const;

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function straightLineKm(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Road kilometres and driving minutes between two points, by the estimate. */
export function estimateDrive(from: Point, to: Point): { km: number; minutes: number } {
  const km = straightLineKm(from, to) * ESTIMATE.roadFactor;
  return { km, minutes: ESTIMATE.departureMinutes + (km / ESTIMATE.urbanSpeedKmh) * 60 };
}

/** What a technician is busy with, as far as the estimate cares. */
export interface BusyWith {
  status: 'accepted' | 'en_route' | 'on_location';
  /** The job's customer. */
  location: Point | null;
  /** When they arrived (on_location). */
  onLocationAt: Date | null;
}

/**
 * Minutes until a technician is free: none when free; on location, what is left of an average
 * install; accepted or en route, the drive there (from `from`) and a whole install.
 */
export function minutesUntilFree(
  busy: BusyWith | null,
  from: Point | null,
  now: Date,
  installMinutes: number = ESTIMATE.installMinutes,
): number {
  if (!busy) return 0;
  if (busy.status === 'on_location') {
    const spent = busy.onLocationAt ? (now.getTime() - busy.onLocationAt.getTime()) / 60_000 : 0;
    return Math.max(2, installMinutes - spent);
  }
  const drive = from && busy.location ? estimateDrive(from, busy.location).minutes : 15;
  return drive + installMinutes;
}

/** 'about 12 min', 'about 1 h 5 min': how an estimate reads on a card. */
export function formatEta(minutes: number): string {
  const m = Math.max(1, Math.round(minutes));
  if (m < 60) return `about ${m} min`;
  const h = Math.floor(m / 60);
  return `about ${h} h${m % 60 ? ` ${m % 60} min` : ''}`;
}

const FIVE_MINUTES = 5 * 60_000;

/**
 * When a wait of `etaMinutes` from `now` ends, if that is on another day: 'around 8:30 AM
 * tomorrow', 'around 8:30 AM on Fri, Nov 27' (rounded to 5 min); null the same day, where
 * formatEta's 'about 25 min' says it better. At night a wait counted from a shift that begins in
 * the morning reads as a time, not as 'about 9 h 32 min'.
 */
export function laterDayArrival(etaMinutes: number, now: Date): string | null {
  const at = new Date(
    Math.round((now.getTime() + etaMinutes * 60_000) / FIVE_MINUTES) * FIVE_MINUTES,
  );
  const day = businessDate(at);
  const today = businessDate(now);
  if (day === today) return null;
  return `around ${businessClock(at)} ${day === addDays(today, 1) ? 'tomorrow' : `on ${calendarDayLabel(day)}`}`;
}
