// Small process helpers shared by the scripts: run a command to completion, find local binaries,
// and turn a child's (JSON) log lines into short, prefixed, optionally coloured lines.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVICES = ['identity', 'booking', 'dispatch', 'inventory', 'gateway'];

/** node_modules/.bin/<name> of the repository (with .cmd on Windows). */
export function localBin(name) {
  return path.join(
    ROOT,
    'node_modules',
    '.bin',
    process.platform === 'win32' ? `${name}.cmd` : name,
  );
}

/** Runs a command with inherited stdio; resolves with its exit code (1 when it was killed). */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    child.once('error', (err) => {
      console.error(`Could not run ${cmd}: ${err.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export const hasInstalledDeps = () =>
  existsSync(path.join(ROOT, 'node_modules')) && existsSync(localBin('nx'));

const useColor = (stream) =>
  !process.env.NO_COLOR &&
  (process.env.FORCE_COLOR ? process.env.FORCE_COLOR !== '0' : !!stream.isTTY);

const PALETTE = [36, 35, 33, 32, 34, 96, 95, 93]; // cyan, magenta, yellow, green, blue, bright ...
export function paint(text, code, stream = process.stdout) {
  return useColor(stream) ? `\x1b[${code}m${text}\x1b[0m` : text;
}

const LEVEL_NAMES = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
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
const LEVEL_COLOR = { warn: 33, error: 31, fatal: 31 };

/**
 * One log line made readable: JSON lines print their message (msg/message) with the level when it
 * is not info, plus an error stack where there is one; other lines print as they are.
 */
export function formatLogLine(line) {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return { text: line };
  let rec;
  try {
    rec = JSON.parse(trimmed);
  } catch {
    return { text: line };
  }
  if (!rec || typeof rec !== 'object') return { text: line };
  const rawLevel = rec.level ?? rec.severity ?? rec.lvl;
  const level = String(LEVEL_NAMES[rawLevel] ?? rawLevel ?? 'info').toLowerCase();
  let msg = rec.msg ?? rec.message;
  if (msg === undefined) return { text: line };
  if (typeof msg !== 'string') msg = JSON.stringify(msg);
  const context = rec.context ?? rec.ctx;
  let text = `${context && typeof context === 'string' ? `[${context}] ` : ''}${msg}`;
  // Short scalar fields ride along (username=admin, subject=...); bookkeeping fields do not.
  const extras = Object.entries(rec)
    .filter(([k, v]) => !STANDARD_KEYS.has(k) && ['string', 'number', 'boolean'].includes(typeof v))
    .map(
      ([k, v]) => `${k}=${typeof v === 'string' && v.length > 120 ? `${v.slice(0, 117)}...` : v}`,
    );
  if (extras.length) text += ` ${extras.join(' ')}`;
  if (level !== 'info') text = `${level.toUpperCase()} ${text}`;
  const err = rec.err ?? rec.error;
  const stack = rec.stack ?? (err && typeof err === 'object' ? err.stack : undefined);
  if (typeof stack === 'string' && stack) text += `\n${stack}`;
  else if (typeof err === 'string' && err) text += ` (${err})`;
  return { text, level };
}

/**
 * Pipes a child's stdout and stderr to ours, one line at a time, each line prefixed with the
 * service name (padded so the columns line up) in the service's colour.
 */
export function prefixOutput(child, name, index, width = 9) {
  const colour = PALETTE[index % PALETTE.length];
  const prefix = paint(`${name.padEnd(width)} |`, colour);
  const attach = (stream, out) => {
    if (!stream) return;
    const rl = readline.createInterface({ input: stream, crlfDelay: Infinity });
    rl.on('line', (line) => {
      const { text, level } = formatLogLine(line);
      const body = level && LEVEL_COLOR[level] ? paint(text, LEVEL_COLOR[level], out) : text;
      for (const part of body.split('\n')) out.write(`${prefix} ${part}\n`);
    });
  };
  attach(child.stdout, process.stdout);
  attach(child.stderr, process.stderr);
}
