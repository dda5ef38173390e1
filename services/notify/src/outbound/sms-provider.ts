import { OutgoingMessage, PROVIDER_TIMEOUT_MS, Provider, SendResult } from './provider';

export interface SmsProviderOptions {
  /** The API's base URL (https://api.twilio.com, or a stand-in in the same shape). */
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  timeoutMs?: number;
}

/**
 * How the Messages API answered: 201 with the message's sid is sent; 429 and 5xx may pass; any
 * other 4xx (a bad number, a blocked recipient) will be given again, with the provider's words.
 */
export function classifySmsAnswer(status: number, body: unknown): SendResult {
  const fields = (body && typeof body === 'object' ? body : {}) as {
    sid?: unknown;
    message?: unknown;
  };
  if (status >= 200 && status < 300)
    return {
      result: 'sent',
      route: 'sms',
      providerId: typeof fields.sid === 'string' ? fields.sid : null,
    };
  const said = typeof fields.message === 'string' ? fields.message.slice(0, 500) : null;
  const error = said ? `HTTP ${status}: ${said}` : `HTTP ${status}`;
  if (status === 429 || status >= 500) return { result: 'transient', error };
  return { result: 'permanent', error: said ?? error };
}

/** Texts through an HTTP provider in the shape of Twilio's Messages API. */
export class SmsProvider implements Provider {
  private readonly endpoint: string;
  private readonly authorization: string;

  constructor(private readonly options: SmsProviderOptions) {
    const base = options.url.replace(/\/+$/, '');
    this.endpoint = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
    // Kept only in this header: never in a log or an error.
    this.authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  }

  async send(message: OutgoingMessage, signal: AbortSignal): Promise<SendResult> {
    const timeoutMs = this.options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          authorization: this.authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: message.to, From: this.options.from, Body: message.text }),
        signal: AbortSignal.any([signal, timeout]),
      });
    } catch (error) {
      if (signal.aborted) return { result: 'aborted' };
      if (timeout.aborted)
        return { result: 'transient', error: `no answer within ${timeoutMs} ms` };
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { result: 'transient', error: cause?.code ?? cause?.message ?? String(error) };
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      if (signal.aborted) return { result: 'aborted' };
      // An answer without JSON: its status says enough.
    }
    return classifySmsAnswer(response.status, body);
  }

  close(): void {}
}
