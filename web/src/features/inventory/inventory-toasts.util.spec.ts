import { ApiRequestError } from '../../api/request';
import {
  ITEM_DELETED_TOAST,
  inventoryFetchFailedToast,
  itemDeleteFailedToast,
  itemSaveFailedToast,
  itemSavedToast,
} from './inventory-toasts.util';

const refused = (message?: string) =>
  new ApiRequestError(409, 'Conflict', message ? { code: 'CONFLICT', message } : undefined);

describe('inventory toasts', () => {
  it('says Item created or Item updated, with the same description', () => {
    expect(itemSavedToast(true)).toEqual({
      title: 'Item created',
      description: 'Inventory item saved successfully',
    });
    expect(itemSavedToast(false)).toEqual({
      title: 'Item updated',
      description: 'Inventory item saved successfully',
    });
    expect(ITEM_DELETED_TOAST).toEqual({
      title: 'Item deleted',
      description: 'Inventory item deleted successfully',
    });
  });

  it("shows the answer's message, else the spec's sentence", () => {
    expect(itemSaveFailedToast(refused('Name is required'))).toMatchObject({
      description: 'Name is required',
      variant: 'destructive',
    });
    expect(itemSaveFailedToast(refused())).toMatchObject({
      description: 'Failed to save inventory item',
    });
    expect(itemDeleteFailedToast(new TypeError('Failed to fetch')).description).toBe(
      'Failed to delete inventory item',
    );
    expect(inventoryFetchFailedToast(refused()).description).toBe('Failed to fetch inventory');
  });
});
