import { ERROR_CODES, PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '@cincy/contracts';
import express, { NextFunction, Request, Response } from 'express';

/** Bodies are small forms; anything bigger is refused before it is read. */
const BODY_LIMIT = '32kb';

/** The methods whose routes read a body; other methods' bodies are never read, so never refused. */
export const BODY_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH'];

const jsonParser = express.json({ limit: BODY_LIMIT });

/** The one route whose body is a file: a photo taken at the door, read as bytes whatever its type. */
export const PHOTO_UPLOAD_PATH = /^\/api\/appointments\/[^/]+\/photos$/;
const photoParser = express.raw({ type: () => true, limit: PHOTO_MAX_BYTES });

/**
 * The payment provider's webhook: read as the text it came as, whatever its type, since its
 * signature is over those exact bytes. Stripe's events are a few kB.
 */
export const PAYMENT_WEBHOOK_PATH = '/api/payments/webhook';
const WEBHOOK_LIMIT = '256kb';
const webhookParser = express.text({ type: () => true, limit: WEBHOOK_LIMIT });

/** The largest body a route reads, as the API document says it. */
export const bodyLimitOf = (routePath: string) =>
  PHOTO_UPLOAD_PATH.test(routePath.replace(/:\w+/g, '1'))
    ? '8 MB'
    : `/api/${routePath.replace(/^\/?(api\/)?/, '')}` === PAYMENT_WEBHOOK_PATH
      ? '256 kB'
      : '32 kB';

/**
 * Reads the body (JSON, or a photo's bytes on its route); failures answer in the API's error
 * shape (400, 413) instead of express's HTML page.
 */
export function parseJson(req: Request, res: Response, next: NextFunction) {
  if (!BODY_METHODS.includes(req.method)) return next();
  const photo = PHOTO_UPLOAD_PATH.test(req.path);
  const parser = photo
    ? photoParser
    : req.path === PAYMENT_WEBHOOK_PATH
      ? webhookParser
      : jsonParser;
  parser(req, res, (error?: { type?: string }) => {
    if (!error) return next();
    const tooLarge = error.type === 'entity.too.large';
    res.status(tooLarge ? 413 : 400).json({
      code: tooLarge ? ERROR_CODES.payloadTooLarge : ERROR_CODES.validation,
      message: tooLarge
        ? photo
          ? PHOTO_MESSAGES.tooLarge
          : 'The request is too large.'
        : 'The request body is not valid JSON.',
    });
  });
}
