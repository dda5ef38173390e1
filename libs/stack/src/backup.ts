import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { natsNames } from '@cincy/contracts';
import {
  AckPolicy,
  connect,
  ConsumerConfig,
  ConsumerInfo,
  DeliverPolicy,
  JetStreamManager,
  NatsConnection,
  StreamInfo,
} from 'nats';
import { S3Place, s3ClientConfig } from '@cincy/platform';
import { Client } from 'pg';
import { databaseNameOf, withDatabaseName } from './database';
import { infraUrls } from './infra-check';
import { REPO_ROOT } from './processes';

/**
 * Backup and restore of a whole stack (docs/adr/0125-backup-restore.md): one pg_dump of the
 * database (every service's schema in one snapshot) and, read just before it, where each durable
 * JetStream consumer stood. A restore loads the dump into an empty database and sets every
 * durable back to the first event after its position then, so the services catch up on what the
 * dump does not hold yet; their inboxes make whatever it already holds a no-op.
 */

export const MANIFEST_FORMAT = 'cincy-battery-backup/1';
export const DUMP_FILE = 'database.dump';
export const MANIFEST_FILE = 'manifest.json';

/** An input or state a person must fix: the scripts print its message alone, never a stack. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Where one durable consumer stood when the backup began, and how to create it again. */
export interface RecordedConsumer {
  durable: string;
  filterSubject: string;
  /**
   * Every event at or below this stream sequence was applied (the consumer acknowledges only
   * after its inbox row committed) before the dump began, so the dump holds it.
   */
  ackFloor: number;
  ackWaitNanos: number;
  maxDeliver: number;
  maxAckPending?: number;
  /** 0: as many as the stream (what NATS answers for a consumer created without the setting). */
  numReplicas: number;
  /** Events under its filter it had not acknowledged yet: what a restore replays at least. */
  pending: number;
}

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  /** When the consumers' positions were read, just before the dump began. */
  takenAt: string;
  finishedAt: string;
  app: { commit: string | null };
  database: {
    name: string;
    file: typeof DUMP_FILE;
    bytes: number;
    sha256: string;
    /** The schemas it holds (one per service). */
    schemas: string[];
    serverVersion: string;
    pgDumpVersion: string;
  };
  nats: {
    prefix: string;
    stream: string;
    /**
     * The stream's last sequence when the positions were read: an event after it may have come
     * from a write the dump does not hold (restore keeps only those whose outbox row it holds).
     */
    lastSeq: number;
    consumers: RecordedConsumer[];
  };
}

export type Progress = (line: string) => void;

// ---------------------------------------------------------------------------------------------
// Pure parts

/** The dated folder (and S3 key) of a backup taken at `date`: `2026-05-01T14-03-27Z`. */
export function backupFolderName(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
}

/**
 * The newest Postgres client tool under /usr/lib/postgresql (Debian keeps one folder per major
 * version), else the bare name for PATH to find.
 */
export function postgresTool(
  tool: 'pg_dump' | 'pg_restore',
  root = '/usr/lib/postgresql',
  list: (dir: string) => string[] = (dir) => (existsSync(dir) ? readdirSync(dir) : []),
  exists: (file: string) => boolean = existsSync,
): string {
  const versions = list(root)
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const candidate = path.join(root, version, 'bin', tool);
    if (exists(candidate)) return candidate;
  }
  return tool;
}

/** A URL fit to print: its password replaced by `***`. */
export function redactUrl(url: string): string {
  return url
    .split(',')
    .map((one) => {
      try {
        const u = new URL(one.trim());
        if (u.password) u.password = '***';
        return u.toString();
      } catch {
        return one;
      }
    })
    .join(',');
}

/**
 * A durable's position and settings from its info. Its floor is the acknowledged one, or for a
 * durable a restore set to start further on and that has acknowledged nothing since, the event
 * before that start (NATS answers 0 then; everything before the start was in the restored dump).
 */
