import {
  SERVED_STATES,
  US_STATES,
  formatLocation,
  formatPhone,
  phoneDigits,
  stateCode,
  toE164,
  vehicleLabel,
} from './format';

describe('phoneDigits', () => {
  it.each([
    ['(513) 555-0188', '5135550188'],
    ['513-555-0188', '5135550188'],
    ['5135550188', '5135550188'],
    ['+1 513 555 0188', '5135550188'],
    ['1 (513) 555-0188', '5135550188'],
    // Not a US number with a leading 1: only the digits.
    ['+44 20 7946 0958', '442079460958'],
    ['15135550', '15135550'],
    ['', ''],
  ])('%s → %s', (typed, digits) => expect(phoneDigits(typed)).toBe(digits));
});

describe('formatPhone', () => {
  it.each([
    ['5135550188', '(513) 555-0188'],
    ['(513) 555-0188', '(513) 555-0188'],
    ['513.555.0188', '(513) 555-0188'],
    ['+15135550188', '(513) 555-0188'],
    ['15135550188', '(513) 555-0188'],
  ])('reads %s as %s', (typed, shown) => expect(formatPhone(typed)).toBe(shown));

  it('leaves anything but ten digits as given', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('555-0188')).toBe('555-0188');
    expect(formatPhone('')).toBe('');
  });

  it('reads a stored phone (digits) the same as the typed one', () => {
    for (const typed of ['(513) 555-0188', '513 555 0188', '+1-513-555-0188'])
      expect(formatPhone(phoneDigits(typed))).toBe(formatPhone(typed));
  });
});

describe('toE164', () => {
  it('is +1 and the ten digits, or null', () => {
    expect(toE164('(513) 555-0188')).toBe('+15135550188');
    expect(toE164('15135550188')).toBe('+15135550188');
    expect(toE164('555-0188')).toBeNull();
  });
});

describe('US_STATES and stateCode', () => {
  it('has the 50 states and DC, with the served ones', () => {
    expect(Object.keys(US_STATES)).toHaveLength(51);
    expect(SERVED_STATES.map((code) => US_STATES[code])).toEqual(['Ohio', 'Kentucky', 'Indiana']);
  });

  it.each([
    ['Ohio', 'OH'],
    ['ohio', 'OH'],
    [' OH ', 'OH'],
    ['ky', 'KY'],
    ['Indiana', 'IN'],
    ['West  Virginia', 'WV'],
    ['district of columbia', 'DC'],
  ])('%s → %s', (text, code) => expect(stateCode(text)).toBe(code));

  it('is null for anything else', () => {
    for (const text of ['', 'Ohioo', 'XX', 'Cincinnati', 'constructor', 'TO'])
      expect(stateCode(text)).toBeNull();
  });

  it('names every code back', () => {
    for (const [code, name] of Object.entries(US_STATES)) {
      expect(stateCode(code)).toBe(code);
      expect(stateCode(name)).toBe(code);
    }
  });
});

describe('formatLocation', () => {
  it.each([
    ['1200 Vine St, Cincinnati, Ohio 45202', '1200 Vine St, Cincinnati, OH 45202'],
    ['1 Main St, Covington, Kentucky 41011', '1 Main St, Covington, KY 41011'],
    ['9 Elm St, Lawrenceburg, indiana 47025-1234', '9 Elm St, Lawrenceburg, IN 47025-1234'],
    ['5 High St, Wheeling, West Virginia 26003', '5 High St, Wheeling, WV 26003'],
    ['5 Oak St, Richmond, Virginia 23219', '5 Oak St, Richmond, VA 23219'],
    ['2 Pike St, Albany, New  York 12207', '2 Pike St, Albany, NY 12207'],
  ])('%s → %s', (typed, stored) => expect(formatLocation(typed)).toBe(stored));

  it('leaves a code, a street named after a state and an address without a ZIP as typed', () => {
    for (const address of [
      '1200 Vine St, Cincinnati, OH 45202',
      '400 Ohio Ave, Cincinnati, OH 45219',
      '1 Indiana St, Lawrenceburg',
      'Fountain Square, Cincinnati, Ohio',
      '',
    ])
      expect(formatLocation(address)).toBe(address);
  });

  it('is idempotent', () => {
    const once = formatLocation('1200 Vine St, Cincinnati, Ohio 45202');
    expect(formatLocation(once)).toBe(once);
  });
});

describe('vehicleLabel', () => {
  const none = { vehicleYear: null, vehicleMake: null, vehicleModel: null, vehicleColor: null };
  it('writes a vehicle as the booking form does, whatever of it is known', () => {
    const camry = { vehicleYear: '2019', vehicleMake: 'Toyota', vehicleModel: 'Camry' };
    expect(vehicleLabel({ ...none, ...camry, vehicleColor: 'Blue' })).toBe(
      '2019 Toyota Camry (Blue)',
    );
    expect(vehicleLabel({ ...none, ...camry })).toBe('2019 Toyota Camry');
    expect(
      vehicleLabel({ ...none, vehicleMake: 'Ford', vehicleModel: ' ', vehicleColor: 'red' }),
    ).toBe('Ford (red)');
    expect(vehicleLabel({ ...none, vehicleColor: 'red' })).toBe('(red)');
    expect(vehicleLabel({ ...none, vehicleMake: '  ' })).toBeNull();
  });
});
