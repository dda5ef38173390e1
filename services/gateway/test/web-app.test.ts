import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
import type { INestApplication } from '@nestjs/common';
import { createGatewayApp } from '../src/http-app';

// The gateway serving a built web app (a small one made here, laid out as `npm run build` does).
const dist = mkdtempSync(path.join(os.tmpdir(), 'cincy-web-'));
const SHELL = '<!doctype html><div id="root"></div>';
const LANDING = '<!doctype html><div id="root"><main>Mobile battery replacement</main></div>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const FIELD_SHELL = '<!doctype html><title>Cincy Battery Field</title><div id="root"></div>';
const SERVICE_WORKER = 'self.addEventListener("fetch", () => {});';
const MANIFEST = JSON.stringify({ name: 'Cincy Battery Field', start_url: '/field/' });

function write(file: string, body: string, precompress = false) {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), body);
  if (precompress) {
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(body));
  }
}

let gateway: INestApplication;
let base: string;
let isolated: ReturnType<typeof useIsolatedStack>;

beforeAll(async () => {
  write('index.html', SHELL);
  write('pages/index.html', LANDING, true);
  write('assets/entry-3f9a1c.js', SCRIPT, true);
  write('field/index.html', FIELD_SHELL);
  write('field/sw.js', SERVICE_WORKER, true);
  write('field/manifest.webmanifest', MANIFEST);
  write('field/assets/index-8c2e4d.js', SCRIPT, true);
  isolated = useIsolatedStack();
  process.env.WEB_DIST_DIR = dist;
  gateway = await createGatewayApp();
  await gateway.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
}, 30_000);

afterAll(async () => {
  await gateway?.close();
  await dropIsolatedStack(isolated);
  rmSync(dist, { recursive: true, force: true });
});

/** fetch would decompress by itself: node:http reads the bytes as they were sent. */
function raw(url: string, acceptEncoding = 'identity') {
  return new Promise<{ res: { status: number; headers: Headers }; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(`${base}${url}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              if (typeof value === 'string') headers.set(name, value);
            }
            resolve({ res: { status: res.statusCode ?? 0, headers }, body: Buffer.concat(chunks) });
          });
        })
        .on('error', reject);
    },
  );
}

describe('the web app as the gateway serves it', () => {
  it('answers a public page with its prerendered HTML, brotli when the browser takes it, revalidated each visit', async () => {
    const { res, body } = await raw('/', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(brotliDecompressSync(body).toString()).toBe(LANDING);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await raw('/', 'gzip');
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(LANDING);
    const plain = await raw('/');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.body.toString()).toBe(LANDING);
  });

  it('answers every other client-side route with the shell', async () => {
    for (const route of ['/dispatch', '/customer-form', '/no-such-page']) {
      const { res, body } = await raw(route);
      expect([route, res.status, body.toString()]).toEqual([route, 200, SHELL]);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year as immutable, precompressed', async () => {
    const { res, body } = await raw('/assets/entry-3f9a1c.js', 'br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
    expect((await raw('/assets/missing-000000.js')).res.status).toBe(404);
  });

  it("answers /field and every path under it with the field app's shell, revalidated", async () => {
    for (const route of ['/field', '/field/', '/field/jobs/3']) {
      const { res, body } = await raw(route);
      expect([route, res.status, body.toString()]).toEqual([route, 200, FIELD_SHELL]);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
    }
  });

  it("revalidates the field app's service worker and manifest on every open", async () => {
    const sw = await raw('/field/sw.js', 'br');
    expect(sw.res.status).toBe(200);
    expect(sw.res.headers.get('cache-control')).toBe('no-cache');
    expect(sw.res.headers.get('content-type')).toMatch(/javascript/);
    expect(brotliDecompressSync(sw.body).toString()).toBe(SERVICE_WORKER);
    const manifest = await raw('/field/manifest.webmanifest');
    expect(manifest.res.status).toBe(200);
    expect(manifest.res.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.res.headers.get('content-type')).toMatch(/manifest\+json/);
    expect(JSON.parse(manifest.body.toString())).toMatchObject({ start_url: '/field/' });
  });

  it("caches the field app's hashed assets for a year as immutable; a missing one is a 404", async () => {
    const { res, body } = await raw('/field/assets/index-8c2e4d.js', 'gzip');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(gunzipSync(body).toString()).toBe(SCRIPT);
    const missing = await raw('/field/assets/index-000000.js');
    expect([missing.res.status, missing.body.toString()]).toEqual([404, 'Not found']);
  });

  it('never answers an API path with the web app', async () => {
    const { res, body } = await raw('/api/no-such-route');
    expect(res.status).toBe(404);
    expect(JSON.parse(body.toString())).toMatchObject({ code: 'NOT_FOUND' });
  });
});
