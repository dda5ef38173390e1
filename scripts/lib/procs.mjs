// What the scripts need before anything is built: the repository root, running a command to
// completion, local binaries, coloured messages, and loading @cincy/stack once it is built.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

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

/** The nx build of everything (cached: an up-to-date build takes a second or two). */
export const build = () =>
  run(localBin('nx'), ['run-many', '-t', 'build', '--output-style=stream-without-prefixes']);

// @cincy/stack colours service output itself; this copy is for messages printed before it is
// built (npm ci, the build).
const useColor = (stream) =>
  !process.env.NO_COLOR &&
  (process.env.FORCE_COLOR ? process.env.FORCE_COLOR !== '0' : !!stream.isTTY);

export function paint(text, code, stream = process.stdout) {
  return useColor(stream) ? `\x1b[${code}m${text}\x1b[0m` : text;
}

/** True when libs/stack is built, so loadStack() can load it. */
export const isStackBuilt = () => existsSync(path.join(ROOT, 'libs', 'stack', 'dist', 'index.js'));

/**
 * The launcher, API client and infrastructure checks (libs/stack, built). Loaded only after the
 * build step, since the scripts start on a fresh clone where nothing is built yet.
 */
export function loadStack() {
  if (!isStackBuilt()) {
    throw new Error('libs/stack is not built: run `npm run build` first.');
  }
  return createRequire(path.join(ROOT, 'package.json'))('@cincy/stack');
}

/** The machine's CPU time so far (/proc/stat): busy and total jiffies over every core. */
function cpuTimes() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] =
    fields.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/**
 * Waits until the machine's cores are busy less than `busyBelow` of the time over one second (the
 * stack done with work it was given, such as the texts of a thousand bookings), or `timeoutMs`.
 * Answers the last second's share, so a figure measured after it can say how quiet it was.
 */
export async function untilMachineQuiet({ busyBelow = 0.25, timeoutMs = 90_000 } = {}) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const before = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = cpuTimes();
    const share = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (share < busyBelow || Date.now() >= until) return share;
  }
}
