import { ERROR_CODES } from '@cincy/contracts';
import express, { NextFunction, Request, Response } from 'express';

/** Bodies are small forms; anything bigger is refused before it is read. */
const BODY_LIMIT = '32kb';

/** The methods whose routes read a body; other methods' bodies are never read, so never refused. */
export const BODY_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH'];

const jsonParser = express.json({ limit: BODY_LIMIT });

/** Body parser failures answer in the API's error shape (400, 413) instead of express's HTML page. */
export function parseJson(req: Request, res: Response, next: NextFunction) {
  if (!BODY_METHODS.includes(req.method)) return next();
  jsonParser(req, res, (error?: { type?: string }) => {
    if (!error) return next();
    const tooLarge = error.type === 'entity.too.large';
    res.status(tooLarge ? 413 : 400).json({
      code: tooLarge ? ERROR_CODES.payloadTooLarge : ERROR_CODES.validation,
      message: tooLarge ? 'The request is too large.' : 'The request body is not valid JSON.',
    });
  });
}
