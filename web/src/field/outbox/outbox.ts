import { ERROR_CODES } from '@cincy/contracts';
import type { FieldDBSource } from './field-db';
import type { FieldOutbox, FieldStepKind, FlushResult, OutboxStep } from './types';

/** The lock and channel names every tab of the app shares. */
const OUTBOX = 'cincy-field-outbox';
/** A request on a weak signal can hang for minutes; past this it counts as no signal. */
const SEND_TIMEOUT_MS = 30_000;
const REFUSAL_FALLBACK = 'The server refused this step.';

/** What the tabs tell each other: only that the outbox changed (each reads it again). */
type ChannelLike = Pick<BroadcastChannel, 'postMessage'> & {
  onmessage: ((event: MessageEvent) => void) | null;
};

export interface FieldOutboxDeps {
  db: FieldDBSource;
  fetch: (path: string, init: RequestInit) => Promise<Response>;
  now?: () => Date;
  /** The Idempotency-Key of a new step. */
  randomKey?: () => string;
  /** navigator.locks, so one tab sends at a time. */
  locks?: Pick<LockManager, 'request'>;
  /** Opens the BroadcastChannel that carries changes to the other tabs. */
  channel?: (name: string) => ChannelLike;
}

type StepRequest = Pick<OutboxStep, 'method' | 'path' | 'body'>;

function requestFor(
  jobId: number,
  kind: FieldStepKind,
  body: Record<string, unknown>,
  occurredAt: string,
): StepRequest {
  switch (kind) {
    case 'hand_back':
      // The route takes no occurredAt.
      return {
        method: 'POST',
        path: `/api/appointments/${jobId}/hand-back`,
        body: { reason: body.reason },
      };
    case 'battery_test':
      return {
        method: 'POST',
        path: `/api/appointments/${jobId}/battery-tests`,
        body: { ...body, occurredAt },
      };
    case 'photo': {
      // The image is the body: what it is of, and when, go in the query.
      const query = new URLSearchParams({ kind: String(body.kind), occurredAt });
      if (typeof body.signedBy === 'string') query.set('signedBy', body.signedBy);
      return { method: 'POST', path: `/api/appointments/${jobId}/photos?${query}`, body };
    }
    case 'payment':
      // By the job: the phone may not know the invoice yet (503 until it is issued: sent again).
      return {
        method: 'POST',
        path: `/api/appointments/${jobId}/payments`,
        body: { ...body, occurredAt },
      };
    case 'complete':
      return {
        method: 'POST',
        path: '/api/service-records',
        body: { ...body, appointmentId: jobId, occurredAt },
      };
    default:
      return {
        method: 'PATCH',
        path: `/api/appointments/${jobId}/status`,
        body: { ...body, status: kind, occurredAt },
      };
  }
}

/** What an answer means for the step sent: gone, refused (kept), or stop and try later. */
type Outcome = 'sent' | 'refused' | Exclude<FlushResult, 'done'>;

function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 401) return 'signed-out';
  if (status === 408 || status === 429 || status >= 500) return 'offline';
  // 400, 403, 404, 409, 422 (and any other 4xx): the server will not change its mind.
  if (status >= 400) return 'refused';
  // Anything else (a redirect not followed, say) is no answer from the API: try later.
  return 'offline';
}

/**
 * A 403 that says the session waits for its second step (MFA_REQUIRED, issue 38) is a sign-in to
 * finish, not a refusal: the step is kept and goes once signed in.
 */
async function waitsForSecondStep(res: Response): Promise<boolean> {
  if (res.status !== 403) return false;
  const answer: unknown = await res
    .clone()
    .json()
    .catch(() => null);
  return (answer as { code?: unknown } | null)?.code === ERROR_CODES.mfaRequired;
}

