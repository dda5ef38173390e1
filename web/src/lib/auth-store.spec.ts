import { LOGIN_FAILURE } from '@cincy/contracts';
import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../api/request';
import { authStore, watchUnauthorized } from './auth-store';

describe('watchUnauthorized', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => client.clear());

  const fail = (status: number) => () =>
    Promise.reject(new ApiRequestError(status, status === 401 ? 'Unauthorized' : 'Forbidden', {}));

  it('reports a query that fails with 401 (the server ended the session)', async () => {
    const ended = jest.fn();
    const off = watchUnauthorized(client, ended);
    await client.fetchQuery({ queryKey: ['/api/users'], queryFn: fail(401) }).catch(() => null);
    expect(ended).toHaveBeenCalledTimes(1);
    off();
  });

  it('reports a mutation that fails with 401', async () => {
    const ended = jest.fn();
    const off = watchUnauthorized(client, ended);
    const mutation = client.getMutationCache().build(client, { mutationFn: fail(401) });
    await mutation.execute(undefined).catch(() => null);
    expect(ended).toHaveBeenCalledTimes(1);
    off();
  });

  it('reports a 403 MFA_REQUIRED as a session waiting for its second step, not as ended', async () => {
    const ended = jest.fn();
    const waiting = jest.fn();
    const off = watchUnauthorized(client, ended, waiting);
    const mfa = () =>
      Promise.reject(
        new ApiRequestError(403, 'Forbidden', { code: 'MFA_REQUIRED', message: 'Finish first.' }),
      );
    await client.fetchQuery({ queryKey: ['/api/users'], queryFn: mfa }).catch(() => null);
    await client.fetchQuery({ queryKey: ['/api/day'], queryFn: fail(403) }).catch(() => null);
    expect(waiting).toHaveBeenCalledTimes(1);
    expect(ended).not.toHaveBeenCalled();
    off();
  });

  it('ignores other failures (a 403 is a refusal, not an ended session) and stops when told', async () => {
    const ended = jest.fn();
    const off = watchUnauthorized(client, ended);
    await client.fetchQuery({ queryKey: ['/api/users'], queryFn: fail(403) }).catch(() => null);
    off();
    await client.fetchQuery({ queryKey: ['/api/inventory'], queryFn: fail(401) }).catch(() => null);
    expect(ended).not.toHaveBeenCalled();
  });
});

