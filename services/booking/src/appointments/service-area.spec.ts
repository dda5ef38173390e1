import { DEFAULT_SERVED_ZIP_CODES, ERROR_CODES, outsideServiceArea } from '@cincy/contracts';
import { checkServiceArea } from './service-area';

describe('the service area of a booking', () => {
  const byDefault = (location: string) => checkServiceArea(location, DEFAULT_SERVED_ZIP_CODES);

  it.each([
    ['123 Main St, Cincinnati, Ohio 45202'],
    ['8 Pike St, Covington, Kentucky 41011-2345'],
    ['3 High St, Lawrenceburg, Indiana 47025'],
  ])('takes %j', (location) => {
    expect(byDefault(location)).toBeNull();
  });

  it('refuses a ZIP outside, at the location, naming the ZIP', () => {
    expect(byDefault('1 Broad St, Columbus, Ohio 43215-1234')).toEqual({
      code: ERROR_CODES.outsideServiceArea,
      message: outsideServiceArea('43215'),
      field: 'location',
    });
  });

  it('takes a location that names no ZIP (staff free text), whatever the list', () => {
    expect(byDefault('Kroger parking lot on Vine')).toBeNull();
    expect(checkServiceArea('11711 Princeton Pike, Springdale', ['45202'])).toBeNull();
  });

  it('follows the configured list, not the default', () => {
    const served = ['45202', '410'];
    expect(checkServiceArea('1 Vine St, Cincinnati, OH 45202', served)).toBeNull();
    expect(checkServiceArea('2 Pike St, Covington, KY 41011', served)).toBeNull();
    expect(checkServiceArea('3 Oak St, Cincinnati, OH 45203', served)?.code).toBe(
      ERROR_CODES.outsideServiceArea,
    );
  });
});
