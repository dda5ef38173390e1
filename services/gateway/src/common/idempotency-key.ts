import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@cincy/contracts';
import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { Contract } from './contract.pipe';

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

const rawHeader = createParamDecorator(
  (_: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<Request>().headers[HEADER],
);

/**
 * The request's Idempotency-Key, checked by the contract: absent is fine (the request is sent as
 * before), anything but one key of 1-255 visible ASCII characters is a 400 that says so.
 */
export const IdempotencyKey = () =>
  rawHeader(new Contract(idempotencyKeySchema.optional(), 'header', IDEMPOTENCY_KEY_HEADER));
