import { listOffsets, visibleRange } from './virtual-window';

describe('listOffsets', () => {
  it('adds each measured height, or the estimate, and the gap', () => {
    const heights = new Map([
      [10, 100],
      [30, 50],
    ]);
    expect(listOffsets([10, 20, 30], heights, 200, 12)).toEqual([0, 112, 324, 386]);
    expect(listOffsets([], heights, 200, 12)).toEqual([0]);
  });
});

describe('visibleRange', () => {
  // Ten items 100 tall, 10 apart: item i spans [110 i, 110 i + 100).
  const offsets = listOffsets([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], new Map(), 100, 10);

  it('gives the items that overlap the stretch, partly seen ones included', () => {
    expect(visibleRange(offsets, 0, 100)).toEqual([0, 1]);
    expect(visibleRange(offsets, 150, 400)).toEqual([1, 4]);
    // In the gap after item 2 (320..330): item 3 starts at 330.
    expect(visibleRange(offsets, 325, 335)).toEqual([2, 4]);
  });

  it('stops at the ends of the list', () => {
    expect(visibleRange(offsets, -500, 50)).toEqual([0, 1]);
    expect(visibleRange(offsets, 900, 5000)).toEqual([8, 10]);
    expect(visibleRange(offsets, -500, 5000)).toEqual([0, 10]);
  });

  it('is empty when the stretch misses the list or the list is empty', () => {
    expect(visibleRange(offsets, -900, -10)).toEqual([0, 0]);
    expect(visibleRange(offsets, 1200, 1900)).toEqual([0, 0]);
    expect(visibleRange([0], 0, 800)).toEqual([0, 0]);
  });
});
