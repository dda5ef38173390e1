/** A log line made readable: the text to print and, for JSON lines, the entry's level. */
export interface FormattedLine {
  text: string;
  level?: string;
}

const LEVEL_NAMES: Record<string, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};
// Bookkeeping fields that never ride along as key=value.
const STANDARD_KEYS = new Set([
  'time',
  'timestamp',
  'level',
  'severity',
  'lvl',
  'msg',
  'message',
  'service',
  'context',
  'ctx',
  'pid',
  'hostname',
  'v',
  'err',
  'error',
  'stack',
]);

/**
 * One log line made readable: JSON lines print their message (msg/message) with the level when it
 * is not info, short scalar fields as key=value, plus an error stack where there is one; other
 * lines print as they are.
 */
export function formatLogLine(line: string): FormattedLine {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return { text: line };
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return { text: line };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { text: line };
  const rec = parsed as Record<string, unknown>;
  const rawLevel = rec.level ?? rec.severity ?? rec.lvl;
  const level = String(LEVEL_NAMES[String(rawLevel)] ?? rawLevel ?? 'info').toLowerCase();
  const rawMsg = rec.msg ?? rec.message;
  if (rawMsg === undefined) return { text: line };
  const msg = typeof rawMsg === 'string' ? rawMsg : JSON.stringify(rawMsg);
  const context = rec.context ?? rec.ctx;
  let text = `${typeof context === 'string' && context ? `[${context}] ` : ''}${msg}`;
  const extras = Object.entries(rec)
    .filter(([k, v]) => !STANDARD_KEYS.has(k) && ['string', 'number', 'boolean'].includes(typeof v))
    .map(
      ([k, v]) => `${k}=${typeof v === 'string' && v.length > 120 ? `${v.slice(0, 117)}...` : v}`,
    );
  if (extras.length) text += ` ${extras.join(' ')}`;
  if (level !== 'info') text = `${level.toUpperCase()} ${text}`;
  const err = rec.err ?? rec.error;
  const stack =
    rec.stack ?? (err && typeof err === 'object' ? (err as { stack?: unknown }).stack : undefined);
  if (typeof stack === 'string' && stack) text += `\n${stack}`;
  else if (typeof err === 'string' && err) text += ` (${err})`;
  return { text, level };
}

/** ANSI colours where the stream is a terminal (NO_COLOR and FORCE_COLOR are honoured). */
export function useColor(stream: NodeJS.WriteStream): boolean {
  if (process.env.NO_COLOR) return false;
  return process.env.FORCE_COLOR ? process.env.FORCE_COLOR !== '0' : !!stream.isTTY;
}

export function paint(text: string, code: number, stream: NodeJS.WriteStream): string {
  return useColor(stream) ? `\x1b[${code}m${text}\x1b[0m` : text;
}

// cyan, magenta, yellow, green, blue, bright cyan, bright magenta, bright yellow
const PALETTE = [36, 35, 33, 32, 34, 96, 95, 93];
const LEVEL_COLOR: Record<string, number> = { warn: 33, error: 31, fatal: 31 };

/**
 * Turns one raw line of a process into the lines to print: readable, each prefixed with the
 * process name (padded so the columns line up) in the process's colour, levels coloured.
 */
export function printableLines(
  line: string,
  name: string,
  index: number,
  stream: NodeJS.WriteStream,
  width = 9,
): string[] {
  const prefix = paint(`${name.padEnd(width)} |`, PALETTE[index % PALETTE.length], stream);
  const { text, level } = formatLogLine(line);
  const colour = level ? LEVEL_COLOR[level] : undefined;
  const body = colour ? paint(text, colour, stream) : text;
  return body.split('\n').map((part) => `${prefix} ${part}`);
}
