import { keepSameObjects } from './same-objects';

const item = (id: number, version: number, name = `Item ${id}`) => ({ id, version, name });

describe('keepSameObjects', () => {
  it('keeps the held list when the read one says the same', () => {
    const held = [item(1, 1), item(2, 3)];
    expect(keepSameObjects(held, [item(1, 1), item(2, 3)])).toBe(held);
  });

  it('keeps each unchanged item as the held object and takes the changed ones as read', () => {
    const held = [item(1, 1), item(2, 3)];
    const read = [item(1, 1), item(2, 4, 'Renamed')];
    const kept = keepSameObjects(held, read);
    expect(kept).not.toBe(held);
    expect(kept[0]).toBe(held[0]);
    expect(kept[1]).toBe(read[1]);
  });

  it('follows the read list: its order, its new items, what it left out', () => {
    const held = [item(1, 1), item(2, 1), item(3, 1)];
    const kept = keepSameObjects(held, [item(3, 1), item(1, 1), item(4, 1)]);
    expect(kept.map((i) => i.id)).toEqual([3, 1, 4]);
    expect(kept[0]).toBe(held[2]);
    expect(kept[1]).toBe(held[0]);
    expect(keepSameObjects(held, [item(2, 1), item(1, 1), item(3, 1)])).not.toBe(held);
    expect(keepSameObjects(held, held.slice(0, 2))).toEqual(held.slice(0, 2));
  });

  it('takes the read list when nothing was held', () => {
    const read = [item(1, 1)];
    expect(keepSameObjects([], read)).toBe(read);
  });
});
