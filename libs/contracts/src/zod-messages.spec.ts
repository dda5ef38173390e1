import { z } from 'zod';
import { fieldLabel } from './zod-messages';

describe('the messages no schema words itself', () => {
  it('name the field in words', () => {
    expect(fieldLabel(['technicianId'])).toBe('Technician ID');
    expect(fieldLabel(['record', 'vehicleMileage'])).toBe('Vehicle mileage');
    expect(fieldLabel(['items', 0])).toBe('Items');
    expect(fieldLabel([])).toBe('The value');
  });

  it('say what is wrong in a sentence of ours', () => {
    const schema = z.object({
      employeeId: z.string().max(3),
      count: z.number().int().min(2),
      kind: z.enum(['a', 'b']),
    });
    const messages = (value: unknown) =>
      schema.safeParse(value).error?.issues.map((i) => i.message);
    expect(messages({ employeeId: 7, count: 1.5, kind: 'c' })).toEqual([
      'Employee ID must be text',
      'Count must be a whole number',
      'Kind must be one of: a, b',
    ]);
    expect(messages({ employeeId: 'abcd', count: 1 })).toEqual([
      'Employee ID must be at most 3 characters',
      'Count must be at least 2',
      'Kind is required',
    ]);
    expect(messages('nope')).toEqual(['The request must be a JSON object.']);
  });

  it("never replace a schema's own words", () => {
    expect(z.string('Name is required').safeParse(1).error?.issues[0].message).toBe(
      'Name is required',
    );
  });
});
