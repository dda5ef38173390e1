import { ApiRequestError, apiRequest, errorCodeOf, readJson } from './request';

const realFetch = globalThis.fetch;
let fetchMock: jest.Mock<Promise<Response>, [Parameters<typeof fetch>[0], RequestInit?]>;

/** Makes every fetch answer with `response` (a real Response, as the browser would give). */
function answer(response: Response) {
  fetchMock = jest.fn(async (_input: Parameters<typeof fetch>[0], _init?: RequestInit) => response);
  globalThis.fetch = fetchMock as typeof fetch;
}

afterEach(() => {
  globalThis.fetch = realFetch;
});

const json = (body: unknown, init: ResponseInit) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json' },
  });

async function failure(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiRequestError))
    throw new Error(`expected ApiRequestError, got ${error}`);
  return error;
}

describe('apiRequest', () => {
  it('sends JSON with cookies and a JSON content type', async () => {
    answer(json({ id: 1 }, { status: 201 }));
    await apiRequest('POST', '/api/customers', { name: 'Jane' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/customers',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: '{"name":"Jane"}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('throws the status text as the message on a non-ok answer', async () => {
    answer(
      json({ code: 'TIME_SLOT_FULL', message: 'Full' }, { status: 409, statusText: 'Conflict' }),
    );
    const error = await failure(apiRequest('POST', '/api/appointments', {}));
    expect(error.message).toBe('Conflict');
    expect(error.status).toBe(409);
  });

  it("throws 'Request failed with status N' when the status text is empty", async () => {
    answer(new Response('', { status: 503, statusText: '' }));
    const error = await failure(apiRequest('GET', '/api/appointments'));
    expect(error.message).toBe('Request failed with status 503');
  });

  it("carries the body's code, message and field errors", async () => {
    answer(
      json(
        {
          code: 'VALIDATION_FAILED',
          message: 'Phone number must be at least 10 digits',
          fieldErrors: { phone: 'Phone number must be at least 10 digits' },
        },
        { status: 400, statusText: 'Bad Request' },
      ),
    );
    const error = await failure(apiRequest('POST', '/api/customers', {}));
    expect(error.message).toBe('Bad Request');
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.serverMessage).toBe('Phone number must be at least 10 digits');
    expect(error.fieldErrors).toEqual({ phone: 'Phone number must be at least 10 digits' });
  });

  it('leaves code and server message empty when the body is not the API error shape', async () => {
    answer(new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await failure(apiRequest('GET', '/api/appointments'));
    expect(error.message).toBe('Bad Gateway');
    expect(error.code).toBeUndefined();
    expect(error.serverMessage).toBeUndefined();
    expect(error.fieldErrors).toBeUndefined();
  });
});

describe('errorCodeOf', () => {
  it("keeps the server's code reachable, so callers choose by code rather than by text", async () => {
    answer(
      json(
        { code: 'OUTSIDE_SERVICE_HOURS', message: 'ASAP requests are handled in our window.' },
        { status: 422, statusText: 'Unprocessable Entity' },
      ),
    );
    const error = await failure(apiRequest('POST', '/api/appointments', {}));
    expect(errorCodeOf(error)).toBe('OUTSIDE_SERVICE_HOURS');
    expect(errorCodeOf(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});

describe('apiRequest headers', () => {
  it('adds the extra headers beside the JSON ones', async () => {
    answer(json({ id: 1 }, { status: 201 }));
    await apiRequest('POST', '/api/appointments', {}, { headers: { 'Idempotency-Key': 'k1' } });
    expect(fetchMock.mock.calls[0][1]?.headers).toEqual({
      'Idempotency-Key': 'k1',
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
  });
});

describe('readJson', () => {
  it('reads a JSON answer', async () => {
    await expect(readJson(json([{ id: 1 }], { status: 200 }))).resolves.toEqual([{ id: 1 }]);
  });

  it('reads an empty answer (204) as null', async () => {
    await expect(readJson(new Response(null, { status: 204 }))).resolves.toBeNull();
  });
});
