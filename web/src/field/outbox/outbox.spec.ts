import 'fake-indexeddb/auto';
import { BroadcastChannel } from 'node:worker_threads';
import { openFieldDB, type FieldDB } from './field-db';
import { createFieldOutbox, type FieldOutboxDeps } from './outbox';
import type { FieldOutbox } from './types';

const NOW = new Date('2026-11-28T14:00:00.000Z');

/** A server that answers each request with the next status given (200 once they run out). */
function fakeServer() {
  const requests: { path: string; init: RequestInit }[] = [];
  const answers: (number | 'no signal' | { status: number; message: string; code?: string })[] = [];
  const fetch = jest.fn(async (path: string, init: RequestInit) => {
    requests.push({ path, init });
    const answer = answers.shift() ?? 200;
    if (answer === 'no signal') throw new TypeError('Failed to fetch');
    const { status, message, code } =
      typeof answer === 'number' ? { status: answer, message: undefined, code: undefined } : answer;
    return new Response(JSON.stringify(message ? { message, code } : {}), { status });
  });
  const sent = () =>
    requests.map(
      (r) => `${r.path} ${(r.init.headers as Record<string, string>)['Idempotency-Key']}`,
    );
  return { fetch, requests, answers, sent };
}

let dbCount = 0;
let db: FieldDB;
let server: ReturnType<typeof fakeServer>;

beforeEach(async () => {
  db = await openFieldDB({ name: `outbox-test-${++dbCount}` });
  server = fakeServer();
});
afterEach(() => db.close());

function outbox(deps: Partial<FieldOutboxDeps> = {}): FieldOutbox {
  let keys = 0;
  return createFieldOutbox({
    db: async () => db,
    fetch: server.fetch,
    now: () => NOW,
    randomKey: () => `key-${++keys}`,
    ...deps,
  });
}

describe('take', () => {
  it('writes each kind of step as the request its route takes, waiting, with its own key', async () => {
    const box = outbox();
    const at = new Date('2026-11-28T13:55:00.000Z');
    await box.take({ jobId: 12, kind: 'en_route' });
    await box.take({
      jobId: 12,
      kind: 'on_location',
      body: { arrivalCode: '0482' },
      occurredAt: at,
    });
    await box.take({
      jobId: 12,
      kind: 'complete',
      body: { customerId: 3, serviceCode: 'jump_start' },
    });
    await box.take({ jobId: 13, kind: 'hand_back', body: { reason: 'Flat tyre' } });
    await box.take({ jobId: 12, kind: 'payment', body: { method: 'cash', amountCents: 17_000 } });

    const steps = await box.list();
    expect(
      steps.map(({ seq, key, method, path, body }) => ({ seq, key, method, path, body })),
    ).toEqual([
      {
        seq: 1,
        key: 'key-1',
        method: 'PATCH',
        path: '/api/appointments/12/status',
        body: { status: 'en_route', occurredAt: NOW.toISOString() },
      },
      {
        seq: 2,
        key: 'key-2',
        method: 'PATCH',
        path: '/api/appointments/12/status',
        body: { arrivalCode: '0482', status: 'on_location', occurredAt: at.toISOString() },
      },
      {
        seq: 3,
        key: 'key-3',
        method: 'POST',
        path: '/api/service-records',
        body: {
          customerId: 3,
          serviceCode: 'jump_start',
          appointmentId: 12,
          occurredAt: NOW.toISOString(),
        },
      },
      {
        seq: 4,
        key: 'key-4',
        method: 'POST',
        path: '/api/appointments/13/hand-back',
        body: { reason: 'Flat tyre' },
      },
      {
        seq: 5,
        key: 'key-5',
        method: 'POST',
        path: '/api/appointments/12/payments',
        body: { method: 'cash', amountCents: 17_000, occurredAt: NOW.toISOString() },
      },
    ]);
    expect(steps[1]).toMatchObject({
      jobId: 12,
      kind: 'on_location',
      occurredAt: at.toISOString(),
      state: 'waiting',
      refusal: null,
      attempts: 0,
    });
  });
});

