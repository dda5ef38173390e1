import {
  ERROR_CODES,
  accountLinkTokenSchema,
  TRACKING_MESSAGES,
  idParamSchema,
  isLinkToken,
  linkTokenSchema,
} from '@cincy/contracts';
import { PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { ApiException, parseInput } from './api-exception';
import { Refusal } from './refusals';

const BROKEN_CONTRACT: Refusal = {
  status: 400,
  description: 'The input breaks its contract (`fieldErrors`).',
};

/**
 * `@Body(new Contract(schema))`: the body, the query, a path parameter or a header, parsed by its
 * zod contract (the route table reads it back for the API document).
 */
export class Contract<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(
    readonly schema: T,
    readonly source: 'body' | 'query' | 'param' | 'header' = 'body',
    /** A header's name (a path parameter's comes from @Param). */
    readonly name?: string,
  ) {}

  /** What the pipe answers when the input breaks the contract (the API document lists it). */
  get refusal(): Refusal {
    return BROKEN_CONTRACT;
  }

  transform(value: unknown): z.infer<T> {
    if (
      this.source === 'body' &&
      (typeof value !== 'object' || value === null || Array.isArray(value))
    ) {
      throw new ApiException(400, {
        code: ERROR_CODES.validation,
        message: 'The request body must be a JSON object.',
      });
    }
    if (this.source !== 'header') return parseInput(this.schema, value);
    // A header is no field of a form: its refusal names it in the message alone.
    const parsed = this.schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const message = parsed.error.issues[0]?.message ?? `${this.name} is not valid`;
    throw new ApiException(400, { code: ERROR_CODES.validation, message });
  }
}

/** `@Param('id', PathId) id: number` for `/api/<resource>/{id}`. */
export const PathId = new Contract(idParamSchema, 'param');

/**
 * `@Param('token', PathLinkToken)`: a booking's private link token. Anything that cannot be one is
 * the same 404 as a token nobody holds, and asks no service: a guesser learns nothing from the
 * answer, and a typo in a link reads as "not found", never as a form error.
 */
class LinkTokenContract extends Contract<typeof linkTokenSchema> {
  constructor() {
    super(linkTokenSchema, 'param');
  }

  override get refusal(): Refusal {
    return { status: 404, description: 'No booking has that link.' };
  }

  override transform(value: unknown): string {
    if (typeof value === 'string' && isLinkToken(value)) return value;
    throw new ApiException(404, {
      code: ERROR_CODES.notFound,
      message: TRACKING_MESSAGES.notFound,
    });
  }
}

export const PathLinkToken = new LinkTokenContract();

/**
 * `@Param('token', new AccountLinkToken(message))`: an invitation's or reset's link token (issue
 * 38). As with a booking's, anything that cannot be one is the 404 of a link nobody holds.
 */
export class AccountLinkToken extends Contract<typeof accountLinkTokenSchema> {
  constructor(private readonly notFoundMessage: string) {
    super(accountLinkTokenSchema, 'param');
  }

  override get refusal(): Refusal {
    return { status: 404, description: 'The link is not valid (used, expired or never sent).' };
  }

  override transform(value: unknown): string {
    if (typeof value === 'string' && accountLinkTokenSchema.safeParse(value).success) return value;
    throw new ApiException(404, { code: ERROR_CODES.notFound, message: this.notFoundMessage });
  }
}
