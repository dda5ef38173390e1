import { QueueService, RECOMPUTE_AFTER_MS, RECOMPUTE_EVERY_MS } from './queue.service';

/** A queue service whose recomputations are only counted: what runs them is under test here. */
function countingService() {
  const passes: number[] = [];
  const outbox = {
    transaction: async () => {
      passes.push(Date.now());
      return { jobs: [], technicians: [], schedules: [] };
    },
  };
  const settings = { get: async () => ({ autoDispatch: false }) };
  const logger = { error: () => undefined, debug: () => undefined };
  const none = {} as never;
  const service = new QueueService(
    outbox as never,
    none,
    none,
    none,
    settings as never,
    none,
    none,
    none,
    logger as never,
    none,
  );
  return { service, passes };
}

describe('QueueService on the clock', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('recomputes every minute with no event (a shift begins, waits run down), until shutdown', async () => {
    const { service, passes } = countingService();
    service.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(RECOMPUTE_AFTER_MS);
    expect(passes).toHaveLength(1); // the start's
    await jest.advanceTimersByTimeAsync(RECOMPUTE_EVERY_MS);
    expect(passes).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(RECOMPUTE_EVERY_MS);
    expect(passes).toHaveLength(3);

    await service.beforeApplicationShutdown();
    await jest.advanceTimersByTimeAsync(5 * RECOMPUTE_EVERY_MS);
    expect(passes).toHaveLength(3);
  });
});