describe('flush', () => {
  it('sends the steps in the order taken, each with its key, and empties the outbox', async () => {
    const box = outbox();
    await box.take({ jobId: 12, kind: 'accepted' });
    await box.take({ jobId: 12, kind: 'en_route' });

    expect(await box.flush()).toBe('done');
    expect(server.sent()).toEqual([
      '/api/appointments/12/status key-1',
      '/api/appointments/12/status key-2',
    ]);
    expect(server.requests[0].init).toMatchObject({
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'key-1' },
      body: JSON.stringify({ status: 'accepted', occurredAt: NOW.toISOString() }),
    });
    expect(await box.list()).toEqual([]);
  });

  it('keeps the step with its attempt counted when there is no signal, and sends it later with the same key', async () => {
    const box = outbox();
    await box.take({ jobId: 12, kind: 'en_route' });
    await box.take({ jobId: 12, kind: 'on_location' });
    server.answers.push('no signal');

    expect(await box.flush()).toBe('offline');
    expect(server.sent()).toEqual(['/api/appointments/12/status key-1']);
    expect((await box.list()).map((s) => [s.key, s.state, s.attempts])).toEqual([
      ['key-1', 'waiting', 1],
      ['key-2', 'waiting', 0],
    ]);

    expect(await box.flush()).toBe('done');
    expect(server.sent().slice(1)).toEqual([
      '/api/appointments/12/status key-1',
      '/api/appointments/12/status key-2',
    ]);
  });

  it('stops at 401 keeping every step, and sends them all once signed in again', async () => {
    const box = outbox();
    await box.take({ jobId: 12, kind: 'en_route' });
    await box.take({ jobId: 12, kind: 'on_location' });
    server.answers.push(401);

    expect(await box.flush()).toBe('signed-out');
    expect(server.requests).toHaveLength(1);
    expect((await box.list()).map((s) => [s.key, s.state])).toEqual([
      ['key-1', 'waiting'],
      ['key-2', 'waiting'],
    ]);

    expect(await box.flush()).toBe('done');
    expect(server.sent().slice(1)).toEqual([
      '/api/appointments/12/status key-1',
      '/api/appointments/12/status key-2',
    ]);
    expect(await box.list()).toEqual([]);
  });

  it('keeps the steps when the session waits for its second step (403 MFA_REQUIRED)', async () => {
    const box = outbox();
    await box.take({ jobId: 12, kind: 'en_route' });
    server.answers.push({
      status: 403,
      message: 'Finish signing in with your second step first.',
      code: 'MFA_REQUIRED',
    });

    expect(await box.flush()).toBe('signed-out');
    expect((await box.list()).map((s) => [s.key, s.state])).toEqual([['key-1', 'waiting']]);
    expect(await box.flush()).toBe('done');
    expect(await box.list()).toEqual([]);
  });

  it("keeps a refused step with the server's message and still sends the next", async () => {
    const box = outbox();
    await box.take({ jobId: 12, kind: 'en_route' });
    await box.take({ jobId: 14, kind: 'accepted' });
    await box.take({ jobId: 15, kind: 'accepted' });
    server.answers.push(
      { status: 409, message: "This job is Dana's now (since 2:14 PM)." },
      200,
      422,
    );

    expect(await box.flush()).toBe('done');
    expect(server.sent()).toEqual([
      '/api/appointments/12/status key-1',
      '/api/appointments/14/status key-2',
      '/api/appointments/15/status key-3',
    ]);
    expect((await box.list()).map((s) => [s.seq, s.state, s.refusal, s.attempts])).toEqual([
      [1, 'refused', "This job is Dana's now (since 2:14 PM).", 1],
      [3, 'refused', 'The server refused this step.', 1],
    ]);

    // A refused step is not sent again; the technician dismisses it.
    expect(await box.flush()).toBe('done');
    expect(server.requests).toHaveLength(3);
    await box.dismiss(1);
    expect((await box.list()).map((s) => s.seq)).toEqual([3]);
  });

  it.each([503, 500, 429, 408])('stops at %i and keeps the order for later', async (status) => {
    const box = outbox();
    await box.take({ jobId: 12, kind: 'en_route' });
    await box.take({ jobId: 12, kind: 'on_location' });
    server.answers.push(status);

    expect(await box.flush()).toBe('offline');
    expect(server.requests).toHaveLength(1);
    expect((await box.list()).map((s) => [s.seq, s.state, s.attempts])).toEqual([
      [1, 'waiting', 1],
      [2, 'waiting', 0],
    ]);
  });

  it('sends each step once when flushed twice at once in a tab', async () => {
    const box = outbox();
    await box.take({ jobId: 12, kind: 'en_route' });
    await box.take({ jobId: 12, kind: 'on_location' });

    const first = box.flush();
    expect(box.flush()).toBe(first);
    expect(await Promise.all([first, box.flush()])).toEqual(['done', 'done']);
    expect(server.sent()).toEqual([
      '/api/appointments/12/status key-1',
      '/api/appointments/12/status key-2',
    ]);
  });

  it('sends each step once when two tabs flush at once (one holds the lock)', async () => {
    const locks = fakeLocks();
    const tabA = outbox({ locks });
    const tabB = outbox({ locks });
    await tabA.take({ jobId: 12, kind: 'en_route' });
    await tabA.take({ jobId: 12, kind: 'on_location' });

    expect(await Promise.all([tabA.flush(), tabB.flush()])).toEqual(['done', 'done']);
    expect(server.sent()).toEqual([
      '/api/appointments/12/status key-1',
      '/api/appointments/12/status key-2',
    ]);
  });
});

