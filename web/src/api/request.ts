export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An error answer of the API. `message` follows spec section 8 (the status text), the body rides along. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly serverMessage?: string;
  readonly fieldErrors?: Record<string, string>;
  readonly body: unknown;

  constructor(status: number, statusText: string, body: unknown) {
    super(statusText || `Request failed with status ${status}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
    if (body && typeof body === 'object') {
      const b = body as Record<string, unknown>;
      if (typeof b.code === 'string') this.code = b.code;
      if (typeof b.message === 'string') this.serverMessage = b.message;
      if (b.fieldErrors && typeof b.fieldErrors === 'object') {
        this.fieldErrors = b.fieldErrors as Record<string, string>;
      }
    }
  }
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) throw new ApiRequestError(res.status, res.statusText, await readBody(res));
}

export interface RequestOptions {
  /** react-query's signal, so a query that is no longer wanted stops its request. */
  signal?: AbortSignal;
}

/** Sends a JSON request with cookies; throws ApiRequestError on a non-ok answer. */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  { signal }: RequestOptions = {},
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  await throwIfNotOk(res);
  return res;
}

/** Reads a JSON answer; an empty body (204) reads as null. */
export async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The usual call of a fetcher: send, throw on a non-ok answer, read the JSON answer. */
export async function requestJson<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  return readJson<T>(await apiRequest(method, url, body, options));
}

/** The server's sentence of a refused call (`ApiRequestError.serverMessage`), if it sent one. */
export function serverMessageOf(error: unknown): string | undefined {
  const message = (error as { serverMessage?: unknown } | null)?.serverMessage;
  return typeof message === 'string' && message.trim() ? message.trim() : undefined;
}

/** The field errors of a refused call (`ApiRequestError.fieldErrors`), if it sent any. */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  return error instanceof ApiRequestError ? error.fieldErrors : undefined;
}
