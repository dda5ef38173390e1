import { ERROR_CODES } from '@cincy/contracts';
import type { NextFunction, Request, Response } from 'express';

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL. Nobody types
 * them; Postgres refuses a NUL in text outright (which used to surface as a 500).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTER_MESSAGE =
  'The request contains a control character (such as a NUL byte), which is not allowed.';

/**
 * Where in a parsed value (query, JSON body) a control character hides, keys included: the
 * field's path (`customer.name`, `_` for the value itself), or null when there is none.
 */
export function controlCharacterAt(value: unknown, path: string[] = []): string | null {
  const here = () => (path.length ? path.join('.') : '_');
  if (typeof value === 'string') return CONTROL.test(value) ? here() : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterAt(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (CONTROL.test(key)) return [...path, key.replace(CONTROL, '?')].join('.');
      const found = controlCharacterAt(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // not percent-encoding: the router answers it as it is
  }
}

/** Refuses a control character in the path, a query value or the JSON body, for every route. */
export function refuseControlCharacters(req: Request, res: Response, next: NextFunction) {
  const field = CONTROL.test(decodedPath(req.path))
    ? 'path'
    : (controlCharacterAt(req.query) ?? controlCharacterAt(req.body));
  if (!field) return next();
  res.status(400).json({
    code: ERROR_CODES.validation,
    message: CONTROL_CHARACTER_MESSAGE,
    fieldErrors: { [field]: CONTROL_CHARACTER_MESSAGE },
  });
}
