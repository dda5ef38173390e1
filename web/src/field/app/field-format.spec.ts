import { ago, waitingLine } from './field-format';

describe('field-format', () => {
  const now = new Date('2030-06-14T16:00:00.000Z');
  const before = (ms: number) => new Date(now.getTime() - ms);

  it('says how old the jobs on screen are', () => {
    expect(ago(before(20_000), now)).toBe('just now');
    expect(ago(before(2 * 60_000 + 5_000), now)).toBe('2 min ago');
    expect(ago(before(3 * 3_600_000), now)).toBe('3 h ago');
  });

  it('counts the steps waiting for signal', () => {
    expect(waitingLine(1)).toBe('1 step waiting for signal');
    expect(waitingLine(3)).toBe('3 steps waiting for signal');
  });
});
