import fc from 'fast-check';
import {
  VIN_MESSAGES,
  decodeVin,
  normalizeVin,
  vinCheckDigit,
  vinModelYear,
  vinProblem,
} from './vin';

const NOW = new Date('2026-11-29T12:00:00Z');
/** The VIN with its 9th character set to what its others make it. */
const withCheckDigit = (vin: string) => {
  const zero = `${vin.slice(0, 8)}0${vin.slice(9)}`;
  return `${vin.slice(0, 8)}${vinCheckDigit(zero)}${vin.slice(9)}`;
};

describe('a VIN', () => {
  it('is valid when its 9th character is its check digit (49 CFR 565.15), X standing for 10', () => {
    // Published examples: a 2003 Honda Accord, the regulation's own, a 1989 with X.
    for (const vin of ['1HGCM82633A004352', '11111111111111111', '1M8GDM9AXKP042788'])
      expect(vinProblem(vin)).toBeNull();
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });

  it('says what is wrong: its length, a letter never used, a mistyped character', () => {
    expect(vinProblem('1HGCM82633A00435')).toBe(VIN_MESSAGES.length);
    expect(vinProblem('1HGCM82633A0O4352')).toBe(VIN_MESSAGES.characters);
    // One character typed wrong (4 for 3 in the serial): the check digit no longer matches.
    expect(vinProblem('1HGCM82633A004452')).toBe(VIN_MESSAGES.checkDigit);
  });

  it('catches any one mistyped character (but for one of the same value, like A for 1)', () => {
    // The regulation's values, written out again as the test's own oracle.
    const value = (c: string) =>
      /\d/.test(c)
        ? Number(c)
        : '12345678.12345.7.923456789'['ABCDEFGHIJKLMNOPQRSTUVWXYZ'.indexOf(c)];
    const chars = [...'0123456789ABCDEFGHJKLMNPRSTUVWXYZ'];
    const vin = fc
      .array(fc.constantFrom(...chars), { minLength: 17, maxLength: 17 })
      .map((c) => withCheckDigit(c.join('')));
    fc.assert(
      fc.property(vin, fc.integer({ min: 0, max: 16 }), fc.constantFrom(...chars), (v, i, c) => {
        expect(vinProblem(v)).toBeNull();
        const typo = `${v.slice(0, i)}${c}${v.slice(i + 1)}`;
        // Every weight is 2-10 and 11 is prime: a changed value always changes the sum mod 11.
        if (i !== 8 && String(value(c)) !== String(value(v[i])))
          expect(vinProblem(typo)).toBe(VIN_MESSAGES.checkDigit);
      }),
    );
  });

  it('reads as typed: spaces, dashes and lower case', () => {
    expect(normalizeVin(' 1hgcm-8263 3a004352 ')).toBe('1HGCM82633A004352');
  });

  it('tells the make the booking form lists, and its model year by the 10th and 7th characters', () => {
    expect(decodeVin('1HGCM82633A004352', NOW)).toEqual({
      vin: '1HGCM82633A004352',
      make: 'Honda',
      modelYear: 2003,
    });
    // A letter in the 7th place: the cycle from 2010 (L is 2020 there, 1990 before).
    expect(vinModelYear('4T1B11HK5LU000000', NOW)).toBe(2020);
    expect(vinModelYear('4T1B112K5LU000000', NOW)).toBe(1990);
    // A year more than one ahead is read 30 years earlier.
    expect(vinModelYear('1FTFW1E50YFA00000', NOW)).toBe(2000);
    // Not a maker of the list, or one shared by several makes: no make, the year still read.
    expect(decodeVin(withCheckDigit('1C4RJFAG0FC000000'), NOW)).toMatchObject({
      make: null,
      modelYear: 2015,
    });
    expect(decodeVin(withCheckDigit('ZFF00000000000000'), NOW).make).toBeNull();
  });

  it('refuses to read an invalid one', () => {
    expect(() => decodeVin('1HGCM82633A004452', NOW)).toThrow(VIN_MESSAGES.checkDigit);
  });
});
