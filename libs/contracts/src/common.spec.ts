import { MAX_ID, idParamSchema } from './common';

describe('a path id', () => {
  it('takes any id a row can have, up to the largest integer Postgres keeps', () => {
    for (const id of ['1', '42', '999999999', '2002073814', String(MAX_ID)])
      expect(idParamSchema.parse(id)).toBe(Number(id));
  });

  it('refuses what no row can be called, with one message', () => {
    for (const id of ['0', '01', '-1', '1.5', 'abc', '', String(MAX_ID + 1), '12345678901']) {
      const result = idParamSchema.safeParse(id);
      expect([id, result.success]).toEqual([id, false]);
      expect(result.error?.issues.map((i) => i.message)).toEqual([
        'The id must be a positive number.',
      ]);
    }
  });
});
