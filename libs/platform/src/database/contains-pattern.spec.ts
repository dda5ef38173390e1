import { containsPattern } from './contains-pattern';

describe('containsPattern', () => {
  it('matches the text anywhere and keeps typed wildcards literal', () => {
    expect(containsPattern('HX-2025')).toBe('%HX-2025%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
