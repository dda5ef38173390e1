import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../api/request';
import { watchUnauthorized } from './auth-store';

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