export function recordedConsumer(info: ConsumerInfo): RecordedConsumer {
  const { config } = info;
  const startedAfter =
    config.deliver_policy === DeliverPolicy.StartSequence && config.opt_start_seq
      ? config.opt_start_seq - 1
      : 0;
  return {
    durable: config.durable_name ?? info.name,
    filterSubject: config.filter_subject ?? '',
    ackFloor: Math.max(info.ack_floor.stream_seq, startedAfter),
    ackWaitNanos: config.ack_wait ?? 30_000_000_000,
    maxDeliver: config.max_deliver ?? -1,
    ...(config.max_ack_pending ? { maxAckPending: config.max_ack_pending } : {}),
    numReplicas: config.num_replicas ?? 0,
    pending: info.num_pending + info.num_ack_pending,
  };
}

/**
 * The durable a restore creates in place of a recorded one: the same filter and settings, its
 * delivery starting at the first event after its floor.
 */
export function recreatedConsumerConfig(consumer: RecordedConsumer): Partial<ConsumerConfig> {
  return {
    durable_name: consumer.durable,
    filter_subject: consumer.filterSubject,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.StartSequence,
    opt_start_seq: consumer.ackFloor + 1,
    ack_wait: consumer.ackWaitNanos,
    max_deliver: consumer.maxDeliver,
    ...(consumer.maxAckPending ? { max_ack_pending: consumer.maxAckPending } : {}),
    ...(consumer.numReplicas ? { num_replicas: consumer.numReplicas } : {}),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The manifest's text checked field by field; a problem is named in a sentence. */
export function parseManifest(text: string, where = MANIFEST_FILE): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupError(`${where} is not JSON: the backup is damaged or not one of ours.`);
  }
  const bad = (what: string) =>
    new BackupError(`${where} is not a backup manifest we can restore: ${what}.`);
  if (!isObject(value)) throw bad('it is not an object');
  if (value.format !== MANIFEST_FORMAT)
    throw bad(`its format is ${JSON.stringify(value.format)}, expected "${MANIFEST_FORMAT}"`);
  if (typeof value.takenAt !== 'string' || Number.isNaN(Date.parse(value.takenAt)))
    throw bad('takenAt is not a time');
  const { database, nats } = value;
  if (!isObject(database)) throw bad('database is missing');
  if (database.file !== DUMP_FILE) throw bad(`database.file is not "${DUMP_FILE}"`);
  if (typeof database.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(database.sha256))
    throw bad('database.sha256 is not a SHA-256 in hex');
  if (!isCount(database.bytes)) throw bad('database.bytes is not a size');
  if (!isObject(nats)) throw bad('nats is missing');
  if (typeof nats.prefix !== 'string') throw bad('nats.prefix is missing');
  if (typeof nats.stream !== 'string' || !nats.stream) throw bad('nats.stream is missing');
  if (!isCount(nats.lastSeq)) throw bad('nats.lastSeq is not a sequence');
  if (!Array.isArray(nats.consumers)) throw bad('nats.consumers is not a list');
  nats.consumers.forEach((c: unknown, i) => {
    const at = `nats.consumers[${i}]`;
    if (!isObject(c)) throw bad(`${at} is not an object`);
    if (typeof c.durable !== 'string' || !c.durable) throw bad(`${at}.durable is missing`);
    if (typeof c.filterSubject !== 'string') throw bad(`${at}.filterSubject is missing`);
    if (!isCount(c.ackFloor)) throw bad(`${at}.ackFloor is not a sequence`);
    if (c.ackFloor > (nats.lastSeq as number))
      throw bad(`${at}.ackFloor is after the stream's last sequence`);
    if (!isCount(c.ackWaitNanos)) throw bad(`${at}.ackWaitNanos is not a duration`);
    if (typeof c.maxDeliver !== 'number') throw bad(`${at}.maxDeliver is not a number`);
  });
  return value as unknown as BackupManifest;
}

/** The environment's S3 settings (the gateway's photos use the same names). */
export interface S3Settings extends S3Place {
  bucket: string;
}

export type BackupTarget =
  { kind: 'folder'; root: string } | { kind: 's3'; s3: S3Settings; prefix: string };

/** Where backups go: a bucket when S3_URL is set (BACKUP_S3_BUCKET, else S3_BUCKET). */
function s3Settings(env: NodeJS.ProcessEnv): S3Settings | null {
  if (!env.S3_URL) return null;
  return {
    url: env.S3_URL,
    bucket: env.BACKUP_S3_BUCKET || env.S3_BUCKET || 'cincy-backups',
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
  };
}

