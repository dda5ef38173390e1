import { CurrentUser } from '@cincy/contracts';
import { RpcCallError, RpcClient } from '@cincy/platform';
import { SessionResolver } from './session-resolver';

const ada: CurrentUser = { id: 1, name: 'Ada', username: 'ada', role: 'admin' };

function resolverWith(answer: (token: string) => CurrentUser | Error) {
  const call = jest.fn(async (_subject: string, { token }: { token: string }) => {
    const result = answer(token);
    if (result instanceof Error) throw result;
    return result;
  });
  return { resolver: new SessionResolver({ call } as unknown as RpcClient), call };
}

const expired = new RpcCallError(401, { code: 'UNAUTHENTICATED', message: 'ended' });

describe('SessionResolver', () => {
  it('asks identity once for a burst of requests with the same token', async () => {
    const { resolver, call } = resolverWith(() => ada);
    await Promise.all([resolver.resolve('t'), resolver.resolve('t')]);
    await resolver.resolve('t');
    expect(await resolver.resolve('t')).toEqual(ada);
    expect(call.mock.calls.length).toBeLessThanOrEqual(2); // the first two may race
  });

  it('caches an unknown token as signed out instead of asking identity on every request', async () => {
    const { resolver, call } = resolverWith(() => expired);
    for (let i = 0; i < 5; i++) expect(await resolver.resolve('made-up')).toBeNull();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('forgets a token at logout, so the next request asks identity again', async () => {
    const { resolver, call } = resolverWith(() => ada);
    await resolver.resolve('t');
    resolver.forget('t');
    await resolver.resolve('t');
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('lets an outage through as an error (503), never as "signed out"', async () => {
    const down = new RpcCallError(503, { code: 'SERVICE_UNAVAILABLE', message: 'down' });
    const { resolver } = resolverWith(() => down);
    await expect(resolver.resolve('t')).rejects.toBe(down);
  });
});