async function refusalOf(res: Response): Promise<string> {
  const answer: unknown = await res.json().catch(() => null);
  const message = (answer as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message.trim() : REFUSAL_FALLBACK;
}

/** The field app's outbox (see `FieldOutbox`) on the database and the network given. */
export function createFieldOutbox(deps: FieldOutboxDeps): FieldOutbox {
  const { db, now = () => new Date(), randomKey = () => crypto.randomUUID(), locks } = deps;
  const listeners = new Set<() => void>();
  let channel: ChannelLike | undefined;
  let flushing: Promise<FlushResult> | null = null;
  /** A flush was asked for while one was under way (signal back mid-send): one more pass. */
  let askedAgain = false;

  const notify = () => listeners.forEach((listener) => listener());
  // Opened on first use and kept: it carries this tab's changes out and the other tabs' in.
  const openChannel = () => {
    if (!channel && deps.channel) {
      channel = deps.channel(OUTBOX);
      channel.onmessage = notify;
    }
    return channel;
  };
  const changed = () => {
    notify();
    openChannel()?.postMessage('changed');
  };

  async function update(step: OutboxStep): Promise<void> {
    await (await db()).put('outbox', step);
    changed();
  }

  /** Sends one step and records what came of it. */
  async function send(step: OutboxStep): Promise<Outcome> {
    const tried = { ...step, attempts: step.attempts + 1 };
    let res: Response;
    try {
      res = await deps.fetch(step.path, {
        method: step.method,
        credentials: 'same-origin',
        headers: {
          'Content-Type': step.file ? step.file.type : 'application/json',
          'Idempotency-Key': step.key,
        },
        body: step.file ?? JSON.stringify(step.body),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    } catch {
      await update(tried);
      return 'offline';
    }
    let outcome = outcomeOf(res.status);
    if (outcome === 'refused' && (await waitsForSecondStep(res))) outcome = 'signed-out';
    if (outcome === 'sent') {
      await (await db()).delete('outbox', step.seq);
      changed();
    } else if (outcome === 'refused') {
      await update({ ...tried, state: 'refused', refusal: await refusalOf(res) });
    } else {
      await update(tried);
    }
    return outcome;
  }

  /** Sends the waiting steps in seq order, reading the outbox again before each (steps taken meanwhile go too). */
  async function sendWaiting(): Promise<FlushResult> {
    let after = 0;
    for (;;) {
      const steps = await (await db()).getAll('outbox');
      const next = steps.find((step) => step.seq > after && step.state === 'waiting');
      if (!next) return 'done';
      const outcome = await send(next);
      if (outcome === 'offline' || outcome === 'signed-out') return outcome;
      after = next.seq;
    }
  }

  return {
    async take({ jobId, customerName, kind, body = {}, file, occurredAt = now() }) {
      const at = occurredAt.toISOString();
      const unsent = {
        key: randomKey(),
        jobId,
        customerName,
        file,
        kind,
        ...requestFor(jobId, kind, body, at),
        occurredAt: at,
        state: 'waiting' as const,
        refusal: null,
        attempts: 0,
      };
      // No seq: the store's key generator gives the next one (an explicit undefined would be refused).
      const seq = await (await db()).add('outbox', unsent as OutboxStep);
      changed();
      return { ...unsent, seq };
    },

    flush() {
      // One flush per tab at a time; the lock makes it one across tabs. One asked for meanwhile
      // (the signal came back while a send was failing) is one more pass, not a wait for the retry.
      if (flushing) {
        askedAgain = true;
        return flushing;
      }
      flushing = (async () => {
        let result: FlushResult;
        do {
          askedAgain = false;
          result = await (locks ? locks.request(OUTBOX, sendWaiting) : sendWaiting());
        } while (askedAgain && result === 'offline');
        return result;
      })().finally(() => {
        flushing = null;
      });
      return flushing;
    },

    async list() {
      return (await db()).getAll('outbox');
    },

    async dismiss(seq) {
      await (await db()).delete('outbox', seq);
      changed();
    },

    subscribe(listener) {
      listeners.add(listener);
      openChannel();
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