/**
 * Where a backup is written: BACKUP_DIR (a folder of dated folders) when set; else the S3
 * storage when S3_URL is set (keys `backups/<time>/...`); else `backups/` in the repository.
 */
export function backupTarget(env: NodeJS.ProcessEnv, cwd = REPO_ROOT): BackupTarget {
  if (env.BACKUP_DIR) return { kind: 'folder', root: path.resolve(cwd, env.BACKUP_DIR) };
  const s3 = s3Settings(env);
  if (s3) return { kind: 's3', s3, prefix: 'backups' };
  return { kind: 'folder', root: path.join(cwd, 'backups') };
}

export type RestoreSource =
  { kind: 'folder'; dir: string } | { kind: 's3'; s3: S3Settings; key: string };

/**
 * What `npm run restore -- <where>` names: a folder; `s3://bucket/backups/<time>`; or, with
 * S3_URL set and no such folder, a key prefix in the backups' bucket (`backups/<time>`).
 */
export function restoreSource(
  where: string | undefined,
  env: NodeJS.ProcessEnv,
  exists: (dir: string) => boolean = (dir) => existsSync(dir) && statSync(dir).isDirectory(),
  cwd = process.cwd(),
): RestoreSource {
  if (!where?.trim())
    throw new BackupError(
      'Name the backup to restore: npm run restore -- backups/<time> (a folder), or s3://<bucket>/backups/<time>.',
    );
  const s3 = s3Settings(env);
  const s3Url = /^s3:\/\/([^/]+)\/(.+?)\/*$/.exec(where.trim());
  if (where.startsWith('s3://')) {
    if (!s3Url) throw new BackupError(`${where} is not s3://<bucket>/<key prefix> of a backup.`);
    if (!s3)
      throw new BackupError(
        `${where} is in object storage, but S3_URL is not set: set S3_URL (and S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) to the storage it is in.`,
      );
    return { kind: 's3', s3: { ...s3, bucket: s3Url[1] }, key: s3Url[2] };
  }
  const dir = path.resolve(cwd, where);
  if (exists(dir)) return { kind: 'folder', dir };
  if (s3) return { kind: 's3', s3, key: where.replace(/^\/+|\/+$/g, '') };
  throw new BackupError(
    `There is no folder ${dir}; name a backup folder (one with ${MANIFEST_FILE} and ${DUMP_FILE}), or set S3_URL to restore from object storage.`,
  );
}

/** What keeps a database from being a restore's target: its schemas and public tables. */
export function notEmptyReason(name: string, schemas: string[], publicTables: string[]): string {
  const held = [
    ...schemas.map((s) => `schema ${s}`),
    ...publicTables.map((t) => `table public.${t}`),
  ];
  const shown =
    held.slice(0, 8).join(', ') + (held.length > 8 ? `, and ${held.length - 8} more` : '');
  return `The database ${name} is not empty (${shown}): a restore goes only into an empty database. Stop the stack, then drop it (psql -c 'DROP DATABASE "${name}" WITH (FORCE)') or point DATABASE_URL at a new one.`;
}

/**
 * Which stream messages after the backup's last sequence go: those whose event id (Nats-Msg-Id)
 * no restored outbox holds came from writes the dump does not have, and a consumer must not
 * apply them. Those it holds were committed before the dump and only published after it: kept.
 */
export function messagesToDrop(
  messages: readonly { seq: number; msgId: string | null }[],
  restoredIds: ReadonlySet<string>,
): number[] {
  return messages
    .filter((m) => !m.msgId || !restoredIds.has(m.msgId.toLowerCase()))
    .map((m) => m.seq);
}

// ---------------------------------------------------------------------------------------------
// Taking a backup

export interface BackupOptions {
  env?: NodeJS.ProcessEnv;
  onProgress?: Progress;
  /** The backup's time (default now): its folder's name. */
  now?: Date;
}

export interface BackupResult {
  /** The folder, or `s3://bucket/backups/<time>/`. */
  location: string;
  manifest: BackupManifest;
  durationMs: number;
}

const SYSTEM_SCHEMA = `nspname NOT IN ('information_schema', 'public') AND nspname NOT LIKE 'pg\\_%'`;

async function openDatabase(url: string): Promise<Client> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new BackupError(
      `Cannot reach the database ${redactUrl(url)}: ${(error as Error).message}. Check DATABASE_URL.`,
    );
  }
  return client;
}