describe('authStore.login', () => {
  const answer = (status: number, body: unknown) =>
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  afterEach(() => jest.restoreAllMocks());
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it("says the spec's text for wrong credentials", async () => {
    answer(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' });
    expect(await authStore.login('dana', 'nope')).toBe(LOGIN_FAILURE.invalid);
  });

  it('says to wait when the server throttles sign-ins (429)', async () => {
    answer(429, { code: 'RATE_LIMITED', message: LOGIN_FAILURE.throttled });
    expect(await authStore.login('dana', 'nope')).toBe(LOGIN_FAILURE.throttled);
  });

  it('answers the second step still to go, and nobody is signed in until it is done', async () => {
    answer(200, { mfa: 'required', methods: ['totp', 'passkey'] });
    const step = { mfa: 'required', methods: ['totp', 'passkey'] };
    expect(await authStore.login('admin', 'secret')).toEqual(step);
    expect(authStore.pendingStep()).toEqual(step);
    expect(authStore.getState().isAuthenticated).toBe(false);
    authStore.clearPending();
    expect(authStore.pendingStep()).toBeNull();
  });

  it('answers the setup when the account must have a second step and has none', async () => {
    answer(200, { mfa: 'enroll' });
    expect(await authStore.login('admin', 'secret')).toEqual({ mfa: 'enroll' });
    expect(authStore.pendingStep()).toEqual({ mfa: 'enroll' });
    authStore.clearPending();
  });
});

describe('the session check (GET /api/users/current)', () => {
  // The tests run in Node: a page's storage and window, as much as startAuth uses of them.
  const page = globalThis as unknown as { localStorage?: Storage; window?: unknown };
  beforeAll(() => {
    const items = new Map<string, string>();
    page.localStorage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, String(value)),
      removeItem: (key: string) => void items.delete(key),
      clear: () => items.clear(),
    } as Storage;
    page.window = Object.assign(new EventTarget(), { setInterval, clearInterval });
  });
  afterAll(() => {
    delete page.localStorage;
    delete page.window;
  });
  const admin = { id: 1, name: 'Ada', username: 'admin', role: 'admin', privileged: true };
  /** A fresh copy of the store, as a new page load would have, over what localStorage holds. */
  const pageLoad = (stored?: object) => {
    localStorage.clear();
    if (stored) localStorage.setItem('auth-storage', JSON.stringify(stored));
    let store!: typeof import('./auth-store');
    jest.isolateModules(() => {
      store = jest.requireActual('./auth-store');
    });
    return store;
  };
  const server = (status: number, body: unknown) =>
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
  const asked = (fetch: jest.SpyInstance) =>
    fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/users/current')).length;
  afterEach(() => {
    jest.restoreAllMocks();
    localStorage.clear();
  });

  it('is not asked on start for a visitor this browser remembers no sign-in for', () => {
    const fetch = server(401, { code: 'UNAUTHORIZED', message: 'Unauthorized' });
    const stop = pageLoad().startAuth();
    expect(asked(fetch)).toBe(0);
    stop();
  });

  it('is asked on start, once, for a remembered user', async () => {
    const fetch = server(200, admin);
    const { authStore, startAuth } = pageLoad({
      isAuthenticated: true,
      currentUser: admin,
      lastActivity: Date.now(),
    });
    const stop = startAuth();
    await authStore.restore(); // a protected page asking again
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked(fetch)).toBe(1);
    expect(authStore.isRestoring()).toBe(false);
    stop();
  });

  it("signs out idle at the server's limit (SESSION_IDLE_MINUTES, in its answer), not a copy of it", async () => {
    server(200, { ...admin, idleMinutes: 15 });
    const at = Date.now();
    const { authStore } = pageLoad({ isAuthenticated: true, currentUser: admin, lastActivity: at });
    // Remembered from before the answer carried the limit: the default until the server says.
    expect(authStore.isIdle(at + 16 * 60_000)).toBe(false);
    await authStore.restore();
    expect(authStore.isIdle(at + 14 * 60_000)).toBe(false);
    expect(authStore.isIdle(at + 16 * 60_000)).toBe(true);
  });

  it('is asked by a protected page when nothing was asked at start, and then answers', async () => {
    const fetch = server(200, admin);
    const { authStore } = pageLoad();
    expect(authStore.isRestoring()).toBe(true);
    await authStore.restore();
    expect(asked(fetch)).toBe(1);
    expect(authStore.getState().currentUser).toMatchObject({ username: 'admin' });
    expect(authStore.isRestoring()).toBe(false);
  });

  it('remembers a session that waits for its second step (403 MFA_REQUIRED): not signed in', async () => {
    server(403, { code: 'MFA_REQUIRED', message: 'Finish signing in first.' });
    const { authStore } = pageLoad({
      isAuthenticated: true,
      currentUser: admin,
      lastActivity: Date.now(),
    });
    await authStore.restore();
    expect(authStore.getState().isAuthenticated).toBe(false);
    // Which step, the login page reads from the account (GET /api/auth/security).
    expect(authStore.pendingStep()).toEqual({ mfa: 'unread' });
    expect(authStore.isRestoring()).toBe(false);
  });

  it('signs in with the second step, and forgets the pending step', async () => {
    server(200, { mfa: 'required', methods: ['totp'] });
    const { authStore } = pageLoad();
    await authStore.login('admin', 'secret');
    authStore.completeSignIn({ ...admin, role: 'admin', idleMinutes: 30 });
    expect(authStore.pendingStep()).toBeNull();
    expect(authStore.getState().currentUser).toMatchObject({ username: 'admin' });
  });

  it('is not waited for after a sign-in on this page', async () => {
    server(200, admin);
    const { authStore } = pageLoad();
    expect(await authStore.login('admin', 'secret')).toBeNull();
    expect(authStore.isRestoring()).toBe(false);
  });
});
