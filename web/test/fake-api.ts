/** A request the code under test made through `fetch`. */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Replaces `fetch` with one that records each request and answers 200 with `answer(method, path)`
 * as JSON; for the jsdom tests (jsdom has no fetch and no Response: this is what the request
 * helper reads of one). Returns the list the calls are pushed to.
 */
export function fakeApi(answer: (method: string, path: string) => unknown): ApiCall[] {
  const calls: ApiCall[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = new URL(String(input), 'http://localhost').pathname;
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const text = JSON.stringify(answer(method, path));
    return {
      ok: true,
      status: 200,
      statusText: 'OK',
      headers: new Headers({ 'content-type': 'application/json' }),
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
    } as unknown as Response;
  }) as typeof fetch;
  return calls;
}
