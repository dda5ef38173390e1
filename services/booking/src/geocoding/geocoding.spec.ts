import { parseAddress } from './address.util';
import {
  REGIONAL_FALLBACKS,
  lookupPlaceName,
  matchKnownAddress,
  regionalFallback,
} from './geocoding';
import { KNOWN_ADDRESSES } from './known-addresses.constant';
import { inServiceRegion, publicGeocoderUrl } from './public-geocoder';

describe('address parsing', () => {
  it('reads the booking form line from the end', () => {
    expect(parseAddress('100 Joe Nuxhall Way, Cincinnati, OH 45202-1234')).toEqual({
      place: '100 joe nuxhall way cincinnati',
      state: 'OH',
      zip: '45202',
    });
  });

  it('folds spellings, punctuation, units and a country', () => {
    expect(parseAddress('406 West Sixth Street, Apt 2, Covington, Kentucky 41011, USA').place).toBe(
      '406 w 6th st covington',
    );
  });
});

describe('(a) built-in table', () => {
  it('holds about 39 places in Ohio and Kentucky, all inside the service region', () => {
    expect(KNOWN_ADDRESSES.length).toBeGreaterThanOrEqual(35);
    expect(new Set(KNOWN_ADDRESSES.map((a) => a.state))).toEqual(new Set(['OH', 'KY']));
    for (const a of KNOWN_ADDRESSES) expect(inServiceRegion(a.point)).toBe(true);
  });

  it('matches street and city however they are typed', () => {
    expect(matchKnownAddress(parseAddress('100 Joe Nuxhall Way, Cincinnati, OH 45202'))).toEqual({
      point: { lat: 39.0975, lng: -84.5066 },
      source: 'known-address',
    });
    expect(matchKnownAddress(parseAddress('1 paul brown stadium cincinnati ohio'))?.source).toBe(
      'known-address',
    );
    expect(
      matchKnownAddress(parseAddress('406 West 6th Street, Covington, KY 41011'))?.point,
    ).toEqual({
      lat: 39.0843,
      lng: -84.5179,
    });
  });

  it('does not match the same street in another city', () => {
    expect(matchKnownAddress(parseAddress('100 Joe Nuxhall Way, Covington, KY 41011'))).toBeNull();
  });
});

describe('(b) local names', () => {
  it.each([
    ['12 Pike St, Covington, KY 41011', 'place-name'],
    ['5 Main St, Florence, KY 41042', 'place-name'],
    ['9 Reading Rd, West Chester, OH 45069', 'place-name'],
    ['77 Elm St, Mount Washington, OH', 'place-name'],
    ['3 Oak Ave, Green Township, OH', 'place-name'],
    ['48 Montgomery Rd Blue Ash OH 45242', 'place-name'],
    ['10 Some Rd, Ft. Thomas, KY', 'place-name'],
  ])('finds %s', (location, source) => {
    expect(lookupPlaceName(parseAddress(location))?.source).toBe(source);
  });

  it('reads the town, not a street named after another town', () => {
    const found = lookupPlaceName(parseAddress('123 Newport Ave, Norwood, OH 45212'));
    expect(found?.point).toEqual({ lat: 39.1556, lng: -84.4597 });
  });

  it('falls back to the zip when the town is unknown', () => {
    expect(lookupPlaceName(parseAddress('1 Unknown Rd, Somewhere, KY 41042'))?.source).toBe('zip');
  });

  it('leaves Cincinnati itself to the regional fallback', () => {
    expect(lookupPlaceName(parseAddress('123 Nowhere St, Cincinnati, OH 45299'))).toBeNull();
  });
});

describe('(c) public geocoder request', () => {
  it('asks for one US result', () => {
    const url = publicGeocoderUrl('https://nominatim.example/search', '1 Main St, Cincinnati, OH');
    expect(url.searchParams.get('countrycodes')).toBe('us');
    expect(url.searchParams.get('limit')).toBe('1');
    expect(url.searchParams.get('format')).toBe('json');
    expect(url.searchParams.get('q')).toBe('1 Main St, Cincinnati, OH');
  });

  it('keeps only answers in the service region', () => {
    expect(inServiceRegion({ lat: 39.1, lng: -84.5 })).toBe(true);
    expect(inServiceRegion({ lat: 34.8, lng: -87.67 })).toBe(false); // Florence, Alabama
  });
});

describe('(d) regional fallbacks, in order', () => {
  it.each([
    ['Green Twp by name', '5 Any Rd, Green Twp, OH 45239', 'fallback:green-township'],
    ['Green Township by zip 45247', '5 Any Rd, Somewhere, OH 45247', 'fallback:green-township'],
    [
      'Green Township by zip 45211 before Cincinnati',
      '5 Any Rd, Cincinnati, OH 45211',
      'fallback:green-township',
    ],
    [
      'Cheviot street in Cincinnati',
      '3814 Harrison Ave Cheviot Cincinnati OH',
      'fallback:green-township',
    ],
    ['Cincinnati by name', '5 Any Rd, Cincinnati', 'fallback:cincinnati-downtown'],
    ['Cincinnati by Ohio', '5 Any Rd, Somewhere, Ohio', 'fallback:cincinnati-downtown'],
    ['Cincinnati by a 452 zip', '5 Any Rd, Somewhere 45299', 'fallback:cincinnati-downtown'],
    ['Northern Kentucky by state', '5 Any Rd, Somewhere, KY', 'fallback:northern-kentucky'],
    ['Northern Kentucky by a 410 zip', '5 Any Rd, Somewhere 41099', 'fallback:northern-kentucky'],
    ['the default', '5 Any Rd, Somewhere', 'fallback:default'],
  ])('%s', (_, location, source) => {
    expect(regionalFallback(parseAddress(location)).source).toBe(source);
  });

  it('default is the map centre', () => {
    expect(regionalFallback(parseAddress('nowhere at all')).point).toEqual(
      REGIONAL_FALLBACKS.defaultCincinnati,
    );
  });
});
