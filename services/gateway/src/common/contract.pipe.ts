import { ERROR_CODES, idParamSchema } from '@cincy/contracts';
import { PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { ApiException, parseInput } from './api-exception';

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
