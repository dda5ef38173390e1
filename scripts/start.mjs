#!/usr/bin/env node
// `npm start`: install what is missing, build, start Postgres and NATS when they are installed but
// not running (ensureInfra), then start every service
// as its own process and the gateway last (@cincy/stack's launcher), wait until /api/health
// answers 200, and print the URL.
//
// Options: --skip-install, --skip-build (env START_SKIP_BUILD=1 does the same), --demo (a living
// demo day on its own database `cincy_battery_demo` and NATS prefix `demo`: see README),
// --replicas gateway=2,dispatch=2 (several processes of a kind; gateways on PORT, PORT+1, ...).
// Env honoured (and passed to every service): PORT, DATABASE_URL, NATS_URL, NATS_PREFIX, LOG_LEVEL,
// SEED_ADMIN_USERNAME, SEED_ADMIN_PASSWORD, so two stacks can run side by side.
import { build, hasInstalledDeps, loadStack, paint, run } from './lib/procs.mjs';

const argv = process.argv.slice(2);
const args = new Set(argv);
// `--replicas gateway=2` or `--replicas=gateway=2`.
const replicasAt = argv.findIndex((a) => a === '--replicas' || a.startsWith('--replicas='));
const replicasText =
  replicasAt < 0
    ? ''
    : argv[replicasAt].includes('=')
      ? argv[replicasAt].slice('--replicas='.length)
      : (argv[replicasAt + 1] ?? '');
const skipInstall = args.has('--skip-install');
const demo = args.has('--demo');
const skipBuild =
  args.has('--skip-build') || /^(1|true)$/i.test(process.env.START_SKIP_BUILD ?? '');

const say = (text) => console.log(paint(`» ${text}`, 1));
// Read first, so a parent that dies during the build is noticed as soon as the watch starts.
const parentAtStart = process.ppid;

