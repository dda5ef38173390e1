import type { ApiError, ErrorCode } from '@cincy/contracts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * An error answer of the API. `message` is the status text, or 'Request failed with status N';
 * the body's `code` (an `ErrorCode`: compare with `ERROR_CODES`), sentence and field errors ride
 * along, so callers decide by code, never by the text.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  /** A string, not only `ErrorCode`: an older or newer server may send a code this build lacks. */
  readonly code?: ErrorCode | (string & {});
  readonly serverMessage?: ApiError['message'];
  readonly fieldErrors?: ApiError['fieldErrors'];
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
        this.fieldErrors = b.fieldErrors as ApiError['fieldErrors'];
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

/** The error a non-ok answer is: status, status text, and the body's code, message and fields. */
export async function requestError(res: Response): Promise<ApiRequestError> {
  return new ApiRequestError(res.status, res.statusText, await readBody(res));
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) throw await requestError(res);
}

export interface RequestOptions {
  /** react-query's signal, so a query that is no longer wanted stops its request. */
  signal?: AbortSignal;
  /** Extra headers (an Idempotency-Key); Accept and Content-Type are always set. */
  headers?: Record<string, string>;
}

/** Sends a JSON request with cookies; throws ApiRequestError on a non-ok answer. */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  { signal, headers }: RequestOptions = {},
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: {
      ...headers,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
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

/**
 * The usual call of a fetcher: send, throw on a non-ok answer, read the JSON answer. `T` is not
 * checked at run time (that would load zod on public pages); it is inferred from the fetcher's
 * declared return type, which is always a contract type (`RpcAnswer<subject>` or a named one).
 */
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

/**
 * The error code of a refused call (`ApiRequestError.code`), if it sent one: what a caller
 * compares with `ERROR_CODES` to choose its message.
 */
export function errorCodeOf(error: unknown): ApiRequestError['code'] {
  return error instanceof ApiRequestError ? error.code : undefined;
}

/** The field errors of a refused call (`ApiRequestError.fieldErrors`), if it sent any. */
export function fieldErrorsOf(error: unknown): ApiRequestError['fieldErrors'] {
  return error instanceof ApiRequestError ? error.fieldErrors : undefined;
}