async function schemasOf(client: Client): Promise<{ schemas: string[]; publicTables: string[] }> {
  const schemas = await client.query<{ nspname: string }>(
    `SELECT nspname FROM pg_namespace WHERE ${SYSTEM_SCHEMA} ORDER BY nspname`,
  );
  const tables = await client.query<{ relname: string }>(
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') ORDER BY 1`,
  );
  return {
    schemas: schemas.rows.map((r) => r.nspname),
    publicTables: tables.rows.map((r) => r.relname),
  };
}

async function openNats(natsUrl: string): Promise<{ nc: NatsConnection; jsm: JetStreamManager }> {
  let nc: NatsConnection;
  try {
    nc = await connect({
      servers: natsUrl.split(',').map((s) => s.trim()),
      timeout: 5_000,
      name: 'cincy-backup',
    });
  } catch (error) {
    throw new BackupError(
      `Cannot reach NATS at ${redactUrl(natsUrl)}: ${(error as Error).message}. Check NATS_URL.`,
    );
  }
  try {
    return { nc, jsm: await nc.jetstreamManager() };
  } catch (error) {
    await nc.close();
    throw new BackupError(
      `NATS at ${redactUrl(natsUrl)} has no JetStream (${(error as Error).message}).`,
    );
  }
}

async function streamInfo(jsm: JetStreamManager, stream: string): Promise<StreamInfo | null> {
  try {
    return await jsm.streams.info(stream);
  } catch (error) {
    if (/not found/i.test((error as Error).message)) return null;
    throw error;
  }
}

