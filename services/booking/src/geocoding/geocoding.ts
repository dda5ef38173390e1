import { GeoPoint, MAP } from '@cincy/contracts';
import { ParsedAddress, endsWithName, normaliseText } from './address.util';
import { KNOWN_ADDRESSES } from './known-addresses.constant';
import { PLACE_NAMES, ZIP_CENTRES } from './place-names.constant';

export type GeocodeSource =
  | 'known-address'
  | 'place-name'
  | 'zip'
  | 'public-geocoder'
  | 'fallback:green-township'
  | 'fallback:cincinnati-downtown'
  | 'fallback:northern-kentucky'
  | 'fallback:default';

export interface GeocodeResult {
  point: GeoPoint;
  source: GeocodeSource;
}

// Keys normalised once, with the same rules as the addresses they are compared with.
const KNOWN = KNOWN_ADDRESSES.flatMap((a) =>
  a.streets.map((street) => ({ key: normaliseText(`${street} ${a.city}`), point: a.point })),
);
const NAMES = Object.entries(PLACE_NAMES)
  .map(([name, point]) => ({ key: normaliseText(name.replace(/-/g, ' ')), point }))
  // Longest first: 'north college hill' before 'hill', 'fort thomas' before 'thomas'.
  .sort((a, b) => b.key.length - a.key.length);

/** (a) The built-in table: the address is a well-known place's street and city. */
export function matchKnownAddress(address: ParsedAddress): GeocodeResult | null {
  const found = KNOWN.find(({ key }) => address.place === key);
  return found ? { point: found.point, source: 'known-address' } : null;
}

/** (b) A town, township or neighbourhood closing the address, else its zip. */
export function lookupPlaceName(address: ParsedAddress): GeocodeResult | null {
  const place = address.place.replace(/-/g, ' ');
  const named = NAMES.find(({ key }) => endsWithName(place, key));
  if (named) return { point: named.point, source: 'place-name' };
  const zip = address.zip ? ZIP_CENTRES[address.zip] : undefined;
  return zip ? { point: zip, source: 'zip' } : null;
}

export const REGIONAL_FALLBACKS = {
  greenTownship: { lat: 39.17, lng: -84.635 },
  cincinnatiDowntown: { lat: 39.1015, lng: -84.5125 },
  northernKentucky: { lat: 39.05, lng: -84.56 },
  defaultCincinnati: MAP.center,
} as const satisfies Record<string, GeoPoint>;

const GREEN_TOWNSHIP_ZIPS = new Set(['45247', '45248', '45211']);
const GREEN_TOWNSHIP_WORDS = /\b(green twp|cheviot|westwood)\b/;

/** (d) Always an answer, from the loosest signals: Green Township, downtown, NKY, Cincinnati. */
export function regionalFallback(address: ParsedAddress): GeocodeResult {
  const { place, state, zip } = address;
  if (GREEN_TOWNSHIP_WORDS.test(place) || (zip && GREEN_TOWNSHIP_ZIPS.has(zip))) {
    return { point: REGIONAL_FALLBACKS.greenTownship, source: 'fallback:green-township' };
  }
  if (/\bcincinnati\b/.test(place) || state === 'OH' || zip?.startsWith('452')) {
    return { point: REGIONAL_FALLBACKS.cincinnatiDowntown, source: 'fallback:cincinnati-downtown' };
  }
  if (state === 'KY' || zip?.startsWith('410')) {
    return { point: REGIONAL_FALLBACKS.northernKentucky, source: 'fallback:northern-kentucky' };
  }
  return { point: REGIONAL_FALLBACKS.defaultCincinnati, source: 'fallback:default' };
}
