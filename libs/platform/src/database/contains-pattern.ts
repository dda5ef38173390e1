/**
 * A LIKE/ILIKE pattern matching `text` anywhere. `%`, `_` and `\` typed by a user are letters,
 * not wildcards (backslash is Postgres's default LIKE escape).
 */
export const containsPattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