/** Runs a tool to its end; rejects with its last lines of stderr in the message. */
function runTool(command: string, args: string[], what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4_000)));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${what}: ${command} is not installed (the PostgreSQL client tools, version 15 or newer, are needed).`
            : `${what}: could not run ${command}: ${error.message}`,
        ),
      ),
    );
    child.once('exit', (code, signal) => {
      if (code === 0) resolve(out);
      else
        reject(
          new BackupError(
            `${what} failed (${signal ?? `exit ${code}`}): ${err.trim().split('\n').slice(-5).join(' / ') || 'no message'}`,
          ),
        );
    });
  });
}

async function fileDigest(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return { bytes: (await stat(file)).size, sha256: hash.digest('hex') };
}

function gitCommit(env: NodeJS.ProcessEnv): Promise<string | null> {
  const given = env.GIT_COMMIT || env.SOURCE_COMMIT;
  if (given) return Promise.resolve(given);
  return new Promise((resolve) =>
    execFile('git', ['-C', REPO_ROOT, 'rev-parse', 'HEAD'], (error, stdout) =>
      resolve(error ? null : stdout.trim() || null),
    ),
  );
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

/** The database and the stream a backup reads or a restore writes, from the stack's env. */
function stackPlace(env: NodeJS.ProcessEnv) {
  const { databaseUrl, natsUrl } = infraUrls(env);
  const prefix = env.NATS_PREFIX ?? '';
  const name = databaseNameOf(databaseUrl);
  if (!name) throw new BackupError(`DATABASE_URL names no database: ${redactUrl(databaseUrl)}.`);
  return { databaseUrl, natsUrl, prefix, names: natsNames(prefix), name };
}

/**
 * Records every durable consumer's position on the stack's stream, then dumps the database in one
 * snapshot (pg_dump -Fc), into a dated folder or the S3 storage (see `backupTarget`).
 */
export async function takeBackup(options: BackupOptions = {}): Promise<BackupResult> {
  const env = options.env ?? process.env;
  const say = options.onProgress ?? (() => undefined);
  const started = Date.now();
  const { databaseUrl, natsUrl, prefix, names, name } = stackPlace(env);
  const target = backupTarget(env);
  const stamp = backupFolderName(options.now ?? new Date());

  // What there is to back up, before anything is written.
  const db = await openDatabase(databaseUrl);
  let schemas: string[];
  let serverVersion: string;
  try {
    ({ schemas } = await schemasOf(db));
    serverVersion = (await db.query<{ v: string }>('SHOW server_version')).rows[0].v;
  } finally {
    await db.end().catch(() => undefined);
  }
  if (!schemas.length)
    throw new BackupError(
      `The database ${name} holds no schema: nothing to back up. Is DATABASE_URL the stack's database?`,
    );
  say(`Database ${name} on ${redactUrl(withDatabaseName(databaseUrl, ''))}: ${schemas.join(', ')}`);

  const folder =
    target.kind === 'folder'
      ? path.join(target.root, stamp)
      : await mkdtemp(path.join(os.tmpdir(), 'cincy-backup-'));
  if (target.kind === 'folder') {
    if (existsSync(folder))
      throw new BackupError(`${folder} exists already: wait a second and try again.`);
    await mkdir(folder, { recursive: true });
  }
  const dumpFile = path.join(folder, DUMP_FILE);
  try {
    // 1. The consumers' positions, BEFORE the snapshot: what they acknowledged is in it.
    const { nc, jsm } = await openNats(natsUrl);
    let consumers: RecordedConsumer[];
    let lastSeq: number;
    const takenAt = new Date();
    try {
      const before = await streamInfo(jsm, names.stream);
      if (!before)
        throw new BackupError(
          `NATS at ${redactUrl(natsUrl)} has no stream ${names.stream} (NATS_PREFIX "${prefix}"): is NATS_PREFIX the stack's?`,
        );
      consumers = [];
      for await (const info of jsm.consumers.list(names.stream))
        if (info.config.durable_name) consumers.push(recordedConsumer(info));
      consumers.sort((a, b) => a.durable.localeCompare(b.durable));
      // After the floors: every floor is at or below it.
      lastSeq = (await jsm.streams.info(names.stream)).state.last_seq;
    } finally {
      await nc.close();
    }
    const pending = consumers.reduce((sum, c) => sum + c.pending, 0);
    say(
      `NATS stream ${names.stream}: last sequence ${lastSeq}, ${consumers.length} durable consumers (${pending} events not yet acknowledged)`,
    );

    // 2. One pg_dump: one snapshot of every schema.
    const pgDump = postgresTool('pg_dump');
    const pgDumpVersion = (await runTool(pgDump, ['--version'], 'pg_dump --version')).trim();
    say(`Dumping with ${pgDump} (${pgDumpVersion})`);
    const dumpStarted = Date.now();
    await runTool(
      pgDump,
      ['--format=custom', '--no-password', `--file=${dumpFile}`, `--dbname=${databaseUrl}`],
      'pg_dump',
    );
    const digest = await fileDigest(dumpFile);
    say(`Dumped ${mib(digest.bytes)} in ${((Date.now() - dumpStarted) / 1000).toFixed(1)} s`);

    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      takenAt: takenAt.toISOString(),
      finishedAt: new Date().toISOString(),
      app: { commit: await gitCommit(env) },
      database: {
        name,
        file: DUMP_FILE,
        bytes: digest.bytes,
        sha256: digest.sha256,
        schemas,
        serverVersion,
        pgDumpVersion,
      },
      nats: { prefix, stream: names.stream, lastSeq, consumers },
    };
    await writeFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

    if (target.kind === 'folder')
      return { location: folder, manifest, durationMs: Date.now() - started };

    // 3. Into the bucket, the manifest last: a prefix without one is an unfinished upload.
    const key = `${target.prefix}/${stamp}`;
    say(`Uploading to s3://${target.s3.bucket}/${key}/`);
    const client = await s3Client(target.s3);
    try {
      await ensureBucket(client, target.s3);
      for (const file of [DUMP_FILE, MANIFEST_FILE])
        await uploadFile(client, target.s3.bucket, `${key}/${file}`, path.join(folder, file));
    } finally {
      client.destroy();
    }
    return {
      location: `s3://${target.s3.bucket}/${key}/`,
      manifest,
      durationMs: Date.now() - started,
    };
  } catch (error) {
    // No half backup is left behind to be restored later.
    await rm(folder, { recursive: true, force: true });
    throw error;
  } finally {
    if (target.kind === 's3') await rm(folder, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Object storage

async function s3Client(settings: S3Settings): Promise<S3Client> {
  // This deployment runs Node 20 on SDK versions that support it: the SDK's notice is not news.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client(s3ClientConfig(settings));
}

async function ensureBucket(client: S3Client, settings: S3Settings): Promise<void> {
  const { CreateBucketCommand, HeadBucketCommand } = await import('@aws-sdk/client-s3');
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
  } catch {
    try {
      await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
    } catch (error) {
      throw new BackupError(
        `The bucket ${settings.bucket} at ${redactUrl(settings.url)} cannot be reached or created: ${(error as Error).message}.`,
      );
    }
  }
}

async function uploadFile(client: S3Client, bucket: string, key: string, file: string) {
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
  try {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: createReadStream(file),
        ContentLength: (await stat(file)).size,
      }),
    );
  } catch (error) {
    throw new BackupError(
      `Uploading ${key} to the bucket ${bucket} failed: ${(error as Error).message}.`,
    );
  }
}

