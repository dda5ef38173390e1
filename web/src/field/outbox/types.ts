import type { SignedInUser } from '@cincy/contracts';

/**
 * The field app's outbox: every step a technician takes is written here first (IndexedDB), then
 * sent in the order taken, each with its own Idempotency-Key and the time it happened, whenever
 * the phone has signal. The screens only read and write through this interface.
 */

/** What a technician does to a job from the phone. */
export type FieldStepKind =
  | 'accepted'
  | 'en_route'
  | 'on_location'
  | 'hand_back'
  | 'battery_test'
  | 'photo'
  | 'complete'
  | 'payment';

/** One step as the outbox keeps it until the server has it. */
export interface OutboxStep {
  /** Its place in the outbox (IndexedDB's key): steps go in this order. */
  seq: number;
  /** The Idempotency-Key it is sent with, every time: the server does it once. */
  key: string;
  jobId: number;
  /** Whose job it was when taken: names it on a refusal once the job has left the phone's list. */
  customerName?: string;
  kind: FieldStepKind;
  method: 'PATCH' | 'POST';
  /** e.g. /api/appointments/12/status */
  path: string;
  /** The request body, `occurredAt` included where the route takes it (a photo's: what it is of). */
  body: Record<string, unknown>;
  /** A photo's image, sent as the body itself (kept in IndexedDB until the server has it). */
  file?: Blob;
  /** When the technician took it (ISO 8601). */
  occurredAt: string;
  /** Waiting for signal, or refused by the server (kept, with its reason, until dismissed). */
  state: 'waiting' | 'refused';
  /** The server's message when refused ("This job is Dana's now (since 2:14 PM)."). */
  refusal: string | null;
  /** Tries that reached the server or failed on the way. */
  attempts: number;
}

/** How a send ended: everything went, no signal (try later), or the session ended (sign in). */
export type FlushResult = 'done' | 'offline' | 'signed-out';

export interface FieldOutbox {
  /** Writes a step (it is sent at the next flush, which the caller starts). */
  take(step: {
    jobId: number;
    customerName?: string;
    kind: FieldStepKind;
    /**
     * hand_back: { reason }; battery_test: the test; photo: { kind, signedBy? }; complete: the
     * service record (no occurredAt); payment: cash or a check ({ method, amountCents, checkNumber? }).
     */
    body?: Record<string, unknown>;
    /** A photo's image. */
    file?: Blob;
    /** Defaults to now. */
    occurredAt?: Date;
  }): Promise<OutboxStep>;
  /** Sends the waiting steps in order, one at a time, one sender across tabs. */
  flush(): Promise<FlushResult>;
  /** Every step not yet accepted by the server, in order. */
  list(): Promise<OutboxStep[]>;
  /** The technician has read a refusal: the step goes. */
  dismiss(seq: number): Promise<void>;
  /** Called after any change, in this tab or another. Returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** Who used the app last on this phone, kept so it opens without signal. */
export type FieldUser = Pick<SignedInUser, 'id' | 'name' | 'role'>;

/**
 * What the phone keeps between opens (IndexedDB): the last jobs it saw and when, the signed-in
 * user, and a completion's fields as typed (never thrown away, even when a step is refused).
 */
export interface FieldStore {
  /** The jobs shown, and when the server last answered (not when they were saved). */
  saveJobs(userId: number, jobs: unknown[], answeredAt: Date): Promise<void>;
  /** The jobs last saved for this user, and when the server last answered; null when none. */
  lastJobs<T>(userId: number): Promise<{ jobs: T[]; answeredAt: Date } | null>;
  saveUser(user: FieldUser): Promise<void>;
  /** The last user saved; null after forgetUser (sign out). */
  lastUser(): Promise<FieldUser | null>;
  forgetUser(): Promise<void>;
  /** The batteries a completion may name (inventory's), as last read. */
  saveBatteries(items: unknown[]): Promise<void>;
  lastBatteries<T>(): Promise<T[]>;
  saveDraft(jobId: number, fields: Record<string, string>): Promise<void>;
  draft(jobId: number): Promise<Record<string, string> | null>;
  dropDraft(jobId: number): Promise<void>;
}
