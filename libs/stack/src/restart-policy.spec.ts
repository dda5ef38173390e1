import { RESTART, restartDelayMs } from './restart-policy';

describe('restartDelayMs', () => {
  it('waits half a second first, then doubles up to 30 s while the process keeps crashing', () => {
    const delays: number[] = [];
    let last = 0;
    for (let i = 0; i < 9; i++) delays.push((last = restartDelayMs(last, 1_000)));
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('starts over once the process had stayed up a minute', () => {
    expect(restartDelayMs(30_000, RESTART.healthyAfterMs)).toBe(500);
    expect(restartDelayMs(30_000, RESTART.healthyAfterMs - 1)).toBe(30_000);
  });
});