async function downloadBackup(source: Extract<RestoreSource, { kind: 's3' }>, dir: string) {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  const client = await s3Client(source.s3);
  try {
    for (const file of [MANIFEST_FILE, DUMP_FILE]) {
      const key = `${source.key}/${file}`;
      let body: Readable;
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: source.s3.bucket, Key: key }),
        );
        body = answer.Body as Readable;
      } catch (error) {
        const missing = /NoSuchKey|not found|NotFound/i.test(
          `${(error as Error).name} ${(error as Error).message}`,
        );
        throw new BackupError(
          missing
            ? `There is no s3://${source.s3.bucket}/${key}: name a backup's key prefix (backups/<time>).`
            : `Reading s3://${source.s3.bucket}/${key} failed: ${(error as Error).message}.`,
        );
      }
      await pipeline(body, createWriteStream(path.join(dir, file)));
    }
  } finally {
    client.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// Restoring

export interface RestoreOptions {
  /** A folder, `s3://bucket/key`, or a key in the backups' bucket (see `restoreSource`). */
  source: string;
  env?: NodeJS.ProcessEnv;
  onProgress?: Progress;
  /**
   * NATS has lost the stream (a new server): restore the database anyway and leave the consumers
   * to the services, which create them from the stream's start. What was not consumed at backup
   * time is then lost to its consumers (said as a warning).
   */
  withoutStream?: boolean;
  /** How long durables may still have a service's pull requests waiting (default 40 s). */
  idleWaitMs?: number;
}

export interface RestoreResult {
  database: string;
  manifest: BackupManifest;
  /** Durables set back to their recorded positions. */
  consumers: number;
  /** Events the durables will deliver once the services start (most are no-ops: the inbox). */
  toReplay: number;
  /** Stream events after the backup: dropped (their writes are not in it) and kept. */
  dropped: number;
  kept: number;
  warnings: string[];
  durationMs: number;
}

/** Reads the backup, checks it, and answers where its dump is. */
async function openBackup(
  source: RestoreSource,
  say: Progress,
): Promise<{ dir: string; manifest: BackupManifest; cleanup: () => Promise<void> }> {
  let dir: string;
  let cleanup = async () => undefined;
  if (source.kind === 'folder') dir = source.dir;
  else {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cincy-restore-'));
    const temp = dir;
    cleanup = async () => void (await rm(temp, { recursive: true, force: true }));
    say(`Downloading s3://${source.s3.bucket}/${source.key}/`);
    try {
      await downloadBackup(source, dir);
    } catch (error) {
      await cleanup();
      throw error;
    }
  }
  try {
    const files = await readdir(dir);
    for (const file of [MANIFEST_FILE, DUMP_FILE])
      if (!files.includes(file))
        throw new BackupError(`${dir} holds no ${file}: it is not a finished backup.`);
    const manifest = parseManifest(
      await readFile(path.join(dir, MANIFEST_FILE), 'utf8'),
      path.join(dir, MANIFEST_FILE),
    );
    const digest = await fileDigest(path.join(dir, DUMP_FILE));
    if (digest.bytes !== manifest.database.bytes || digest.sha256 !== manifest.database.sha256)
      throw new BackupError(
        `${path.join(dir, DUMP_FILE)} is not the dump the manifest describes (${digest.bytes} bytes, SHA-256 ${digest.sha256.slice(0, 12)}..., expected ${manifest.database.bytes} bytes, ${manifest.database.sha256.slice(0, 12)}...): the backup is damaged.`,
      );
    say(
      `Backup of ${manifest.database.name} taken ${manifest.takenAt}: ${mib(digest.bytes)}, SHA-256 checked, ${manifest.nats.consumers.length} consumer positions`,
    );
    return { dir, manifest, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Restores a backup into an empty database (created when missing), then sets every recorded
 * durable consumer back to the event after its floor and drops from the stream the events of
 * writes the backup does not hold. Start the services afterwards: they catch up.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const env = options.env ?? process.env;
  const say = options.onProgress ?? (() => undefined);
  const started = Date.now();
  const { databaseUrl, natsUrl, prefix, names, name } = stackPlace(env);
  const source = restoreSource(options.source, env);
  const { dir, manifest, cleanup } = await openBackup(source, say);
  const warnings: string[] = [];
  const warn = (line: string) => (warnings.push(line), say(`WARNING: ${line}`));
  try {
    if (manifest.nats.prefix !== prefix)
      throw new BackupError(
        `The backup was taken with NATS_PREFIX "${manifest.nats.prefix}", this restore runs with "${prefix}": set NATS_PREFIX="${manifest.nats.prefix}" (the consumers' positions belong to that stream).`,
      );

    // NATS first: nothing is written anywhere until both sides are fit.
    const { nc, jsm } = await openNats(natsUrl);
    try {
      const stream = await streamInfo(jsm, names.stream);
      if (!stream && !options.withoutStream)
        throw new BackupError(
          `NATS at ${redactUrl(natsUrl)} has no stream ${names.stream}: the consumers' positions refer to it. Restore against the NATS the backup was taken with, or, if its stream is lost, run again with --without-stream (the ${manifest.nats.consumers.reduce((s, c) => s + c.pending, 0)} events not yet consumed at backup time are then lost).`,
        );
      if (stream && stream.state.last_seq < manifest.nats.lastSeq)
        throw new BackupError(
          `The stream ${names.stream} ends at sequence ${stream.state.last_seq}, before the backup's ${manifest.nats.lastSeq}: it is not the stream the backup was taken against (a new NATS?). If the old stream is lost, delete this one and run again with --without-stream.`,
        );
      if (stream)
        await untilNoServiceReads(jsm, names.stream, manifest, options.idleWaitMs ?? 40_000, say);

      // The database: created when missing, refused unless empty.
      await createDatabaseIfMissing(databaseUrl, say);
      const db = await openDatabase(databaseUrl);
      try {
        const { schemas, publicTables } = await schemasOf(db);
        if (schemas.length || publicTables.length)
          throw new BackupError(notEmptyReason(name, schemas, publicTables));
      } finally {
        await db.end().catch(() => undefined);
      }

      const pgRestore = postgresTool('pg_restore');
      say(`Restoring into ${name} with ${pgRestore}`);
      const restoreStarted = Date.now();
      await runTool(
        pgRestore,
        [
          '--no-owner',
          '--exit-on-error',
          // All or nothing: a failure leaves the database empty, so the restore may simply run again.
          '--single-transaction',
          '--no-password',
          `--dbname=${databaseUrl}`,
          path.join(dir, DUMP_FILE),
        ],
        'pg_restore',
      );
      say(`Restored the database in ${((Date.now() - restoreStarted) / 1000).toFixed(1)} s`);

      if (!stream) {
        const lost = manifest.nats.consumers.filter((c) => c.pending > 0);
        warn(
          `No stream ${names.stream}: the services create it and their consumers when they start.${lost.length ? ` Events not yet consumed at backup time are lost: ${lost.map((c) => `${c.durable} ${c.pending}`).join(', ')}.` : ''}`,
        );
        return {
          database: name,
          manifest,
          consumers: 0,
          toReplay: 0,
          dropped: 0,
          kept: 0,
          warnings,
          durationMs: Date.now() - started,
        };
      }

      // Events after the backup whose writes it does not hold must never reach a consumer.
      const { dropped, kept } = await dropEventsAfterBackup(
        jsm,
        names.stream,
        manifest,
        databaseUrl,
      );
      if (dropped || kept)
        say(
          `Stream events after the backup: ${dropped} dropped (their writes are not in it), ${kept} kept (in its outboxes)`,
        );

      const first = (await jsm.streams.info(names.stream)).state.first_seq;
      let toReplay = 0;
      for (const consumer of manifest.nats.consumers) {
        if (consumer.ackFloor + 1 < first)
          warn(
            `${consumer.durable}: the stream no longer holds events ${consumer.ackFloor + 1} to ${first - 1} (older than its retention); they were not applied after the backup.`,
          );
        await jsm.consumers.delete(names.stream, consumer.durable).catch((error: Error) => {
          if (!/not found/i.test(error.message)) throw error;
        });
        const info = await jsm.consumers.add(names.stream, recreatedConsumerConfig(consumer));
        toReplay += info.num_pending;
      }
      say(
        `Set ${manifest.nats.consumers.length} durable consumers back to their positions at the backup: ${toReplay} events to deliver when the services start`,
      );
      return {
        database: name,
        manifest,
        consumers: manifest.nats.consumers.length,
        toReplay,
        dropped,
        kept,
        warnings,
        durationMs: Date.now() - started,
      };
    } finally {
      await nc.close();
    }
  } finally {
    await cleanup();
  }
}

/**
 * A service still reading a durable (its pull requests waiting) would take events meant for the
 * restored database: wait a little for requests of stopped processes to expire, then refuse.
 */
async function untilNoServiceReads(
  jsm: JetStreamManager,
  stream: string,
  manifest: BackupManifest,
  waitMs: number,
  say: Progress,
): Promise<void> {
  const until = Date.now() + waitMs;
  let noted = false;
  for (;;) {
    const busy: string[] = [];
    for await (const info of jsm.consumers.list(stream))
      if (info.config.durable_name && info.num_waiting > 0) busy.push(info.config.durable_name);
    if (!busy.length) return;
    if (Date.now() >= until)
      throw new BackupError(
        `Services are still reading the stream ${stream} (${busy.slice(0, 5).join(', ')}${busy.length > 5 ? ', ...' : ''}): stop every service of NATS_PREFIX "${manifest.nats.prefix}" first, then restore.`,
      );
    if (!noted) {
      say(`Waiting for the read requests of stopped services to expire (${busy.length} durables)`);
      noted = true;
    }
    await sleep(1_000);
  }
}

async function createDatabaseIfMissing(databaseUrl: string, say: Progress): Promise<void> {
  const name = databaseNameOf(databaseUrl);
  const server = await openDatabase(withDatabaseName(databaseUrl, 'postgres'));
  try {
    const found = await server.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    await server.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    say(`Created the database ${name}`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Could not create the database ${name}: ${(error as Error).message}.`);
  } finally {
    await server.end().catch(() => undefined);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function dropEventsAfterBackup(
  jsm: JetStreamManager,
  stream: string,
  manifest: BackupManifest,
  databaseUrl: string,
): Promise<{ dropped: number; kept: number }> {
  const last = (await jsm.streams.info(stream)).state.last_seq;
  const messages: { seq: number; msgId: string | null }[] = [];
  for (let seq = manifest.nats.lastSeq + 1; seq <= last; seq++) {
    try {
      const message = await jsm.streams.getMessage(stream, { seq });
      messages.push({ seq, msgId: message.header?.get('Nats-Msg-Id') || null });
    } catch (error) {
      // Deleted already (an earlier restore) or aged out: nothing to drop.
      if (!/not found/i.test((error as Error).message)) throw error;
    }
  }
  if (!messages.length) return { dropped: 0, kept: 0 };
  const ids = messages.map((m) => m.msgId).filter((id): id is string => !!id && UUID.test(id));
  const restored = new Set<string>();
  const db = await openDatabase(databaseUrl);
  try {
    const outboxes = await db.query<{ schema: string }>(
      `SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'outbox'`,
    );
    for (const { schema } of outboxes.rows) {
      const found = await db.query<{ id: string }>(
        `SELECT id FROM "${schema.replace(/"/g, '""')}".outbox WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      for (const { id } of found.rows) restored.add(id.toLowerCase());
    }
  } finally {
    await db.end().catch(() => undefined);
  }
  const drop = messagesToDrop(messages, restored);
  for (const seq of drop) await jsm.streams.deleteMessage(stream, seq, false);
  return { dropped: drop.length, kept: messages.length - drop.length };
}
