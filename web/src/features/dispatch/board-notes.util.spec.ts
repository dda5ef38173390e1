import { handBackText, modeText, waitText } from './board-notes.util';

describe('waitText', () => {
  it('reads the estimated wait, or that nobody is on shift', () => {
    expect(waitText({ estimatedWaitMinutes: 12 })).toBe('about 12 min wait');
    expect(waitText({ estimatedWaitMinutes: 65 })).toBe('about 1 h 5 min wait');
    expect(waitText({ estimatedWaitMinutes: null })).toBe('No technician on shift');
  });
});

describe('modeText', () => {
  it('names the mode that is on', () => {
    expect(modeText(true)).toMatch(/^Auto-dispatch is on/);
    expect(modeText(false)).toMatch(/^Auto-dispatch is off/);
  });
});

describe('handBackText', () => {
  it('names who handed the job back and why', () => {
    expect(handBackText({ by: 'Dana', reason: 'flat tire', at: '2030-06-14T12:00:00.000Z' })).toBe(
      'Handed back by Dana: flat tire',
    );
  });
});
