// Preloaded into each service by `BENCH_CPU_PROF=1 npm run bench` (NODE_OPTIONS=--require ...;
// Node refuses --cpu-prof there). Profiles the process from its start and writes
// <CPU_PROF_DIR>/<service>-<pid>.cpuprofile on the first SIGTERM, before the service's own
// shutdown re-raises the signal (a process killed by a signal never writes --cpu-prof output).
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const path = require('node:path');

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 1000 });
session.post('Profiler.start');

const name = path.basename(path.dirname(path.dirname(process.argv[1] ?? 'node')));
const write = () => {
  process.removeListener('SIGTERM', write);
  // A session on the same thread answers synchronously.
  session.post('Profiler.stop', (error, result) => {
    if (error) return;
    const file = path.join(process.env.CPU_PROF_DIR, `${name}-${process.pid}.cpuprofile`);
    writeFileSync(file, JSON.stringify(result.profile));
  });
};
process.prependListener('SIGTERM', write);
