import {
  STOCK_MOVEMENT_MESSAGES,
  quantityAfter,
  stockMovementInputSchema,
  stockMovementLabel,
} from './movements';

const errorsOf = (input: unknown) => {
  const result = stockMovementInputSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('a stock movement', () => {
  it('adds a receipt, takes a write-off and sets a count', () => {
    expect(quantityAfter(3, { type: 'receive', quantity: 4 })).toBe(7);
    expect(quantityAfter(3, { type: 'write_off', quantity: 3 })).toBe(0);
    expect(quantityAfter(3, { type: 'correct', quantity: 9 })).toBe(9);
    expect(quantityAfter(3, { type: 'correct', quantity: 0 })).toBe(0);
  });

  it('never takes the stock below 0', () => {
    expect(quantityAfter(2, { type: 'write_off', quantity: 3 })).toBe('below-zero');
    expect(STOCK_MOVEMENT_MESSAGES.belowZero('H6 AGM', 2, 3)).toBe(
      'Only 2 of H6 AGM in stock: cannot write off 3',
    );
  });

  it('needs a known type, a whole quantity and a reason of at most 200 characters', () => {
    expect(errorsOf({ type: 'receive', quantity: 2, reason: ' Shipment ' })).toEqual({});
    expect(
      stockMovementInputSchema.parse({ type: 'receive', quantity: 2, reason: ' x ' }).reason,
    ).toBe('x');
    expect(errorsOf({ type: 'steal', quantity: 1, reason: 'x' })).toEqual({
      type: STOCK_MOVEMENT_MESSAGES.type,
    });
    expect(errorsOf({ type: 'receive', quantity: 1, reason: '  ' })).toEqual({
      reason: STOCK_MOVEMENT_MESSAGES.reasonRequired,
    });
    expect(errorsOf({ type: 'receive', quantity: 1 })).toEqual({
      reason: STOCK_MOVEMENT_MESSAGES.reasonRequired,
    });
    expect(errorsOf({ type: 'receive', quantity: 1, reason: 'x'.repeat(201) })).toEqual({
      reason: 'Reason must be at most 200 characters',
    });
    expect(errorsOf({ type: 'write_off', quantity: 1.5, reason: 'x' })).toEqual({
      quantity: STOCK_MOVEMENT_MESSAGES.quantity,
    });
  });

  it('moves at least 1 unit in or out; a count may be 0', () => {
    expect(errorsOf({ type: 'receive', quantity: 0, reason: 'x' })).toEqual({
      quantity: STOCK_MOVEMENT_MESSAGES.received,
    });
    expect(errorsOf({ type: 'write_off', quantity: 0, reason: 'x' })).toEqual({
      quantity: STOCK_MOVEMENT_MESSAGES.writtenOff,
    });
    expect(errorsOf({ type: 'correct', quantity: 0, reason: 'x' })).toEqual({});
    expect(errorsOf({ type: 'correct', quantity: -1, reason: 'x' })).toEqual({
      quantity: STOCK_MOVEMENT_MESSAGES.counted,
    });
  });

  it('names every recorded type for the drawer', () => {
    expect(stockMovementLabel('write_off')).toBe('Written off');
    expect(stockMovementLabel('adjusted')).toBe('Count corrected');
    expect(stockMovementLabel('battery_installed')).toBe('Installed');
    expect(stockMovementLabel('something_new')).toBe('something_new');
  });
});
