#!/usr/bin/env node
// `npm run restore -- <backup>`: loads a backup (a folder such as backups/<time>, s3://bucket/key,
// or, with S3_URL set, a key such as backups/<time>) into an EMPTY database (DATABASE_URL; created
// when missing), then sets every durable JetStream consumer of NATS_PREFIX back to where it stood
// at the backup, so the services catch up when they start (docs/adr/0125-backup-restore.md).
// Stop the stack first. --without-stream: NATS lost the stream too (see the ADR).
import { loadStack, paint } from './lib/procs.mjs';

const say = (text) => console.log(paint(`» ${text}`, 1));

function fail(message) {
  console.error(paint(`Restore failed: ${message}`, 31, process.stderr));
  process.exit(1);
}

async function main() {
  const argv = process.argv.slice(2);
  const withoutStream = argv.includes('--without-stream');
  const unknown = argv.filter((a) => a.startsWith('-') && a !== '--without-stream');
  if (unknown.length) fail(`unknown option ${unknown.join(', ')} (known: --without-stream).`);
  const names = argv.filter((a) => !a.startsWith('-'));
  if (names.length > 1) fail(`name one backup, not ${names.length} (${names.join(', ')}).`);
  let stack;
  try {
    stack = loadStack();
  } catch (err) {
    fail(err.message);
  }
  const result = await stack.restoreBackup({ source: names[0], withoutStream, onProgress: say });
  console.log(
    `Restored ${result.manifest.takenAt}'s backup into ${result.database} in ${(result.durationMs / 1000).toFixed(1)} s; ${result.consumers} consumers set back (${result.toReplay} events to deliver)${result.warnings.length ? `, ${result.warnings.length} warning(s) above` : ''}. Start the stack: the services catch up.`,
  );
}

main().catch((err) => {
  if (process.env.DEBUG && err?.stack) console.error(err.stack);
  fail(err?.message ?? String(err));
});