describe('a flush asked for while one is under way', () => {
  it('is one more pass: the signal came back while a send was failing', async () => {
    const box = outbox();
    await box.take({ jobId: 12, kind: 'en_route' });
    server.answers.push('no signal');
    const first = box.flush(); // fails: no signal
    const second = box.flush(); // the phone is online again meanwhile
    expect(await first).toBe('done');
    expect(await second).toBe('done');
    expect(server.requests).toHaveLength(2);
    expect(await box.list()).toEqual([]);
  });
});

describe('a photo', () => {
  it('is kept with its image until sent, then goes as the body itself, what it is of in the query', async () => {
    const box = outbox();
    const image = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' });
    await box.take({
      jobId: 12,
      kind: 'photo',
      body: { kind: 'signature', signedBy: 'Robin Banks' },
      file: image,
    });
    const [kept] = await box.list();
    expect(kept.file?.size).toBe(4);
    server.answers.push('no signal');
    expect(await box.flush()).toBe('offline');
    expect(await box.flush()).toBe('done');

    const { path, init } = server.requests[1];
    expect(path).toBe(
      `/api/appointments/12/photos?kind=signature&occurredAt=${encodeURIComponent(NOW.toISOString())}&signedBy=Robin+Banks`,
    );
    expect(init.headers).toEqual({ 'Content-Type': 'image/jpeg', 'Idempotency-Key': 'key-1' });
    expect(new Uint8Array(await (init.body as Blob).arrayBuffer())).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
    );
    expect(await box.list()).toEqual([]);
  });
});

describe('subscribe', () => {
  const channels: BroadcastChannel[] = [];
  const channel = (name: string) => {
    const opened = new BroadcastChannel(name);
    channels.push(opened);
    return opened as unknown as globalThis.BroadcastChannel;
  };
  afterEach(() => channels.splice(0).forEach((c) => c.close()));

  it('tells listeners in this tab of each change, until unsubscribed', async () => {
    const box = outbox();
    const listener = jest.fn();
    const off = box.subscribe(listener);
    const step = await box.take({ jobId: 12, kind: 'en_route' });
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    await box.dismiss(step.seq);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("tells another tab's listeners of a change made here", async () => {
    const here = outbox({ channel });
    const there = outbox({ channel });
    const heard = new Promise<void>((resolve) => there.subscribe(resolve));

    await here.take({ jobId: 12, kind: 'en_route' });
    await heard;
    expect((await there.list()).map((s) => s.kind)).toEqual(['en_route']);
  }, 1000);
});

/** navigator.locks for one lock name: each request runs after the one before it ends. */
function fakeLocks(): Pick<LockManager, 'request'> {
  let held: Promise<unknown> = Promise.resolve();
  return {
    request: (<T>(_name: string, callback: () => Promise<T>) => {
      const run = held.then(callback);
      held = run.catch(() => undefined);
      return run;
    }) as LockManager['request'],
  };
}
