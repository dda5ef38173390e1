import { isJetStreamBusy, whileJetStreamBusy } from './nats-connection';

const apiError = (message: string, code = '400') => Object.assign(new Error(message), { code });

describe('JetStream not answering yet', () => {
  it('is a 503, a timeout, or a durable asked for more replicas than its stream has so far', () => {
    expect(isJetStreamBusy(apiError('no responders', '503'))).toBe(true);
    expect(isJetStreamBusy(apiError('timeout', 'TIMEOUT'))).toBe(true);
    expect(isJetStreamBusy(apiError('consumer config replica count exceeds parent stream'))).toBe(
      true,
    );
    expect(isJetStreamBusy(apiError('consumer not found', '404'))).toBe(false);
    expect(isJetStreamBusy(apiError('insufficient resources'))).toBe(false);
    expect(isJetStreamBusy(undefined)).toBe(false);
  });

  it('is asked again until it answers; anything else fails at once', async () => {
    let calls = 0;
    const moved = await whileJetStreamBusy(async () => {
      calls += 1;
      if (calls < 3) throw apiError('consumer config replica count exceeds parent stream');
      return 3;
    });
    expect([moved, calls]).toEqual([3, 3]);

    let refused = 0;
    const failing = whileJetStreamBusy(async () => {
      refused += 1;
      throw apiError('insufficient resources');
    });
    await expect(failing).rejects.toThrow('insufficient resources');
    expect(refused).toBe(1);
  });
});
