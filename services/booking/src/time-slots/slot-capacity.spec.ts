import { isSlotFull, slotCapacity, slotLockKey } from './slot-capacity';

describe('slot capacity', () => {
  it('is SLOT_CAPACITY when configured, whatever technicians booking knows', () => {
    expect(slotCapacity(2, 0)).toBe(2);
    expect(slotCapacity(3, 7)).toBe(3);
  });

  it('is the number of known technicians when not configured', () => {
    expect(slotCapacity(undefined, 4)).toBe(4);
  });

  it('is at least one, so an empty technicians table does not close the grid', () => {
    expect(slotCapacity(undefined, 0)).toBe(1);
  });

  it('is full once the bookings reach it', () => {
    expect(isSlotFull(1, 2)).toBe(false);
    expect(isSlotFull(2, 2)).toBe(true);
    expect(isSlotFull(3, 2)).toBe(true);
  });

  it('locks one hour of one day', () => {
    expect(slotLockKey('2030-06-15', 9)).toBe('2030-06-15T09');
    expect(slotLockKey('2030-06-15', 9)).not.toBe(slotLockKey('2030-06-15', 10));
  });
});
