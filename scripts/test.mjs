#!/usr/bin/env node
// `npm test`: build everything, then every jest project except e2e (2 workers), then the e2e
// project in band (each e2e file starts its own stack). Ends with one line `N passed, N failed`.
//
// Options: --skip-build; any other argument is passed to both jest runs (a test path pattern,
// --testNamePattern=..., ...).
//
// Postgres and NATS (libs/stack/src/test-infra.ts chooses, README says): DATABASE_URL / NATS_URL
// when set; else the servers already running at the defaults; else, where a Docker-compatible
// engine answers, containers of this run (testcontainers), removed at the end; else the local
// install, started and left running (ensureInfra).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { build, hasInstalledDeps, loadStack, localBin, paint, ROOT, run } from './lib/procs.mjs';

const E2E_PROJECT = '@cincy/e2e';
const argv = process.argv.slice(2);
const skipBuild = argv.includes('--skip-build');
const jestExtra = argv.filter((a) => a !== '--skip-build');

const section = (title) => console.log(`\n${paint(`=== ${title} ===`, 1)}`);

function readResults(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

async function main() {
  if (!hasInstalledDeps()) {
    section('npm ci (node_modules is missing)');
    if ((await run('npm', ['ci', '--no-audit', '--no-fund'])) !== 0)
      return finish(0, 1, 'npm ci failed');
  }

  if (!skipBuild) {
    section('Build (nx run-many -t build)');
    if ((await build()) !== 0) return finish(0, 1, 'the build failed');
  }

  // Integration and e2e tests need Postgres and NATS (each run uses its own fresh databases and
  // NATS prefixes there, so a dev stack on the same servers is never touched).
  let ensureInfra;
  try {
    ({ ensureInfra } = loadStack());
  } catch (err) {
    return finish(0, 1, err.message);
  }
  const onNote = (text) => console.log(`» ${text}`);
  const choice = (await loadTestInfra()?.decideTestInfra(process.env)) ?? { path: 'start-local' };
  if (choice.path === 'missing') {
    console.error(`\n${choice.message}\n`);
    return finish(0, 1, 'Postgres/NATS not reachable');
  }
  if (choice.path === 'testcontainers') await startContainers(choice.containers, onNote);
  // The tests' own databases go on the server DATABASE_URL names (useIsolatedStack reads this).
  if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL ||= process.env.DATABASE_URL;
  // Servers from the environment or already running are checked; installed ones are started and
  // left running; never `docker compose up` (a Docker engine gets containers of this run instead).
  const infra = await ensureInfra(process.env, { onNote, compose: false });
  if (!infra.ok) {
    console.error(`\n${infra.message}\n`);
    return finish(0, 1, 'Postgres/NATS not reachable');
  }

  const outDir = mkdtempSync(path.join(os.tmpdir(), 'cincy-test-'));
  const jest = localBin('jest');
  const common = ['--json', '--passWithNoTests', '--forceExit'];
  const runs = [
    {
      title: 'Unit and integration tests (all projects but e2e)',
      out: path.join(outDir, 'unit.json'),
      args: [...jestExtra, ...common, '--maxWorkers=2', `--ignoreProjects=${E2E_PROJECT}`],
    },
    {
      title: 'End-to-end tests (Chromium, one stack per file)',
      out: path.join(outDir, 'e2e.json'),
      args: [...jestExtra, ...common, '--runInBand', `--selectProjects=${E2E_PROJECT}`],
    },
  ];

  let passed = 0;
  let failed = 0;
  const problems = [];
  for (const r of runs) {
    section(r.title);
    const code = await run(jest, [...r.args, `--outputFile=${r.out}`]);
    const res = readResults(r.out);
    if (!res) {
      failed += 1;
      problems.push(`${r.title}: jest wrote no results (exit code ${code})`);
      continue;
    }
    passed += res.numPassedTests ?? 0;
    // A suite that cannot run (syntax error, failing beforeAll outside a test) has no failed test:
    // count it as one failure so it cannot go unnoticed.
    const brokenSuites = res.numRuntimeErrorTestSuites ?? 0;
    failed += (res.numFailedTests ?? 0) + brokenSuites;
    if (brokenSuites) problems.push(`${r.title}: ${brokenSuites} suite(s) failed to run`);
    if (code !== 0 && !res.numFailedTests && !brokenSuites) {
      failed += 1;
      problems.push(`${r.title}: jest exited with code ${code}`);
    }
  }
  rmSync(outDir, { recursive: true, force: true });
  return finish(passed, failed, problems.join('; '));
}

/** test-infra of the built libs/stack; null when that build predates it (--skip-build). */
function loadTestInfra() {
  try {
    return createRequire(path.join(ROOT, 'package.json'))('@cincy/stack/dist/test-infra');
  } catch {
    return null;
  }
}

let containers = null;

/**
 * Postgres and/or NATS in containers for this run; their URLs go into process.env, which both jest
 * runs, their workers and the stacks e2e tests start inherit. Removed by finish() and on a signal
 * (and by testcontainers' reaper should this process be killed). When they cannot start, the run
 * goes on with what this machine has.
 */
async function startContainers(keys, onNote) {
  const { startTestContainers } = loadTestInfra();
  try {
    containers = await startTestContainers(keys, onNote);
  } catch (err) {
    onNote(`The containers did not start (${err.message}): using this machine's servers instead`);
    return;
  }
  Object.assign(process.env, containers.env);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ]) {
    process.once(signal, () => void removeContainers().finally(() => process.exit(code)));
  }
  onNote(`Tests use ${Object.keys(containers.env).join(', ')} of containers removed at the end`);
}

async function removeContainers() {
  const started = containers;
  containers = null;
  if (!started) return;
  console.log('» Removing the test containers');
  await started.stop();
}

async function finish(passed, failed, note) {
  await removeContainers().catch((err) => console.error(`Removing the containers: ${err.message}`));
  if (note) console.error(`\n${paint(note, 31, process.stderr)}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  finish(0, 1, 'scripts/test.mjs crashed');
});
