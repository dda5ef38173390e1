import path from 'node:path';
import { AckPolicy, ConsumerInfo, DeliverPolicy } from 'nats';
import {
  BackupError,
  BackupManifest,
  backupFolderName,
  backupTarget,
  MANIFEST_FORMAT,
  messagesToDrop,
  notEmptyReason,
  parseManifest,
  postgresTool,
  recordedConsumer,
  recreatedConsumerConfig,
  redactUrl,
  restoreSource,
} from './backup';

const manifest = (): BackupManifest => ({
  format: MANIFEST_FORMAT,
  takenAt: '2026-05-01T14:03:27.120Z',
  finishedAt: '2026-05-01T14:03:29.500Z',
  app: { commit: 'abc123' },
  database: {
    name: 'cincy_battery',
    file: 'database.dump',
    bytes: 1234,
    sha256: 'a'.repeat(64),
    schemas: ['billing', 'booking'],
    serverVersion: '15.8',
    pgDumpVersion: 'pg_dump (PostgreSQL) 15.8',
  },
  nats: {
    prefix: '',
    stream: 'EVENTS',
    lastSeq: 120,
    consumers: [
      {
        durable: 'billing-records',
        filterSubject: 'events.inventory.service-record.created',
        ackFloor: 100,
        ackWaitNanos: 5_000_000_000,
        maxDeliver: -1,
        numReplicas: 1,
        pending: 3,
      },
    ],
  },
});

const info = (over: {
  config?: Partial<ConsumerInfo['config']>;
  ackFloor?: number;
  pending?: number;
}): ConsumerInfo =>
  ({
    name: 'billing-records',
    stream_name: 'EVENTS',
    created: '2026-05-01T00:00:00Z',
    config: {
      durable_name: 'billing-records',
      filter_subject: 'events.inventory.service-record.created',
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: 5_000_000_000,
      max_deliver: -1,
      num_replicas: 0,
      ...over.config,
    },
    delivered: { consumer_seq: 0, stream_seq: 0 },
    ack_floor: { consumer_seq: 0, stream_seq: over.ackFloor ?? 0 },
    num_ack_pending: 1,
    num_redelivered: 0,
    num_waiting: 0,
    num_pending: over.pending ?? 2,
  }) as unknown as ConsumerInfo;

describe('backupFolderName', () => {
  it('is the ISO time to the second, without colons (a folder and a key on every system)', () => {
    expect(backupFolderName(new Date('2026-05-01T14:03:27.120Z'))).toBe('2026-05-01T14-03-27Z');
  });
  it('sorts in time order', () => {
    const names = ['2026-12-01T00:00:00Z', '2026-02-01T10:00:00Z', '2026-02-01T09:59:59Z'].map(
      (t) => backupFolderName(new Date(t)),
    );
    expect([...names].sort()).toEqual([names[2], names[1], names[0]]);
  });
});

describe('postgresTool', () => {
  it("takes the newest version's tool", () => {
    const tool = postgresTool(
      'pg_dump',
      '/pg',
      () => ['9.6', '15', '16', 'README'],
      () => true,
    );
    expect(tool).toBe(path.join('/pg', '16', 'bin', 'pg_dump'));
  });
  it('skips a version without the tool, and falls back to PATH', () => {
    expect(
      postgresTool(
        'pg_restore',
        '/pg',
        () => ['15', '16'],
        (file) => file.includes('/15/'),
      ),
    ).toBe(path.join('/pg', '15', 'bin', 'pg_restore'));
    expect(postgresTool('pg_dump', '/pg', () => [])).toBe('pg_dump');
  });
});

describe('recordedConsumer', () => {
  it('keeps the acknowledged floor, the filter and the settings', () => {
    expect(recordedConsumer(info({ ackFloor: 42, pending: 5 }))).toEqual({
      durable: 'billing-records',
      filterSubject: 'events.inventory.service-record.created',
      ackFloor: 42,
      ackWaitNanos: 5_000_000_000,
      maxDeliver: -1,
      numReplicas: 0,
      pending: 6,
    });
  });
  it('counts a restored durable that acknowledged nothing yet from the event before its start', () => {
    const restored = info({
      ackFloor: 0,
      config: { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: 101 },
    });
    expect(recordedConsumer(restored).ackFloor).toBe(100);
    const movedOn = info({
      ackFloor: 130,
      config: { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: 101 },
    });
    expect(recordedConsumer(movedOn).ackFloor).toBe(130);
  });
});

describe('recreatedConsumerConfig', () => {
  it('starts at the event after the floor, with the same filter and settings', () => {
    expect(recreatedConsumerConfig(manifest().nats.consumers[0])).toEqual({
      durable_name: 'billing-records',
      filter_subject: 'events.inventory.service-record.created',
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: 101,
      ack_wait: 5_000_000_000,
      max_deliver: -1,
      num_replicas: 1,
    });
  });
  it('starts at the first event when nothing was acknowledged', () => {
    const consumer = { ...manifest().nats.consumers[0], ackFloor: 0, numReplicas: 0 };
    const config = recreatedConsumerConfig(consumer);
    expect(config.opt_start_seq).toBe(1);
    expect(config).not.toHaveProperty('num_replicas');
  });
});

