import type { StockMovement } from '@cincy/contracts';
import { ApiRequestError } from '../../api/request';
import { fieldMessage } from '../../lib/zod-form';
import {
  buildMovementPayload,
  movementFailedToast,
  movementFormSchema,
  movementRow,
  movementSavedToast,
  previewAfter,
  signedChange,
} from './stock-movements.util';

const movement = (extra: Partial<StockMovement> = {}): StockMovement => ({
  id: 7,
  itemId: 3,
  type: 'write_off',
  quantityChange: -2,
  previousQuantity: 5,
  newQuantity: 3,
  reason: 'Cracked case',
  appointmentId: null,
  userId: 1,
  userName: 'Ann Admin',
  createdAt: '2030-06-14T18:05:00.000Z',
  ...extra,
});

describe('the stock forms', () => {
  it('send the typed quantity as a number and the reason as typed', () => {
    expect(buildMovementPayload('receive', { quantity: ' 6 ', reason: 'PO 12' })).toEqual({
      type: 'receive',
      quantity: 6,
      reason: 'PO 12',
    });
    expect(buildMovementPayload('correct', {}).quantity).toBeNaN();
  });

  it("show the contract's messages beside the fields, and refuse going below 0 before sending", () => {
    const schema = movementFormSchema('write_off', 2, 'H6 AGM');
    expect(fieldMessage(schema, { quantity: '1', reason: '' }, 'reason')).toBe('Give a reason');
    expect(fieldMessage(schema, { quantity: '', reason: 'x' }, 'quantity')).toBe(
      'Quantity must be a whole number',
    );
    expect(fieldMessage(schema, { quantity: '0', reason: 'x' }, 'quantity')).toBe(
      'Write off at least 1',
    );
    expect(fieldMessage(schema, { quantity: '3', reason: 'Dropped' }, 'quantity')).toBe(
      'Only 2 of H6 AGM in stock: cannot write off 3',
    );
    expect(fieldMessage(schema, { quantity: '2', reason: 'Dropped' }, 'quantity')).toBeUndefined();
    const count = movementFormSchema('correct', 2, 'H6 AGM');
    expect(
      fieldMessage(count, { quantity: '0', reason: 'Shelf count' }, 'quantity'),
    ).toBeUndefined();
  });

  it('preview the quantity after the movement', () => {
    expect(previewAfter(3, 'receive', { quantity: '6' })).toBe('3 → 9');
    expect(previewAfter(3, 'correct', { quantity: '1' })).toBe('3 → 1');
    expect(previewAfter(3, 'write_off', { quantity: '4' })).toBeNull();
    expect(previewAfter(3, 'receive', { quantity: '' })).toBeNull();
  });

  it('toast what was done, or the server message', () => {
    expect(
      movementSavedToast('receive', { type: 'receive', quantity: 6, reason: 'PO 12' }, 9),
    ).toEqual({ title: 'Stock received', description: 'PO 12 (now 9 in stock)' });
    const refused = new ApiRequestError(409, 'Conflict', {
      code: 'CONFLICT',
      message: 'Only 2 of H6 AGM in stock: cannot write off 3',
    });
    expect(movementFailedToast(refused)).toEqual({
      title: 'Error',
      description: 'Only 2 of H6 AGM in stock: cannot write off 3',
      variant: 'destructive',
    });
    expect(movementFailedToast(new Error('offline')).description).toBe(
      'Failed to record the stock movement',
    );
  });
});

describe("the drawer's movements", () => {
  it('show when, type, the signed change, before → after, reason and who', () => {
    expect(movementRow(movement())).toEqual({
      key: 7,
      when: 'Jun 14, 2030, 2:05 PM',
      type: 'Written off',
      change: '\u22122',
      beforeAfter: '5 → 3',
      reason: 'Cracked case',
      who: 'Ann Admin',
    });
    expect(
      movementRow(movement({ type: 'receive', quantityChange: 4, reason: null, userName: null })),
    ).toMatchObject({ type: 'Received', change: '+4', reason: '—', who: 'System' });
    expect(signedChange(0)).toBe('0');
  });
});
