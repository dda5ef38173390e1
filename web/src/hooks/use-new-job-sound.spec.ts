import { shouldPlayNewJobSound } from './use-new-job-sound';

describe('shouldPlayNewJobSound', () => {
  it('plays when the count grows and the user has no active job', () => {
    expect(shouldPlayNewJobSound(2, 3, false)).toBe(true);
  });

  it('stays quiet on the first load', () => {
    expect(shouldPlayNewJobSound(undefined, 3, false)).toBe(false);
  });

  it('stays quiet when the count does not grow', () => {
    expect(shouldPlayNewJobSound(3, 3, false)).toBe(false);
    expect(shouldPlayNewJobSound(3, 2, false)).toBe(false);
  });

  it('stays quiet while the user has an active job', () => {
    expect(shouldPlayNewJobSound(2, 3, true)).toBe(false);
  });
});
