import type { Invoice } from '@cincy/contracts';
import {
  InjectEnv,
  PAYMENTS_ENV,
  PaymentsEnv,
  StripeSettings,
  stripeSettings,
} from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import Stripe from 'stripe';

/** How long a payment link works: Stripe's longest Checkout Session (24 h). */
const LINK_LIFETIME_S = 24 * 3600;

/**
 * The card payment provider: Stripe through its SDK (Checkout Sessions, refunds, the webhook's
 * signature), or the development checkout that speaks the same API (ADR 0114). The customer's card
 * goes to the provider's page only: nothing of it reaches us.
 */
@Injectable()
export class CardProvider {
  readonly settings: StripeSettings;
  private readonly stripe: Stripe;

  constructor(@InjectEnv(PAYMENTS_ENV) env: PaymentsEnv) {
    this.settings = stripeSettings(env);
    const api = this.settings.apiUrl ? new URL(this.settings.apiUrl) : null;
    this.stripe = new Stripe(this.settings.secretKey, {
      maxNetworkRetries: 1,
      timeout: 10_000,
      telemetry: false,
      ...(api && {
        host: api.hostname,
        port: Number(api.port) || (api.protocol === 'https:' ? 443 : 80),
        protocol: api.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  }

  /** A hosted checkout page for `amountCents` of the invoice; the same key makes the same one. */
  async checkout(invoice: Invoice, amountCents: number, returnUrl: string, key: string) {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: amountCents,
              product_data: { name: `Cincy Battery invoice ${invoice.number}` },
            },
          },
        ],
        client_reference_id: String(invoice.id),
        metadata: { invoiceId: String(invoice.id), number: invoice.number },
        success_url: returnUrl,
        expires_at: Math.floor(Date.now() / 1000) + LINK_LIFETIME_S - 60,
      },
      { idempotencyKey: key },
    );
    if (!session.url) throw new Error('the checkout session has no url');
    return {
      sessionId: session.id,
      url: session.url,
      expiresAt: new Date((session.expires_at ?? 0) * 1000),
    };
  }

  /** Gives back part or all of a card payment; the provider's refund id. */
  async refund(paymentIntent: string, amountCents: number, key: string): Promise<string> {
    const refund = await this.stripe.refunds.create(
      { payment_intent: paymentIntent, amount: amountCents },
      { idempotencyKey: key },
    );
    if (refund.status === 'failed' || refund.status === 'canceled')
      throw new Error(`refund ${refund.status}`);
    return refund.id;
  }

  /** The webhook's event, if its signature is ours; throws otherwise. */
  event(payload: string, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(payload, signature, this.settings.webhookSecret);
  }
}
