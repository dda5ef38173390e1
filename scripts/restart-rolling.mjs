#!/usr/bin/env node
// `npm run restart:rolling`: asks the running `npm start` (the one serving PORT, default 3000) to
// replace each of its processes in turn, as a deploy would: each domain service's new process
// starts before the old one drains, each gateway stops and comes back healthy before the next.
// With `npm start -- --replicas gateway=2,...` behind a proxy, no request is refused meanwhile.
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadStack, paint, ROOT } from './lib/procs.mjs';

function fail(message) {
  console.error(`\n${paint(`Rolling restart failed: ${message}`, 31, process.stderr)}\n`);
  process.exit(1);
}

let stackLib;
try {
  stackLib = loadStack();
} catch (err) {
  fail(err.message);
}
const { INFRA_DEFAULTS } = createRequire(path.join(ROOT, 'package.json'))('@cincy/contracts');
const port = Number(process.env.PORT || INFRA_DEFAULTS.port);
try {
  await stackLib.askControl(stackLib.controlSocketPath(port), 'rolling-restart', (line) =>
    console.log(paint(`» ${line}`, 1)),
  );
} catch (err) {
  fail(err.message);
}
