import type { GeoPoint } from '@cincy/contracts';
import { z } from 'zod';

const answerSchema = z.array(z.object({ lat: z.coerce.number(), lon: z.coerce.number() }));

/**
 * Around the service area, generously: a public geocoder that answers 'Florence' with Alabama or
 * Italy is wrong for us, and a regional fallback is better than a point 500 miles away.
 */
const SERVICE_REGION = { minLat: 38.5, maxLat: 39.8, minLng: -85.3, maxLng: -83.7 };

export function inServiceRegion({ lat, lng }: GeoPoint): boolean {
  const r = SERVICE_REGION;
  return lat >= r.minLat && lat <= r.maxLat && lng >= r.minLng && lng <= r.maxLng;
}

export function publicGeocoderUrl(base: string, address: string): URL {
  const url = new URL(base);
  url.searchParams.set('q', address);
  url.searchParams.set('format', 'json');
  url.searchParams.set('countrycodes', 'us');
  url.searchParams.set('limit', '1');
  return url;
}

/**
 * (c) A Nominatim-style search, US only, one result. Null on anything but a usable answer inside
 * the service region; throws only what fetch throws (refused, timed out), which the caller skips.
 */
export async function searchPublicGeocoder(
  base: string,
  address: string,
  timeoutMs: number,
): Promise<GeoPoint | null> {
  const response = await fetch(publicGeocoderUrl(base, address), {
    headers: { Accept: 'application/json', 'User-Agent': 'CincyBattery-booking/1.0' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) return null;
  const parsed = answerSchema.safeParse(await response.json());
  const first = parsed.success ? parsed.data[0] : undefined;
  if (!first || !Number.isFinite(first.lat) || !Number.isFinite(first.lon)) return null;
  const point = { lat: first.lat, lng: first.lon };
  return inServiceRegion(point) ? point : null;
}
