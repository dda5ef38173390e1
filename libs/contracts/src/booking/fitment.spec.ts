import { batteryLabel, bookedBatteryOf, installedPrice, vehicleOf } from './fitment';

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
