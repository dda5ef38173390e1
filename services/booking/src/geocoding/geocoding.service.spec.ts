import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppLogger } from '@cincy/platform';
import { REGIONAL_FALLBACKS } from './geocoding';
import { GeocodingService } from './geocoding.service';

const logger = new AppLogger('booking', 'error');
const serviceWith = (url?: string, timeoutMs = 1500) =>
  new GeocodingService({ GEOCODER_URL: url, GEOCODER_TIMEOUT_MS: timeoutMs }, logger);

/** A local stand-in for a Nominatim-style search, answering with `handler`. */
async function localGeocoder(
  handler: (url: URL) => unknown | 'hang',
): Promise<{ url: string; server: Server; asked: URL[] }> {
  const asked: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    asked.push(url);
    const answer = handler(url);
    if (answer === 'hang') return; // never answers
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`,
    server,
    asked,
  };
}

/** A port nothing listens on: connections are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('GeocodingService chain', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
  });

  it('answers from the built-in table without asking the public geocoder', async () => {
    const geo = await localGeocoder(() => [{ lat: '39.2', lon: '-84.4' }]);
    servers.push(geo.server);
    const result = await serviceWith(geo.url).locate('1301 Western Avenue, Cincinnati, OH 45203');
    expect(result).toEqual({ point: { lat: 39.1099, lng: -84.5372 }, source: 'known-address' });
    expect(geo.asked).toHaveLength(0);
  });

  it('answers from the local names before the public geocoder', async () => {
    const geo = await localGeocoder(() => [{ lat: '39.2', lon: '-84.4' }]);
    servers.push(geo.server);
    const result = await serviceWith(geo.url).locate('12 Pike St, Covington, KY 41011');
    expect(result.source).toBe('place-name');
    expect(geo.asked).toHaveLength(0);
  });

  it('asks the public geocoder (US only, one result) for an unknown street', async () => {
    const geo = await localGeocoder(() => [{ lat: '39.1234', lon: '-84.4321', display_name: 'x' }]);
    servers.push(geo.server);
    const result = await serviceWith(geo.url).locate('123 Nowhere St, Cincinnati, OH 45299');
    expect(result).toEqual({ point: { lat: 39.1234, lng: -84.4321 }, source: 'public-geocoder' });
    expect(geo.asked[0].searchParams.get('countrycodes')).toBe('us');
    expect(geo.asked[0].searchParams.get('limit')).toBe('1');
  });

  it('falls back when the public geocoder finds nothing or answers far away', async () => {
    const empty = await localGeocoder(() => []);
    const far = await localGeocoder(() => [{ lat: '34.8', lon: '-87.67' }]);
    const broken = await localGeocoder(() => ({ error: 'nope' }));
    servers.push(empty.server, far.server, broken.server);
    for (const geo of [empty, far, broken]) {
      const result = await serviceWith(geo.url).locate('123 Nowhere St, Cincinnati, OH 45299');
      expect(result).toEqual({
        point: REGIONAL_FALLBACKS.cincinnatiDowntown,
        source: 'fallback:cincinnati-downtown',
      });
    }
  });

  it('skips an unreachable public geocoder (closed port) at once', async () => {
    const started = Date.now();
    const result = await serviceWith(`http://127.0.0.1:${await closedPort()}/search`).locate(
      '77 Unknown Ln, Somewhere, OH 45247',
    );
    expect(result.source).toBe('fallback:green-township');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('skips a public geocoder that never answers, within its timeout', async () => {
    const geo = await localGeocoder(() => 'hang');
    servers.push(geo.server);
    const started = Date.now();
    const result = await serviceWith(geo.url, 300).locate('5 Any Rd, Somewhere, KY');
    const took = Date.now() - started;
    expect(result.source).toBe('fallback:northern-kentucky');
    expect(geo.asked).toHaveLength(1);
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(1500);
  });

  it('is not asked when GEOCODER_URL is not set', async () => {
    expect((await serviceWith(undefined).locate('5 Any Rd, Somewhere')).source).toBe(
      'fallback:default',
    );
  });
});
