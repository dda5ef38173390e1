#!/usr/bin/env node
// `npm test`: build everything, then every jest project except e2e (2 workers), then the e2e
// project in band (each e2e file starts its own stack). Ends with one line `N passed, N failed`.
//
// Options: --skip-build; any other argument is passed to both jest runs (a test path pattern,
// --testNamePattern=..., ...).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, hasInstalledDeps, loadStack, localBin, paint, run } from './lib/procs.mjs';

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

  // Integration and e2e tests need Postgres and NATS, started here when they are installed but not
  // running (each run uses its own fresh databases and NATS prefixes there, so a dev stack on the
  // same servers is never touched).
  let ensureInfra;
  try {
    ({ ensureInfra } = loadStack());
  } catch (err) {
    return finish(0, 1, err.message);
  }
  const infra = await ensureInfra(process.env, { onNote: (text) => console.log(`» ${text}`) });
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

function finish(passed, failed, note) {
  if (note) console.error(`\n${paint(note, 31, process.stderr)}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  finish(0, 1, 'scripts/test.mjs crashed');
});
