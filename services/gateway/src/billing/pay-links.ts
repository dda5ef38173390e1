import { AppLogger, RpcCallError, RpcClient } from '@cincy/platform';
import type { NextFunction, Request, Response } from 'express';

/** The customer's short payment link, `/pay/<code>`, as texts and QR codes carry it. */
export const PAY_LINK = /^\/pay\/([\w-]{16})$/;

const page = (res: Response, status: number, title: string, text: string) =>
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | Cincy Battery</title></head><body><main><h1>${title}</h1><p>${text}</p><p><a href="/">Cincy Battery</a> · (513) 555-0142</p></main></body></html>`,
    );

/**
 * Sends a customer's payment link on to where it goes now (billing decides: the provider's
 * checkout, or their visit's page once paid); a plain page when it is not a link of ours.
 */
export function payLinks(rpc: RpcClient, logger: AppLogger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const match = req.method === 'GET' || req.method === 'HEAD' ? PAY_LINK.exec(req.path) : null;
    if (!match) return next();
    rpc.call('billing.payment-links.open', { code: match[1] }).then(
      ({ url }) => res.setHeader('Cache-Control', 'no-store').redirect(302, url),
      (error: unknown) => {
        if (error instanceof RpcCallError && error.status === 404)
          return page(res, 404, 'Payment link not found', error.body.message);
        logger.warn({ msg: 'payment link not opened', error: String(error) });
        page(res, 503, 'Payments are busy', 'Please try the link again in a minute.');
      },
    );
  };
}
