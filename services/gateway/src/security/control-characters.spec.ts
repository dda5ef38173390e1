import { controlCharacterAt } from './control-characters';

describe('controlCharacterAt', () => {
  it('finds a NUL or another control character in a string, an array or an object, keys too', () => {
    expect(controlCharacterAt('ab\u0000c')).toBe('_');
    expect(controlCharacterAt({ name: 'Jane\u0000' })).toBe('name');
    expect(controlCharacterAt({ customer: { notes: ['ok', 'bell\u0007'] } })).toBe(
      'customer.notes.1',
    );
    expect(controlCharacterAt({ 'bad\u0001key': 1 })).toBe('bad?key');
    expect(controlCharacterAt({ serialNumber: 'x\u007f' })).toBe('serialNumber');
  });

  it('lets text with tabs and line breaks, numbers, booleans and null through', () => {
    expect(controlCharacterAt({ notes: 'line one\nline two\r\n\tindented' })).toBeNull();
    expect(
      controlCharacterAt({ n: 1, ok: true, none: null, nested: [1, { a: 'é ✓' }] }),
    ).toBeNull();
    expect(controlCharacterAt(undefined)).toBeNull();
  });
});
