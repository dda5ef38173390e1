import { createHash, createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The development checkout (ADR 0114): the parts of Stripe's API billing's SDK calls (create a
 * Checkout Session, refund a payment) and a checkout page that, instead of a card form, has one
 * "Pay" button that posts the signed `checkout.session.completed` webhook Stripe would. It runs
 * in the gateway when no STRIPE_SECRET_KEY is set (`npm start`, the demo), and on its own port as
 * the tests' payment provider. Nothing is charged; no card is ever asked for.
 *
 * It keeps nothing: a session's id carries what it was created with, so any replica answers it.
 */
export interface DevCheckoutOptions {
  /** The Bearer key the SDK must send. */
  secretKey: string;
  /** The secret webhooks are signed with (the receiver's STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Where the signed webhook is posted. */
  webhookUrl: string;
  /** This checkout's public origin: the session's `url` points there. */
  publicUrl: string;
}

interface DevSession {
  amount: number;
  currency: string;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  successUrl: string;
  name: string;
  created: number;
}

const SESSION_PREFIX = 'cs_dev_';
const encodeSession = (s: DevSession) =>
  SESSION_PREFIX + Buffer.from(JSON.stringify(s)).toString('base64url');

function decodeSession(id: string): DevSession | null {
  if (!id.startsWith(SESSION_PREFIX)) return null;
  try {
    const s = JSON.parse(Buffer.from(id.slice(SESSION_PREFIX.length), 'base64url').toString());
    return typeof s?.amount === 'number' && typeof s?.currency === 'string' ? s : null;
  } catch {
    return null;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/** Stripe's `Stripe-Signature` header for `payload`: `t=<unix seconds>,v1=<HMAC-SHA256>`. */
export function stripeSignature(payload: string, secret: string, at = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** The Checkout Session object as Stripe answers it (the fields billing reads). */
function sessionObject(id: string, s: DevSession, publicUrl: string, paid: boolean) {
  return {
    id,
    object: 'checkout.session',
    mode: 'payment',
    amount_total: s.amount,
    currency: s.currency,
    client_reference_id: s.clientReferenceId,
    metadata: s.metadata,
    success_url: s.successUrl,
    url: paid ? null : `${publicUrl}/dev/checkout/${id}`,
    status: paid ? 'complete' : 'open',
    payment_status: paid ? 'paid' : 'unpaid',
    payment_intent: paid ? `pi_dev_${digest(id)}` : null,
    created: s.created,
    expires_at: s.created + 24 * 3600,
  };
}

/** The webhook event Stripe sends when the customer pays: one id per session, as Stripe's is. */
export function checkoutCompletedEvent(sessionId: string, s: DevSession, publicUrl: string) {
  return {
    id: `evt_dev_${digest(`completed:${sessionId}`)}`,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: null,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: sessionObject(sessionId, s, publicUrl, true) },
  };
}

/** Posts a webhook as Stripe does: the JSON body, signed. */
export async function postSignedWebhook(url: string, event: object, secret: string) {
  const payload = JSON.stringify(event);
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(payload, secret),
    },
    body: payload,
  });
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 64_000) req.destroy();
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

function send(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
}

const stripeError = (res: ServerResponse, status: number, message: string) =>
  send(res, status, { error: { type: 'invalid_request_error', message } });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, title: string, body: string) {
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`,
  );
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The request handler; `next` is called for any path it does not answer. */
export function devCheckout(options: DevCheckoutOptions) {
  return async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const { publicUrl } = options; // read per request: a test provider learns its address late
    const url = new URL(req.url ?? '/', 'http://checkout');
    const path = url.pathname;
    try {
      if (path.startsWith('/v1/')) {
        if (req.headers.authorization !== `Bearer ${options.secretKey}`)
          return stripeError(res, 401, 'Invalid API Key provided.');
        const form = new URLSearchParams(await readBody(req));
        if (req.method === 'POST' && path === '/v1/checkout/sessions') {
          const metadata: Record<string, string> = {};
          for (const [key, value] of form)
            if (key.startsWith('metadata[')) metadata[key.slice(9, -1)] = value;
          const session: DevSession = {
            amount: Number(form.get('line_items[0][price_data][unit_amount]')),
            currency: form.get('line_items[0][price_data][currency]') ?? '',
            clientReferenceId: form.get('client_reference_id'),
            metadata,
            successUrl: form.get('success_url') ?? publicUrl,
            name: form.get('line_items[0][price_data][product_data][name]') ?? '',
            created: Math.floor(Date.now() / 1000),
          };
          if (!Number.isInteger(session.amount) || session.amount < 1 || !session.currency)
            return stripeError(res, 400, 'A line item needs a currency and a positive amount.');
          const id = encodeSession(session);
          return send(res, 200, sessionObject(id, session, publicUrl, false));
        }
        if (req.method === 'POST' && path === '/v1/refunds') {
          const amount = Number(form.get('amount'));
          const paymentIntent = form.get('payment_intent') ?? '';
          if (!paymentIntent.startsWith('pi_'))
            return stripeError(res, 400, 'No such payment_intent.');
          return send(res, 200, {
            id: `re_dev_${digest(`${paymentIntent}:${Date.now()}:${Math.random()}`)}`,
            object: 'refund',
            amount,
            currency: 'usd',
            payment_intent: paymentIntent,
            status: 'succeeded',
          });
        }
        return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path}).`);
      }
      const checkout = /^\/dev\/checkout\/([\w-]+)(\/pay)?$/.exec(path);
      if (!checkout) return next();
      const [, id, pay] = checkout;
      const session = decodeSession(id);
      if (!session) return page(res, 404, 'Checkout not found', '<h1>Checkout not found</h1>');
      if (!pay && (req.method === 'GET' || req.method === 'HEAD'))
        return page(
          res,
          200,
          'Development checkout',
          `<h1>Development checkout</h1>` +
            `<p>This is the development stand-in for the card payment page: no card is asked for and nothing is charged.</p>` +
            `<p>${escapeHtml(session.name)}: <strong>${dollars(session.amount)}</strong></p>` +
            `<form method="post" action="/dev/checkout/${id}/pay"><button type="submit">Pay ${dollars(session.amount)}</button></form>`,
        );
      if (pay && req.method === 'POST') {
        const event = checkoutCompletedEvent(id, session, publicUrl);
        const answer = await postSignedWebhook(options.webhookUrl, event, options.webhookSecret);
        if (!answer.ok)
          return page(
            res,
            502,
            'Payment not confirmed',
            `<h1>Payment not confirmed</h1><p>The shop did not take the payment (${answer.status}). Try again.</p>`,
          );
        res.statusCode = 303;
        res.setHeader('location', session.successUrl);
        return res.end();
      }
      return page(res, 405, 'Not allowed', '<h1>Not allowed</h1>');
    } catch {
      return stripeError(res, 500, 'The development checkout failed.');
    }
  };
}
