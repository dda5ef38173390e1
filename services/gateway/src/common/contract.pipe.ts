import { ERROR_CODES, idParamSchema } from '@cincy/contracts';
import { PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { ApiException, parseInput } from './api-exception';

/** `@Body(new Contract(schema))`: the body, query or a path parameter, parsed by its zod contract. */
export class Contract<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(
    readonly schema: T,
    readonly source: 'body' | 'query' | 'param' = 'body',
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
    return parseInput(this.schema, value);
  }
}

/** `@Param('id', PathId) id: number` for `/api/<resource>/{id}`. */
export const PathId = new Contract(idParamSchema, 'param');
