/**
 * @jest-environment jsdom
 */
import { startOutboxSync, waitingCount } from './sync';
import type { FieldOutbox, FlushResult, OutboxStep } from './types';

const step = (seq: number, state: OutboxStep['state'], occurredAt: string): OutboxStep => ({
  seq,
  key: `key-${seq}`,
  jobId: 12,
  kind: 'en_route',
  method: 'PATCH',
  path: '/api/appointments/12/status',
  body: {},
  occurredAt,
  state,
  refusal: null,
  attempts: 0,
});

describe('startOutboxSync', () => {
  let steps: OutboxStep[];
  let outbox: FieldOutbox & { flush: jest.Mock };
  let results: FlushResult[];
  let stop: () => void;

  beforeEach(() => {
    jest.useFakeTimers();
    steps = [];
    results = [];
    outbox = {
      take: jest.fn(),
      flush: jest.fn(async () => 'offline' as const),
      list: jest.fn(async () => steps),
      dismiss: jest.fn(),
      subscribe: jest.fn(),
    };
    stop = startOutboxSync(outbox, { onResult: (result) => results.push(result) });
  });
  afterEach(() => {
    stop();
    jest.useRealTimers();
  });

  it('sends at start and tells the result', async () => {
    await jest.advanceTimersByTimeAsync(0);
    expect(outbox.flush).toHaveBeenCalledTimes(1);
    expect(results).toEqual(['offline']);
  });

  it('sends when the phone is back online and when the app is looked at again', async () => {
    window.dispatchEvent(new Event('online'));
    await jest.advanceTimersByTimeAsync(0);
    expect(outbox.flush).toHaveBeenCalledTimes(2);

    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(outbox.flush).toHaveBeenCalledTimes(2);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(outbox.flush).toHaveBeenCalledTimes(3);
    visibility.mockRestore();
  });

  it('tries every 30 s while a step waits, and not when none does', async () => {
    await jest.advanceTimersByTimeAsync(30_000);
    expect(outbox.flush).toHaveBeenCalledTimes(1);
    steps = [step(1, 'refused', '2026-11-28T14:00:00.000Z')];
    await jest.advanceTimersByTimeAsync(30_000);
    expect(outbox.flush).toHaveBeenCalledTimes(1);
    steps = [step(2, 'waiting', '2026-11-28T14:01:00.000Z')];
    await jest.advanceTimersByTimeAsync(30_000);
    expect(outbox.flush).toHaveBeenCalledTimes(2);
  });

  it('does nothing once stopped', async () => {
    await jest.advanceTimersByTimeAsync(0);
    stop();
    steps = [step(1, 'waiting', '2026-11-28T14:00:00.000Z')];
    window.dispatchEvent(new Event('online'));
    await jest.advanceTimersByTimeAsync(60_000);
    expect(outbox.flush).toHaveBeenCalledTimes(1);
  });
});

it('counts the waiting steps, not the refused ones', () => {
  const steps = [
    step(1, 'refused', '2026-11-28T13:00:00.000Z'),
    step(2, 'waiting', '2026-11-28T14:05:00.000Z'),
    step(3, 'waiting', '2026-11-28T14:01:00.000Z'),
  ];
  expect(waitingCount(steps)).toBe(2);
});
