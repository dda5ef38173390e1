import type { AddressInfo } from 'node:net';
import { dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
import type { INestApplication } from '@nestjs/common';
import { createGatewayApp } from '../src/http-app';
import { CROSS_SITE_MESSAGE } from '../src/security/same-origin';
import { tileSource } from '../src/security/security-headers';

// Only the gateway: headers and origin checks answer before any service is asked.
let isolated: ReturnType<typeof useIsolatedStack>;
const apps: INestApplication[] = [];

async function start(env: Record<string, string> = {}) {
  Object.assign(process.env, env);
  const app = await createGatewayApp();
  await app.listen(0, '127.0.0.1');
  apps.push(app);
  const port = (app.getHttpServer().address() as AddressInfo).port;
  return { base: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}` };
}

beforeAll(() => {
  isolated = useIsolatedStack();
  process.env.MAP_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await dropIsolatedStack(isolated);
});

describe('security headers', () => {
  const cspOf = (res: Response) =>
    Object.fromEntries(
      res.headers
        .get('content-security-policy')!
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );

  it('gives a page a CSP of our own origin plus the map tiles, no framing, nosniff and a referrer policy', async () => {
    const { base } = await start({ TRUST_PROXY: 'false' });
    // The API's documentation is a page (the web app's are not built for this test).
    const res = await fetch(`${base}/api/docs/`);
    const csp = cspOf(res);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toContain('https://*.tile.openstreetmap.org');
    expect(csp['connect-src']).toContain('https://*.tile.openstreetmap.org');
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    // The field app's service worker and manifest.
    expect(csp['worker-src']).toEqual(["'self'"]);
    expect(csp['manifest-src']).toEqual(["'self'"]);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
    // Plain http on a developer's machine: no HSTS.
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it("lets only the field app's pages compile WebAssembly (its barcode reader)", async () => {
    const { base } = await start({ TRUST_PROXY: 'false' });
    const field = cspOf(await fetch(`${base}/field/`));
    expect(field['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(field['frame-ancestors']).toEqual(["'none'"]);
    expect(cspOf(await fetch(`${base}/fieldwork`))['script-src']).toEqual(["'self'"]);
  });

  it("lets an API answer load nothing and be framed nowhere, without the page's headers", async () => {
    const { base } = await start({ TRUST_PROXY: 'false' });
    for (const path of ['/api/openapi.json', '/api/appointments', '/api/no-such-route']) {
      const { headers } = await fetch(`${base}${path}`);
      expect({
        path,
        csp: cspOf({ headers } as Response),
        frame: headers.get('x-frame-options'),
        sniff: headers.get('x-content-type-options'),
        resource: headers.get('cross-origin-resource-policy'),
        opener: headers.get('cross-origin-opener-policy'),
      }).toEqual({
        path,
        csp: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
        frame: 'DENY',
        sniff: 'nosniff',
        resource: 'same-origin',
        opener: null,
      });
    }
  });

  it("keeps the API's answers out of every cache", async () => {
    const { base } = await start({ TRUST_PROXY: 'false' });
    for (const path of ['/api/appointments', '/api/no-such-route']) {
      const { headers } = await fetch(`${base}${path}`);
      expect({ path, cache: headers.get('cache-control'), etag: headers.get('etag') }).toEqual({
        path,
        cache: 'no-store',
        etag: null,
      });
    }
    // The API's documentation page is public and may be revalidated.
    expect((await fetch(`${base}/api/docs/`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('adds HSTS when TLS ends at the proxy in front', async () => {
    const { base } = await start({ TRUST_PROXY: 'true' });
    const res = await fetch(`${base}/api/openapi.json`);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
  });

  it('reads the tile origin from the Leaflet URL template', () => {
    expect(tileSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.openstreetmap.org',
    );
    expect(tileSource('https://tiles.example.com/{z}/{x}/{y}.png')).toBe(
      'https://tiles.example.com',
    );
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
  });
});

describe('requests from other sites', () => {
  it('refuses writes whose Origin is another site, and allows ours and callers without one', async () => {
    const { base, host } = await start({ TRUST_PROXY: 'false' });
    const logout = (origin?: string) =>
      fetch(`${base}/api/auth/logout`, {
        method: 'POST',
        headers: origin ? { Origin: origin, Cookie: 'cb_session=x' } : { Cookie: 'cb_session=x' },
      });
    const refused = await logout('https://evil.example');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ code: 'FORBIDDEN', message: CROSS_SITE_MESSAGE });
    expect((await logout('null')).status).toBe(403);
    expect((await logout(`http://${host}`)).status).not.toBe(403);
    expect((await logout()).status).not.toBe(403);
    // Reads are not writes: a cross-site GET gets its answer (CORS keeps it from the page).
    expect(
      (await fetch(`${base}/api/openapi.json`, { headers: { Origin: 'https://evil.example' } }))
        .status,
    ).toBe(200);
  });

  it("refuses a socket.io handshake from another site's page", async () => {
    const { base, host } = await start({ TRUST_PROXY: 'false' });
    const handshake = (origin: string) =>
      fetch(`${base}/socket.io/?EIO=4&transport=polling`, { headers: { Origin: origin } });
    expect((await handshake('https://evil.example')).status).toBe(403);
    expect((await handshake(`http://${host}`)).status).toBe(200);
  });
});
