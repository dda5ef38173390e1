import { VIN_MESSAGES } from '@cincy/contracts';
import { readVin } from './vin-field.util';

const NOW = new Date('2026-11-29T12:00:00Z');
const choices = {
  years: Array.from({ length: 30 }, (_, i) => String(2026 - i)),
  makes: ['Honda', 'Toyota', 'Ford'],
};
const read = (text: string, left = false) => readVin(text, choices, left, NOW);

describe('the booking form reads a VIN as it is typed', () => {
  it('fills the year and make of a good one, and says so', () => {
    expect(read('1hgcm82633a004352')).toEqual({
      fill: { vehicleYear: '2003', vehicleMake: 'Honda' },
      hint: 'From the VIN: 2003 Honda. Choose the model.',
    });
  });

  it('says nothing while it is short, unless the field is left short', () => {
    expect(read('1HGCM8263')).toEqual({});
    expect(read('1HGCM8263', true)).toEqual({ error: VIN_MESSAGES.length });
    expect(read('  ', true)).toEqual({});
  });

  it('says a mistyped one is mistyped, and fills nothing', () => {
    expect(read('1HGCM82633A004452')).toEqual({ error: VIN_MESSAGES.checkDigit });
    expect(read('1HGCM82633A0O4352')).toEqual({ error: VIN_MESSAGES.characters });
  });

  it('leaves what the form does not list to the customer', () => {
    // 1989: older than the 30 years listed; a maker the form does not list.
    expect(read('1M8GDM9AXKP042788')).toEqual({
      fill: {},
      hint: 'From the VIN: 1989. Choose the make and model.',
    });
  });
});
