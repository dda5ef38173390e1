import { DEFAULT_SERVED_ZIP_CODES } from '@cincy/contracts';
import { loadEnv } from '@cincy/platform';
import { BOOKING_ENV } from './config';

const servedZips = (value?: string) =>
  loadEnv([BOOKING_ENV], value === undefined ? {} : { SERVED_ZIP_CODES: value }).get(BOOKING_ENV)
    .SERVED_ZIP_CODES;

describe('SERVED_ZIP_CODES', () => {
  it('is the default area when unset or empty', () => {
    expect(servedZips()).toEqual(DEFAULT_SERVED_ZIP_CODES);
    expect(servedZips(' , ')).toEqual(DEFAULT_SERVED_ZIP_CODES);
  });

  it('reads full ZIPs and 3-digit prefixes, comma-separated, spaces ignored', () => {
    expect(servedZips(' 45202, 45203 ,410,')).toEqual(['45202', '45203', '410']);
  });

  it('refuses to start on an entry that is neither, naming the variable', () => {
    expect(() => servedZips('45202,4520,OH')).toThrow(
      /SERVED_ZIP_CODES\.1: each entry must be a 5-digit ZIP or a 3-digit prefix\n {2}SERVED_ZIP_CODES\.2: /,
    );
  });
});
