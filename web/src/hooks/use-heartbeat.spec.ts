import { sendHeartbeatOnce } from './use-heartbeat';

const realFetch = globalThis.fetch;
let warn: jest.SpyInstance;

beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  globalThis.fetch = realFetch;
  warn.mockRestore();
});

function answer(response: Response | Error) {
  const mock = jest.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

describe('sendHeartbeatOnce', () => {
  it('POSTs /api/users/{id}/heartbeat with cookies and logs nothing on success', async () => {
    const fetchMock = answer(
      new Response(JSON.stringify({ message: 'ok' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await sendHeartbeatOnce(7);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/7/heartbeat',
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs a 404 as user not found', async () => {
    answer(new Response('{"code":"NOT_FOUND","message":"No such user"}', { status: 404 }));
    await sendHeartbeatOnce(7);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/user not found/);
  });

  it.each([
    ['a server error', new Response('', { status: 503 })],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('logs %s as a failed heartbeat, without throwing', async (_what, response) => {
    answer(response);
    await expect(sendHeartbeatOnce(7)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/failed heartbeat/);
  });
});
