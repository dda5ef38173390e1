import { z } from 'zod';
import {
  customerInputSchema,
  customerListQuerySchema,
  appointmentInputSchema,
  bookingFormSchema,
  idempotencyKeySchema,
  timeSlotsQuerySchema,
} from './booking/api';
import { idParamSchema } from './common';
import { statusChangeSchema } from './dispatch/api';
import {
  createUserFormSchema,
  editUserFormSchema,
  locationReportSchema,
  loginRequestSchema,
  userInputSchema,
  userUpdateSchema,
} from './identity/api';
import {
  inventoryItemInputSchema,
  inventoryQuerySchema,
  serialSearchQuerySchema,
  serviceRecordInputSchema,
  verifySerialSchema,
} from './inventory/api';

// Every input a person or a client can send, and the forms that send them: whatever is wrong with
// a field, the message is one of ours, never zod's own English.

const INPUTS: Record<string, z.ZodType> = {
  loginRequestSchema,
  customerInputSchema,
  customerListQuerySchema,
  appointmentInputSchema,
  timeSlotsQuerySchema,
  statusChangeSchema,
  userInputSchema,
  userUpdateSchema,
  createUserFormSchema,
  editUserFormSchema,
  locationReportSchema,
  inventoryItemInputSchema,
  inventoryQuerySchema,
  serviceRecordInputSchema,
  verifySerialSchema,
  serialSearchQuerySchema,
  bookingFormSchema,
};

const BAD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'x'.repeat(5000),
  7,
  -1,
  1.5,
  1e12,
  true,
  {},
  [],
  'abc',
];

/** zod 4's own wording (our 'Invalid email' is the product's text, not zod's). */
const ZOD_DEFAULT =
  /^(Invalid input|Invalid option|Too small|Too big|Invalid string|Invalid number|Unrecognized key|Invalid element|Invalid union|Invalid key|Invalid value|Expected |Required$)/;

function fieldsOf(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (shape) return Object.keys(shape);
  const inner = (schema as unknown as { _zod: { def: { in?: z.ZodType; schema?: z.ZodType } } })
    ._zod.def;
  return inner.in ? fieldsOf(inner.in) : inner.schema ? fieldsOf(inner.schema) : [];
}

describe('every message of an input is written, not a library default', () => {
  it.each(Object.entries(INPUTS))('%s', (_, schema) => {
    const defaults = new Set<string>();
    const fields = fieldsOf(schema);
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) {
      for (const value of BAD_VALUES) {
        const result = schema.safeParse({ [field]: value });
        for (const issue of result.success ? [] : result.error.issues) {
          if (ZOD_DEFAULT.test(issue.message))
            defaults.add(`${issue.path.join('.')}: ${issue.message}`);
        }
      }
    }
    for (const value of BAD_VALUES) {
      const result = schema.safeParse(value);
      for (const issue of result.success ? [] : result.error.issues) {
        if (ZOD_DEFAULT.test(issue.message)) defaults.add(`(whole): ${issue.message}`);
      }
    }
    expect([...defaults]).toEqual([]);
  });

  it.each([
    ['a path id', idParamSchema],
    ['an Idempotency-Key', idempotencyKeySchema],
  ] as const)('%s', (_, schema) => {
    for (const value of BAD_VALUES) {
      const result = schema.safeParse(value);
      for (const issue of result.success ? [] : result.error.issues) {
        expect(issue.message).not.toMatch(ZOD_DEFAULT);
      }
    }
  });
});
