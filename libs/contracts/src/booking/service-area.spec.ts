import { BUSINESS } from '../constants';
import { ERROR_CODES, ERROR_STATUS } from '../error-codes';
import { RPC } from '../subjects';
import {
  DEFAULT_SERVED_ZIP_CODES,
  SERVED_ZIP_ENTRY,
  isServedZip,
  outsideServiceArea,
  zipOf,
} from './service-area';

describe('the default service area', () => {
  it('is the Cincinnati SCF prefixes: Ohio 450-452, Northern Kentucky 410, Southeast Indiana 470', () => {
    expect([...DEFAULT_SERVED_ZIP_CODES].sort()).toEqual(['410', '450', '451', '452', '470']);
    for (const entry of DEFAULT_SERVED_ZIP_CODES) expect(entry).toMatch(SERVED_ZIP_ENTRY);
  });

  it.each([
    ['45202', 'downtown Cincinnati'],
    ['45069', 'West Chester'],
    ['45140', 'Loveland'],
    ['41011', 'Covington'],
    ['41042', 'Florence'],
    ['47025', 'Lawrenceburg'],
    ['45202-1234', 'a ZIP+4'],
    [' 45202 ', 'with spaces around'],
  ])('serves %s (%s)', (zip) => {
    expect(isServedZip(zip)).toBe(true);
  });

  it.each([
    ['43215', 'Columbus'],
    ['45402', 'Dayton'],
    ['40202', 'Louisville'],
    ['46204', 'Indianapolis'],
    ['10001', 'New York'],
  ])('does not serve %s (%s)', (zip) => {
    expect(isServedZip(zip)).toBe(false);
  });

  it.each([[''], ['452'], ['4520'], ['452021'], ['45202-12'], ['ZIP 45202'], ['4520a']])(
    'serves nothing that is not a ZIP: %j',
    (zip) => {
      expect(isServedZip(zip)).toBe(false);
    },
  );
});

describe('a configured service area', () => {
  const served = ['45202', '45203', '410'];

  it('matches full ZIPs exactly and 3-digit entries as prefixes', () => {
    expect(isServedZip('45202', served)).toBe(true);
    expect(isServedZip('45203-0001', served)).toBe(true);
    expect(isServedZip('41099', served)).toBe(true);
    expect(isServedZip('45204', served)).toBe(false);
    expect(isServedZip('47025', served)).toBe(false);
  });

  it('serves nothing when the list is empty, and ignores entries of another length', () => {
    expect(isServedZip('45202', [])).toBe(false);
    expect(isServedZip('45202', ['4520', '45'])).toBe(false);
  });
});

describe('zipOf', () => {
  it.each([
    ['123 Main St, Cincinnati, Ohio 45202', '45202'],
    ['1 Fountain Square, Cincinnati, OH 45202-1234', '45202'],
    ['5 Any Rd, Cincinnati, OH 45202, USA', '45202'],
    ['Covington KY 41011', '41011'],
    ['45202', '45202'],
    // A 5-digit house number opening the address is not its ZIP.
    ['11711 Princeton Pike, Springdale, OH 45246', '45246'],
    ['11711 Princeton Pike Springdale OH 45246', '45246'],
    // The last of two wins: the ZIP comes after the street.
    ['100 Rt 45202 Rd, Columbus, OH 43215', '43215'],
  ])('finds the ZIP of %j', (location, zip) => {
    expect(zipOf(location)).toBe(zip);
  });

  it.each([
    ['Kroger parking lot on Vine'],
    ['1 Main St, Cincinnati'],
    ['11711 Princeton Pike, Springdale'],
    ['Near 4520 Vine St'],
    ['Call 5135550142 on arrival'],
    ['Unit 45202-12345'],
    [''],
  ])('finds none in %j', (location) => {
    expect(zipOf(location)).toBeNull();
  });
});

describe('the refusal', () => {
  it('names the ZIP, the area and the phone number', () => {
    expect(outsideServiceArea('43215')).toBe(
      `We don't serve ZIP code 43215: our vans cover Cincinnati, Northern Kentucky and Southeast Indiana. Call ${BUSINESS.phone} to ask.`,
    );
  });

  it('is answered 422 OUTSIDE_SERVICE_AREA, by booking an appointment only (alone or with its customer)', () => {
    expect(ERROR_STATUS[ERROR_CODES.outsideServiceArea]).toBe(422);
    const refusing = Object.entries(RPC)
      .filter(([, c]) =>
        (c as { refuses?: readonly string[] }).refuses?.includes('OUTSIDE_SERVICE_AREA'),
      )
      .map(([subject]) => subject);
    // A customer carries no address (name, phone, e-mail): only the appointment can be outside.
    expect(refusing).toEqual(['booking.appointments.create', 'booking.bookings.create']);
  });
});
