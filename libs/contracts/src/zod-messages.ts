import { z } from 'zod';

/**
 * The words of every input refusal no schema words itself: a field's wrong type, length or
 * format is said in our sentence, naming the field, never in zod's English ("Invalid input:
 * expected string, received number"). A schema's own message (the product's texts) always wins;
 * this is what is left. Set once, when the contracts load.
 */

/** `technicianId` -> 'Technician ID', `vehicleMileage` -> 'Vehicle mileage'. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const key = [...path].reverse().find((part) => typeof part === 'string');
  if (typeof key !== 'string') return 'The value';
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .replace(/\bid\b/g, 'ID');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
};

type Issue = Parameters<z.core.$ZodErrorMap>[0];

export function inputMessage(issue: Issue): string {
  const label = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if ((issue.path ?? []).length === 0 && issue.expected === 'object') {
        return 'The request must be a JSON object.';
      }
      return issue.input === undefined
        ? `${label} is required`
        : `${label} must be ${KINDS[issue.expected] ?? issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? `${label} is required`
          : `${label} must be at least ${issue.minimum} characters`;
      }
      return `${label} must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${label} must be at most ${issue.maximum} characters`
        : `${label} must be at most ${issue.maximum}`;
    case 'invalid_value':
      return issue.input === undefined
        ? `${label} is required`
        : `${label} must be one of: ${issue.values.join(', ')}`;
    case 'unrecognized_keys':
      return `Unknown field: ${issue.keys.join(', ')}`;
    default:
      return `${label} is not valid`;
  }
}

z.config({ customError: inputMessage });