async function main() {
  // 1. Dependencies.
  if (!hasInstalledDeps()) {
    if (skipInstall) fail('node_modules is missing: run `npm ci` first.');
    say('node_modules is missing: running npm ci');
    if ((await run('npm', ['ci', '--no-audit', '--no-fund'])) !== 0) fail('npm ci failed.');
  }

  // 2. Build (Nx caches: an up-to-date build takes a second or two).
  if (!skipBuild) {
    say('Building (nx run-many -t build)');
    if ((await build()) !== 0) fail('The build failed (see above).');
  }
  let stackLib;
  try {
    stackLib = loadStack();
  } catch (err) {
    fail(err.message);
  }
  const {
    controlSocketPath,
    ensureInfra,
    ensureDatabase,
    infraUrls,
    missingBuilds,
    parseReplicas,
    serveControl,
    startStack,
    watchParent,
  } = stackLib;
  let replicas;
  try {
    replicas = parseReplicas(replicasText);
  } catch (err) {
    fail(err.message);
  }
  if (demo) {
    // The demo never mixes with the developer's data, and its admin password is known.
    process.env.DATABASE_URL ||= stackLib.withDatabaseName(
      infraUrls(process.env).databaseUrl,
      'cincy_battery_demo',
    );
    process.env.NATS_PREFIX ||= 'demo';
    process.env.SEED_ADMIN_USERNAME = 'admin';
    process.env.SEED_ADMIN_PASSWORD = stackLib.DEMO_LOGINS.admin;
    for (const [key, value] of Object.entries(stackLib.DEMO_SERVICE_ENV))
      process.env[key] ||= value;
  }
  const missing = missingBuilds();
  if (missing.length) fail(`Not built: ${missing.join(', ')}`);

  // 3. Infrastructure.
  const infra = await ensureInfra(process.env, { onNote: say });
  if (!infra.ok) fail(infra.message);
  await ensureDatabase(infraUrls(process.env).databaseUrl);

  // 4. Services, then the gateway, supervised: one that dies is started again with a growing
  // back-off. The first Ctrl+C (or SIGTERM, SIGHUP, or the death of whoever started us) stops
  // them; a second signal does not wait. The services run in process groups of their own, so
  // only this script can stop them.
  const stopping = new AbortController();
  let exitCode = 0;
  const requestStop = (reason, code) => {
    if (stopping.signal.aborted) return false;
    exitCode = code;
    say(reason);
    stopping.abort();
    return true;
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (!requestStop(`${signal}: stopping the services`, 0)) process.exit(exitCode || 130);
    });
  }
  // `kill <npm's pid>` never reaches us (npm passes SIGTERM to its `sh -c`, which dies without
  // passing it on) and npm killed with SIGKILL says nothing: within a second of either, our
  // parent or the shell's has changed (parent-watch.ts).
  watchParent((pid) => requestStop(`Parent process ${pid} is gone: stopping the services`, 0), {
    parentAtStart,
  });
  // With the terminal gone, a failed write must not crash the stop half-way.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  const stopped = new Promise((resolve) =>
    stopping.signal.addEventListener('abort', resolve, { once: true }),
  );

  const launch = (serviceEnv = {}) =>
    startStack({
      output: 'print',
      processGroups: true, // a terminal's Ctrl+C reaches only this script, which forwards it once
      healthTimeoutMs: Infinity,
      signal: stopping.signal,
      serviceEnv,
      onNote: say,
      // A service that dies is started again (onNote says when); the others keep serving.
      supervise: true,
      replicas,
    });

  let stack;
  let demoDay;
  try {
    const earlier = demo ? await stackLib.fillDemoDayEarlier(launch, say) : undefined;
    stack = await launch();
    if (earlier) demoDay = await stackLib.resumeDemoDay(stack.baseUrl, earlier);
  } catch (err) {
    if (!stopping.signal.aborted) {
      exitCode = 1;
      console.error(`\n${err.message}\n`);
    }
    say(exitCode ? 'Stopped after a failure.' : 'Stopped.');
    process.exit(exitCode);
  }

  const user = process.env.SEED_ADMIN_USERNAME || 'admin';
  console.log('');
  console.log(paint(`Cincy Battery is running at http://localhost:${stack.port}`, 1));
  for (const other of stack.baseUrls.slice(1)) {
    console.log(`Another gateway replica: ${other.replace('127.0.0.1', 'localhost')}`);
  }
  if (demoDay) {
    const { DEMO_LOGINS } = stackLib;
    console.log(`Demo logins: admin / ${DEMO_LOGINS.admin}`);
    console.log(
      `             ${DEMO_LOGINS.technicians.join(', ')} (technicians) / ${DEMO_LOGINS.technicianPassword}`,
    );
    demoDay.keepTeamOnline(stopping.signal);
  } else {
    console.log(`Admin username: ${user}`);
    console.log(
      process.env.SEED_ADMIN_PASSWORD
        ? 'Admin password: the one in SEED_ADMIN_PASSWORD'
        : 'Admin password: generated on the first start and printed once by identity (above); it is kept after that',
    );
  }
  // `npm run restart:rolling` replaces each process in turn (a deploy on this machine).
  const closeControl = await serveControl(controlSocketPath(stack.port), async (_command, tell) => {
    const note = (text) => (say(text), tell(text));
    if (stack.baseUrls.length < 2)
      note(
        'One gateway: requests are refused while it restarts (run --replicas gateway=2 behind a proxy)',
      );
    note('Rolling restart: replacing each process in turn');
    const steps = await stack.rollingRestart((step) =>
      note(`${step.id} replaced in ${(step.ms / 1000).toFixed(1)} s`),
    );
    note(`Rolling restart done: ${steps.length} processes replaced`);
  }).catch((err) => {
    say(`npm run restart:rolling will not reach this stack: ${err.message}`);
    return () => undefined;
  });
  console.log('Press Ctrl+C to stop.\n');

  await stopped;
  closeControl();
  await stack.stop();
  say(exitCode ? 'Stopped after a failure.' : 'Stopped.');
  process.exit(exitCode);
}

function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
