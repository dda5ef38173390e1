import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { FieldUser, OutboxStep } from './types';

/** The jobs last seen for one user (kv `jobs:<userId>`), and when the server last answered. */
export interface SavedJobs {
  jobs: unknown[];
  answeredAt: Date;
}

/** A completion's fields as typed, kept until the job is done or the draft dropped. */
export interface SavedDraft {
  jobId: number;
  fields: Record<string, string>;
}

export interface FieldDBSchema extends DBSchema {
  /** The steps not yet accepted; `seq` is given by the store, in the order taken. */
  outbox: { key: number; value: OutboxStep };
  /** `user`: the last user (FieldUser); `jobs:<userId>`: SavedJobs; `batteries`: the items. */
  kv: { key: string; value: FieldUser | SavedJobs | unknown[] };
  drafts: { key: number; value: SavedDraft };
}

export type FieldDB = IDBPDatabase<FieldDBSchema>;

/** Where the outbox and the store find the database: opened once, again if the browser drops it. */
export type FieldDBSource = () => Promise<FieldDB>;

const VERSION = 1;

/**
 * Opens the field app's database, creating its stores on first use. idb opens on the global
 * `indexedDB`; tests give a name of their own (with fake-indexeddb/auto).
 */
export function openFieldDB({
  name = 'cincy-field',
  terminated,
}: { name?: string; terminated?: () => void } = {}): Promise<FieldDB> {
  return openDB<FieldDBSchema>(name, VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
        db.createObjectStore('kv');
        db.createObjectStore('drafts', { keyPath: 'jobId' });
      }
    },
    terminated,
  });
}
