import { z } from 'zod';
import { PLATFORM_ENV, databaseUrlFor, defineEnv, loadEnv } from './config';

const SAMPLE = defineEnv(
  'sample',
  z.object({
    LIMIT: z.coerce.number().int().positive().default(10),
    MODE: z.enum(['a', 'b']),
  }),
);

describe('env groups', () => {
  it('parses each group once, with defaults and coercion', () => {
    const values = loadEnv([PLATFORM_ENV, SAMPLE], { MODE: 'b', LIMIT: '3' });
    expect(values.get(SAMPLE)).toEqual({ LIMIT: 3, MODE: 'b' });
    expect(values.get(PLATFORM_ENV)).toMatchObject({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/cincy_battery',
      NATS_PREFIX: '',
      LOG_LEVEL: 'info',
    });
  });

  it('lists every bad key of every group in one error', () => {
    expect(() =>
      loadEnv([PLATFORM_ENV, SAMPLE], { NATS_PREFIX: 'a.b', LOG_LEVEL: 'loud', LIMIT: '-1' }),
    ).toThrow(
      /Invalid environment:\n {2}NATS_PREFIX: .*\n {2}LOG_LEVEL: .*\n {2}LIMIT: .*\n {2}MODE: /,
    );
  });

  it('refuses to hand out a group that was not loaded', () => {
    expect(() => loadEnv([PLATFORM_ENV], {}).get(SAMPLE)).toThrow('"sample" was not loaded');
  });

  it("lets one service's own database URL win over the shared one", () => {
    const env = loadEnv([PLATFORM_ENV], {
      DATABASE_URL: 'postgres://db/shared',
      DISPATCH_DATABASE_URL: 'postgres://other/dispatch',
    }).get(PLATFORM_ENV);
    expect(databaseUrlFor('dispatch', env)).toBe('postgres://other/dispatch');
    expect(databaseUrlFor('booking', env)).toBe('postgres://db/shared');
  });

  it('serves metrics only when METRICS_PORT names a port (unset or empty: no listener)', () => {
    const port = (source: NodeJS.ProcessEnv) =>
      loadEnv([PLATFORM_ENV], source).get(PLATFORM_ENV).METRICS_PORT;
    expect(port({})).toBeUndefined();
    expect(port({ METRICS_PORT: '' })).toBeUndefined();
    expect(port({ METRICS_PORT: '9464' })).toBe(9464);
    expect(() => port({ METRICS_PORT: '0' })).toThrow(/METRICS_PORT/);
  });
});
