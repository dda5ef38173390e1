import {
  batteryLabel,
  batteryStock,
  batteryTypeOf,
  bookedBatteryOf,
  canonicalGroup,
  fitsBattery,
  installedPrice,
  vehicleOf,
} from './fitment';

describe('fitment rules', () => {
  it("reads the year, make and model of the form's vehicle text, nothing else", () => {
    expect(vehicleOf('2019 Toyota Camry (Blue)')).toEqual({
      year: 2019,
      make: 'Toyota',
      model: 'Camry',
    });
    expect(vehicleOf(' 2021 Ford F-150 ')).toEqual({ year: 2021, make: 'Ford', model: 'F-150' });
    expect(vehicleOf('my old truck')).toBeNull();
    expect(vehicleOf(null)).toBeNull();
  });

  it('counts on the battery its rows agree on, none when they differ or there are none', () => {
    const h6 = { groupSize: 'H6', technology: 'AGM' as const };
    expect(bookedBatteryOf([h6, { ...h6 }])).toEqual(h6);
    expect(bookedBatteryOf([h6, { ...h6, technology: 'EFB' }])).toBeNull();
    expect(bookedBatteryOf([h6, { ...h6, groupSize: 'H7' }])).toBeNull();
    expect(bookedBatteryOf([])).toBeNull();
  });

  it('names a battery and prices it by its technology (the published prices)', () => {
    expect(batteryLabel({ groupSize: 'H6', technology: 'AGM' })).toBe('Group H6 AGM');
    expect(batteryLabel({ groupSize: '24F', technology: 'flooded' })).toBe('Group 24F');
    expect([installedPrice('AGM'), installedPrice('EFB'), installedPrice('flooded')]).toEqual([
      210, 165, 165,
    ]);
  });
});

describe('the battery an item is, and whether it fits', () => {
  it('reads the group and technology from the house names', () => {
    expect(batteryTypeOf('H6 AGM 760 CCA')).toEqual({ groupSize: 'H6', technology: 'AGM' });
    expect(batteryTypeOf('Group 24F Flooded 700 CCA')).toEqual({
      groupSize: '24F',
      technology: 'flooded',
    });
    expect(batteryTypeOf('EFB 94R')).toEqual({ groupSize: '94R', technology: 'EFB' });
    expect(batteryTypeOf('Terminal cleaner')).toBeNull();
    expect(batteryTypeOf('Battery 700 CCA')).toBeNull();
  });

  it('fits the same group (BCI or EN/DIN) of the technology needed or better', () => {
    const h6Agm = { groupSize: 'H6', technology: 'AGM' as const };
    expect(fitsBattery(h6Agm, { groupSize: '48', technology: 'AGM' })).toBe(true);
    expect(fitsBattery(h6Agm, { groupSize: '48', technology: 'flooded' })).toBe(true);
    expect(
      fitsBattery({ ...h6Agm, technology: 'flooded' }, { groupSize: '48', technology: 'AGM' }),
    ).toBe(false);
    expect(fitsBattery(h6Agm, { groupSize: 'H7', technology: 'AGM' })).toBe(false);
    expect(canonicalGroup(' ln4 ')).toBe('94R');
  });
});

describe('a battery stock against its reservations', () => {
  it('counts every unit of the items that are that battery, less one per visit counting on one', () => {
    const h6 = { groupSize: '48', technology: 'AGM' as const };
    const items = [
      { name: 'H6 AGM 760 CCA', quantity: 2 },
      { name: 'Group 48 AGM 800 CCA', quantity: 1 },
      { name: 'H6 Flooded', quantity: 5 },
      { name: 'H7 AGM', quantity: 4 },
    ];
    expect(batteryStock(h6, items, [h6, { ...h6, groupSize: 'H6' }])).toEqual({
      ...h6,
      onHand: 3,
      reserved: 2,
      free: 1,
    });
    expect(batteryStock(h6, items, [h6, h6, h6, h6]).free).toBe(0);
  });
});
