// Validation issues (zod's, from the contracts' schemas) as the messages a form shows per field.

/** What a zod issue looks like to a form: where it is and what it says. */
export interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The first message of each field (its top-level key), in the schema's order, so a field shows
 * the first rule it breaks ('Password is required' before 'at least 8 characters'). Issues of a
 * field not in `fields` are left out.
 */
export function firstErrorPerField<F extends string>(
  issues: readonly Issue[],
  fields: readonly F[],
): Partial<Record<F, string>> {
  const known = new Set<string>(fields);
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (known.has(key)) errors[key as F] ??= issue.message;
  }
  return errors;
}

/** The server's field errors that belong to this form's fields. */
export function knownFieldErrors<F extends string>(
  fieldErrors: Record<string, string> | undefined,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const field of fields) if (fieldErrors?.[field]) errors[field] = fieldErrors[field];
  return errors;
}
