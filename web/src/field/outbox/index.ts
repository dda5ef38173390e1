import { openFieldDB, type FieldDB } from './field-db';
import { createFieldOutbox } from './outbox';
import { createFieldStore } from './store';
import type { FieldOutbox, FieldStore } from './types';

export type * from './types';
export { startOutboxSync, waitingCount } from './sync';

let opening: Promise<FieldDB> | undefined;
let outbox: FieldOutbox | undefined;
let store: FieldStore | undefined;

/** The app's database, opened once, and again after a failed open or when the browser drops it. */
function fieldDB(): Promise<FieldDB> {
  opening ??= openFieldDB({ terminated: () => (opening = undefined) }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/** The app's outbox: the phone's IndexedDB, fetch, and one sender across tabs. */
export function fieldOutbox(): FieldOutbox {
  outbox ??= createFieldOutbox({
    db: fieldDB,
    // Called as a plain function: window.fetch refuses to run with another `this`.
    fetch: (path, init) => fetch(path, init),
    locks: typeof navigator !== 'undefined' ? navigator.locks : undefined,
    channel:
      typeof BroadcastChannel === 'function' ? (name) => new BroadcastChannel(name) : undefined,
  });
  return outbox;
}

/** The app's store of jobs, user and drafts on the phone's IndexedDB. */
export function fieldStore(): FieldStore {
  store ??= createFieldStore(fieldDB);
  return store;
}
