// The public site beside an earlier build of itself, measured in the same run (issue 32): a score
// read on a shared machine means little alone, but two builds measured alternately under the
// same load show what the code changed. The earlier commit's web app is built from `git archive`
// in a temporary folder (this checkout's node_modules linked in; no git state is touched) and
// served by a second gateway of the running stack, pointed at it with WEB_DIST_DIR: the same
// static server, headers and API as the current build.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadStack, ROOT, run } from './procs.mjs';

/**
 * The default earlier build: the last commit before issues 21-23 (the customer's pages, messages,
 * records) added to the public chunks, when `/customer-form` scored 99-100 on a quiet machine.
 * BENCH_EARLIER_REF (any commit-ish) overrides it; BENCH_EARLIER_REF=none skips the comparison.
 */
export const DEFAULT_EARLIER_REF = 'e84f912140de858637e308d42ad770ad4ae217f1';

const HEALTH_TIMEOUT_MS = 60_000;

/** The commit `ref` names, in full; throws with git's message when it names none. */
function resolveCommit(ref) {
  return execFileSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
    .toString()
    .trim();
}

/**
 * Builds the web app of `ref` (its own `npm run build` in web/, with this checkout's
 * node_modules) in a temporary folder. Returns { ref, commit, dist, remove() }; throws with the
 * build's last output when it fails.
 */
export async function buildEarlierWeb(ref) {
  let commit;
  try {
    commit = resolveCommit(ref);
  } catch {
    throw new Error(`BENCH_EARLIER_REF=${ref} names no commit of this repository`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cincy-bench-earlier-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const archived = await run('sh', [
      '-c',
      `git archive --format=tar ${commit} | tar -x -C "${dir}"`,
    ]);
    if (archived !== 0) throw new Error(`git archive ${commit} failed`);
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    const webModules = path.join(ROOT, 'web', 'node_modules');
    if (existsSync(webModules)) symlinkSync(webModules, path.join(dir, 'web', 'node_modules'));
    const output = [];
    const built = await new Promise((resolve) => {
      const child = spawn('npm', ['run', 'build'], {
        cwd: path.join(dir, 'web'),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (chunk) => output.push(chunk.toString());
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.once('error', () => resolve(1));
      child.once('exit', (code) => resolve(code ?? 1));
    });
    const dist = path.join(dir, 'web', 'dist');
    if (built !== 0 || !existsSync(path.join(dist, 'index.html'))) {
      throw new Error(
        `the web build of ${commit.slice(0, 7)} failed:\n${output.join('').split('\n').slice(-20).join('\n')}`,
      );
    }
    return { ref, commit, dist, remove };
  } catch (err) {
    remove();
    throw err;
  }
}

/**
 * A second gateway of `stack` serving `dist` on a free port, until stop(): the built gateway with
 * the stack's database, NATS and `serviceEnv`, WEB_DIST_DIR pointed at the earlier build.
 */
export async function serveWithGateway(stack, dist, serviceEnv = {}) {
  const { freePort } = loadStack();
  const port = await freePort();
  const env = {
    ...process.env,
    ...serviceEnv,
    DATABASE_URL: stack.databaseUrl,
    NATS_URL: stack.natsUrl,
    NATS_PREFIX: stack.natsPrefix,
    PORT: String(port),
    WEB_DIST_DIR: dist,
    LOG_LEVEL: 'warn',
  };
  delete env.METRICS_PORT;
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'services', 'gateway', 'dist', 'main.js')],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the earlier build's gateway exited (${child.exitCode})`);
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(3_000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { baseUrl, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the earlier build's gateway did not answer within ${HEALTH_TIMEOUT_MS / 1000} s`,
      );
    }
    await sleep(250);
  }
}