describe('parseManifest', () => {
  it('answers a valid manifest as it is', () => {
    expect(parseManifest(JSON.stringify(manifest()))).toEqual(manifest());
  });
  it.each([
    ['not JSON', '{', /is not JSON/],
    ['another format', JSON.stringify({ ...manifest(), format: 'x/1' }), /format is "x\/1"/],
    [
      'a bad digest',
      JSON.stringify({ ...manifest(), database: { ...manifest().database, sha256: 'xyz' } }),
      /sha256 is not a SHA-256/,
    ],
    [
      'a floor after the stream',
      JSON.stringify({
        ...manifest(),
        nats: {
          ...manifest().nats,
          consumers: [{ ...manifest().nats.consumers[0], ackFloor: 121 }],
        },
      }),
      /consumers\[0\]\.ackFloor is after the stream's last sequence/,
    ],
    [
      'no consumers list',
      JSON.stringify({ ...manifest(), nats: { ...manifest().nats, consumers: null } }),
      /nats\.consumers is not a list/,
    ],
  ])('refuses %s in a sentence', (_, text, message) => {
    expect(() => parseManifest(text, 'm.json')).toThrow(BackupError);
    expect(() => parseManifest(text, 'm.json')).toThrow(message);
  });
});

describe('backupTarget', () => {
  it('is backups/ of the repository by default', () => {
    expect(backupTarget({}, '/repo')).toEqual({ kind: 'folder', root: '/repo/backups' });
  });
  it('is BACKUP_DIR when set, even with S3 configured', () => {
    expect(backupTarget({ BACKUP_DIR: 'elsewhere', S3_URL: 'http://s3' }, '/repo')).toEqual({
      kind: 'folder',
      root: '/repo/elsewhere',
    });
  });
  it("is the bucket when S3_URL is set: BACKUP_S3_BUCKET, else the photos' S3_BUCKET", () => {
    const env = { S3_URL: 'http://s3:9000', S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k' };
    expect(backupTarget(env)).toMatchObject({
      kind: 's3',
      prefix: 'backups',
      s3: { url: 'http://s3:9000', bucket: 'photos', region: 'us-east-1', accessKeyId: 'k' },
    });
    expect(backupTarget({ ...env, BACKUP_S3_BUCKET: 'backups' })).toMatchObject({
      s3: { bucket: 'backups' },
    });
  });
});

describe('restoreSource', () => {
  const none = () => false;
  it('takes a folder that exists', () => {
    expect(restoreSource('backups/2026-05-01T14-03-27Z', {}, () => true, '/repo')).toEqual({
      kind: 'folder',
      dir: '/repo/backups/2026-05-01T14-03-27Z',
    });
  });
  it('takes s3://bucket/key, and a bare key when S3_URL is set', () => {
    const env = { S3_URL: 'http://s3' };
    expect(restoreSource('s3://b/backups/t/', env, none)).toMatchObject({
      kind: 's3',
      key: 'backups/t',
      s3: { bucket: 'b' },
    });
    expect(restoreSource('backups/t', env, none)).toMatchObject({
      kind: 's3',
      key: 'backups/t',
      s3: { bucket: 'cincy-backups' },
    });
  });
  it.each([
    [undefined, {}, /Name the backup to restore/],
    ['  ', {}, /Name the backup to restore/],
    ['missing', {}, /There is no folder .*missing; name a backup folder/],
    ['s3://bucket-only', { S3_URL: 'http://s3' }, /is not s3:\/\/<bucket>\/<key prefix>/],
    ['s3://b/k', {}, /S3_URL is not set/],
  ])('refuses %j in a sentence', (where, env, message) => {
    expect(() => restoreSource(where, env, none)).toThrow(message);
  });
});

describe('messagesToDrop', () => {
  it('drops the events after the backup that no restored outbox holds', () => {
    const restored = new Set(['0a0a0a0a-0000-4000-8000-000000000001']);
    expect(
      messagesToDrop(
        [
          { seq: 121, msgId: '0A0A0A0A-0000-4000-8000-000000000001' },
          { seq: 122, msgId: '0a0a0a0a-0000-4000-8000-000000000002' },
          { seq: 123, msgId: null },
        ],
        restored,
      ),
    ).toEqual([122, 123]);
  });
});

describe('sentences', () => {
  it('says what a non-empty database holds and how to go on', () => {
    const text = notEmptyReason('cincy', ['billing', 'booking'], ['stray']);
    expect(text).toMatch(/^The database cincy is not empty \(schema billing, schema booking/);
    expect(text).toMatch(/table public\.stray/);
    expect(text).toMatch(/DROP DATABASE "cincy"/);
  });
  it('never prints a password', () => {
    expect(redactUrl('postgres://u:secret@h:5432/db')).toBe('postgres://u:***@h:5432/db');
    expect(redactUrl('nats://a:1,nats://u:p@b:2')).toBe('nats://a:1,nats://u:***@b:2');
  });
});
