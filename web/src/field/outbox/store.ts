import type { FieldDBSource, SavedJobs } from './field-db';
import type { FieldStore, FieldUser } from './types';

const USER = 'user';
const BATTERIES = 'batteries';
const jobsKey = (userId: number) => `jobs:${userId}`;

/** The phone's store of jobs, user and drafts (see `FieldStore`). */
export function createFieldStore(db: FieldDBSource): FieldStore {
  return {
    async saveJobs(userId, jobs, answeredAt) {
      const saved: SavedJobs = { jobs, answeredAt };
      await (await db()).put('kv', saved, jobsKey(userId));
    },
    async lastJobs<T>(userId: number) {
      const saved = (await (await db()).get('kv', jobsKey(userId))) as SavedJobs | undefined;
      return saved ? { jobs: saved.jobs as T[], answeredAt: saved.answeredAt } : null;
    },
    async saveUser(user) {
      await (await db()).put('kv', user, USER);
    },
    async lastUser() {
      return ((await (await db()).get('kv', USER)) as FieldUser | undefined) ?? null;
    },
    async forgetUser() {
      await (await db()).delete('kv', USER);
    },
    async saveBatteries(items) {
      await (await db()).put('kv', items, BATTERIES);
    },
    async lastBatteries<T>() {
      return ((await (await db()).get('kv', BATTERIES)) as T[] | undefined) ?? [];
    },
    async saveDraft(jobId, fields) {
      await (await db()).put('drafts', { jobId, fields });
    },
    async draft(jobId) {
      return (await (await db()).get('drafts', jobId))?.fields ?? null;
    },
    async dropDraft(jobId) {
      await (await db()).delete('drafts', jobId);
    },
  };
}
