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
});
