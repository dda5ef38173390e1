import http from 'node:http';
import { AddressInfo } from 'node:net';
import { ApiClient, ApiError, CookieJar } from './api-client';

describe('CookieJar', () => {
  it('keeps name=value from Set-Cookie, without the attributes, and sends them back', () => {
    const jar = new CookieJar();
    expect(jar.header()).toBeUndefined();
    jar.store([
      'cb_session=abc.def=; Path=/; HttpOnly; SameSite=Lax; Max-Age=43200',
      'cb_booking=s%3A42.sig; Path=/; Expires=Wed, 01 Jan 2070 00:00:00 GMT',
    ]);
    expect(jar.get('cb_session')).toBe('abc.def=');
    expect(jar.header()).toBe('cb_session=abc.def=; cb_booking=s%3A42.sig');
  });

  it('replaces a cookie set again', () => {
    const jar = new CookieJar();
    jar.store(['a=1']);
    jar.store(['a=2; Path=/']);
    expect(jar.header()).toBe('a=2');
  });

  it('deletes a cookie that arrives expired: Max-Age=0, an Expires in the past, or empty', () => {
    const jar = new CookieJar();
    jar.store(['a=1', 'b=2', 'c=3', 'd=4']);
    jar.store([
      'a=gone; Path=/; Max-Age=0',
      'b=gone; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
      'c=; Path=/',
    ]);
    expect(jar.header()).toBe('d=4');
  });

  it('judges Expires against the time it is given', () => {
    const jar = new CookieJar();
    const header = 'a=1; Expires=Sun, 22 Nov 2026 12:00:00 GMT';
    jar.store([header], Date.parse('2026-11-22T11:59:00Z'));
    expect(jar.get('a')).toBe('1');
    jar.store([header], Date.parse('2026-11-22T12:01:00Z'));
    expect(jar.get('a')).toBeUndefined();
  });

  it('ignores a header without a name', () => {
    const jar = new CookieJar();
    jar.store(['=nameless', 'novalue']);
    expect(jar.header()).toBeUndefined();
  });
});

describe('ApiClient', () => {
  let server: http.Server;
  let baseUrl: string;
  const seen: { url?: string; cookie?: string; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ url: req.url, cookie: req.headers.cookie, body });
        if (req.url === '/api/auth/login') {
          res.setHeader('Set-Cookie', ['cb_session=t0k3n; Path=/; HttpOnly']);
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify({ id: 1, username: 'admin' }));
        } else if (req.url === '/api/auth/logout') {
          res.setHeader('Set-Cookie', ['cb_session=; Path=/; Max-Age=0']);
          res.end();
        } else {
          res.statusCode = 404;
          res.end('{"code":"NOT_FOUND"}');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('keeps the session cookie of one answer for the next requests, until it is cleared', async () => {
    const client = new ApiClient(baseUrl);
    await expect(client.login('admin', 'secret')).resolves.toEqual({ id: 1, username: 'admin' });
    expect(JSON.parse(seen[seen.length - 1].body)).toEqual({
      username: 'admin',
      password: 'secret',
    });
    await expect(client.request('POST', '/api/auth/logout')).resolves.toBeNull();
    expect(seen[seen.length - 1].cookie).toBe('cb_session=t0k3n');
    await client.request('GET', '/api/missing').catch(() => undefined);
    expect(seen[seen.length - 1].cookie).toBeUndefined();
  });

  it('throws ApiError with the status and body of a failed answer', async () => {
    const error = await new ApiClient(baseUrl).request('GET', '/api/missing').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, body: '{"code":"NOT_FOUND"}', method: 'GET' });
  });
});
