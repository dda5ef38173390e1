import type {
  AppointmentInput,
  CurrentUser,
  Customer,
  DashboardAppointment,
} from '@cincy/contracts';

/** A tiny cookie jar: name=value pairs from Set-Cookie, sent back on every request. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes the Set-Cookie headers of an answer; an expired or emptied cookie is removed. */
  store(setCookieHeaders: readonly string[], now = Date.now()): void {
    for (const header of setCookieHeaders) {
      const [pair, ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const eqAt = attribute.indexOf('=');
        if (eqAt < 0) return false;
        const key = attribute.slice(0, eqAt).trim().toLowerCase();
        const v = attribute.slice(eqAt + 1).trim();
        return (key === 'max-age' && Number(v) <= 0) || (key === 'expires' && Date.parse(v) < now);
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The Cookie request header, or undefined when the jar is empty. */
  header(): string | undefined {
    if (!this.cookies.size) return undefined;
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${url} answered ${status}: ${body.slice(0, 500)}`);
    this.name = 'ApiError';
  }
}

export interface VisitorDetails {
  name: string;
  phone: string;
  email?: string | null;
}

export interface AsapDetails {
  location?: string;
  vehicle?: string | null;
  notes?: string | null;
}

/** The body of POST /api/appointments for an ASAP visit, as the form fills it. */
export function asapAppointmentInput(
  customerId: number,
  details: AsapDetails = {},
): AppointmentInput {
  return {
    customerId,
    location: details.location ?? '1 Fountain Square, Cincinnati, Ohio 45202',
    vehicle: details.vehicle ?? '2018 Honda Civic',
    preferredTime: 'ASAP',
    scheduledDate: null,
    scheduledTime: null,
    notes: details.notes ?? null,
    status: 'pending',
    priority: 'normal',
  };
}

/** A client of the gateway's /api with its own cookie jar (one client = one browser, in effect). */
export class ApiClient {
  readonly jar = new CookieJar();

  constructor(readonly baseUrl: string) {}

  /** Sends JSON (with `extraHeaders`, if any), keeps the answer's cookies; a non-2xx answer throws ApiError. */
  async request<T>(
    method: string,
    url: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const cookie = this.jar.header();
    if (cookie) headers.Cookie = cookie;
    const res = await fetch(new URL(url, this.baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    this.jar.store(res.headers.getSetCookie());
    const text = await res.text();
    if (!res.ok) throw new ApiError(method, url, res.status, text);
    return (text ? JSON.parse(text) : null) as T;
  }

  login(username: string, password: string): Promise<CurrentUser> {
    return this.request<CurrentUser>('POST', '/api/auth/login', { username, password });
  }

  appointments(): Promise<DashboardAppointment[]> {
    return this.request<DashboardAppointment[]>('GET', '/api/appointments');
  }

  /** Creates a customer as the public form does; for a visitor this sets the booking cookie. */
  createCustomer(customer: VisitorDetails): Promise<Customer> {
    return this.request<Customer>('POST', '/api/customers', {
      name: customer.name,
      phone: customer.phone,
      email: customer.email ?? null,
    });
  }

  /**
   * Books an ASAP service through the spec's two calls (the form books with one, POST
   * /api/bookings): an anonymous customer, then the appointment for it (the customer call sets
   * the booking cookie the second call needs).
   */
  async bookAsap(
    customer: VisitorDetails,
    details: AsapDetails = {},
  ): Promise<{ customer: Customer; appointment: { id: number } & Record<string, unknown> }> {
    const created = await this.createCustomer(customer);
    const appointment = await this.request<{ id: number } & Record<string, unknown>>(
      'POST',
      '/api/appointments',
      asapAppointmentInput(created.id, details),
    );
    return { customer: created, appointment };
  }
}

/** A signed-in client. */
export async function login(
  baseUrl: string,
  username: string,
  password: string,
): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  await client.login(username, password);
  return client;
}

/** Books an ASAP service as an anonymous visitor (a fresh cookie jar). */
export function bookAsap(baseUrl: string, customer: VisitorDetails, details?: AsapDetails) {
  return new ApiClient(baseUrl).bookAsap(customer, details);
}
