import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { devCheckout } from '@cincy/platform';

/**
 * A card payment provider on a free port that speaks the parts of Stripe's API billing's SDK
 * calls and posts Stripe's signed webhooks: the development checkout, run on its own. Its `env`
 * points a stack at it (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL); the webhooks
 * go where `webhookTo` says, once the gateway's address is known.
 */
export async function startPaymentProvider() {
  const secretKey = 'sk_test_local_provider';
  const options = {
    secretKey,
    webhookSecret: 'whsec_local_provider',
    webhookUrl: '',
    publicUrl: '',
  };
  const handle = devCheckout(options);
  const server = createServer((req, res) =>
    handle(req, res, () => {
      res.statusCode = 404;
      res.end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  options.publicUrl = url;
  return {
    url,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: options.webhookSecret,
      STRIPE_API_URL: url,
    },
    /** Where the webhooks go: the gateway's /api/payments/webhook. */
    webhookTo(gatewayBase: string) {
      options.webhookUrl = `${gatewayBase}/api/payments/webhook`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
