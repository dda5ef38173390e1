#!/usr/bin/env node
// `npm run backup`: one consistent backup of the stack (docs/adr/0125-backup-restore.md): where
// every durable JetStream consumer stands, then one pg_dump of the database (every service's
// schema in one snapshot), into backups/<time>/ (BACKUP_DIR: another folder of dated folders) or,
// when S3_URL is set, the bucket BACKUP_S3_BUCKET (else S3_BUCKET, else cincy-backups) under
// backups/<time>/. Env as npm start: DATABASE_URL, NATS_URL, NATS_PREFIX.
import { loadStack, paint } from './lib/procs.mjs';

const say = (text) => console.log(paint(`» ${text}`, 1));

function fail(message) {
  console.error(paint(`Backup failed: ${message}`, 31, process.stderr));
  process.exit(1);
}

async function main() {
  let stack;
  try {
    stack = loadStack();
  } catch (err) {
    fail(err.message);
  }
  const { location, manifest, durationMs } = await stack.takeBackup({ onProgress: say });
  const mib = (manifest.database.bytes / 1024 / 1024).toFixed(2);
  console.log(
    `Backup written to ${location} (${manifest.database.name}, ${mib} MiB, ${manifest.nats.consumers.length} consumer positions) in ${(durationMs / 1000).toFixed(1)} s.`,
  );
}

main().catch((err) => {
  // A BackupError is a sentence for a person; anything else too, its stack only on request.
  if (process.env.DEBUG && err?.stack) console.error(err.stack);
  fail(err?.message ?? String(err));
});
