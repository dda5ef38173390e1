import { Client } from 'pg';
import { DataSource, MigrationInterface, MixedList, EntitySchema } from 'typeorm';
import { OutboxActor1733000000000 } from './outbox-actor.migration';
import { OutboxTraceParent1764100000000 } from './outbox-trace-parent.migration';
import { RequestKeys1764200000000 } from './request-keys.migration';
import { PlatformTables1732200000000 } from './platform-tables.migration';

type EntityList = MixedList<string | (new () => unknown) | EntitySchema>;
type MigrationList = (new () => MigrationInterface)[];

export interface ServiceDatabaseOptions {
  url: string;
  /** The Postgres schema the service owns; named after the service. */
  schema: string;
  entities: EntityList;
  migrations: MigrationList;
}

const DUPLICATE_DATABASE = '42P04';
const UNIQUE_VIOLATION = '23505';

/** Creates the database named in `url` when it does not exist yet (several services may race). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`Unsupported database name "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return;
    await client.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== DUPLICATE_DATABASE && code !== UNIQUE_VIOLATION) throw error;
  } finally {
    await client.end();
  }
}

export function createServiceDataSource(options: ServiceDatabaseOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: [
      PlatformTables1732200000000,
      OutboxActor1733000000000,
      OutboxTraceParent1764100000000,
      RequestKeys1764200000000,
      ...options.migrations,
    ],
    migrationsTableName: 'migrations',
    synchronize: false,
    // Raw queries (outbox, inbox, locks) name tables without a schema: they resolve to the own one.
    extra: { max: 10, options: `-c search_path="${options.schema}"` },
  });
}

/**
 * Opens the data source and brings the service's schema up to date. Replicas starting together
 * take turns through an advisory lock, so a migration never runs twice at once.
 */
export async function openServiceDatabase(options: ServiceDatabaseOptions): Promise<DataSource> {
  await ensureDatabase(options.url);
  const dataSource = createServiceDataSource(options);
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${options.schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    await dataSource.runMigrations({ transaction: 'each' });
  } catch (error) {
    await dataSource.destroy();
    throw error;
  } finally {
    if (dataSource.isInitialized) {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${options.schema}`]);
      await runner.release();
    }
  }
  return dataSource;
}
