import { INVENTORY_MESSAGES } from '@cincy/contracts';
import { serverMessageOf } from '../../api/request';
import type { ToastInput } from '../../components/toast';

/** The inventory toasts, word for word as staff see them. */
export const INVENTORY_TOAST_TEXT = {
  errorTitle: 'Error',
  saveFailed: 'Failed to save inventory item',
  deleteFailed: 'Failed to delete inventory item',
  fetchFailed: 'Failed to fetch inventory',
} as const;

export function itemSavedToast(created: boolean): ToastInput {
  return {
    title: created ? INVENTORY_MESSAGES.created : INVENTORY_MESSAGES.updated,
    description: INVENTORY_MESSAGES.saved,
  };
}

export const ITEM_DELETED_TOAST: ToastInput = {
  title: INVENTORY_MESSAGES.deleted,
  description: INVENTORY_MESSAGES.deletedDescription,
};

/** An error toast with the answer's message, else our own sentence. */
function failed(fallback: string) {
  return (error: unknown): ToastInput => ({
    title: INVENTORY_TOAST_TEXT.errorTitle,
    description: serverMessageOf(error) ?? fallback,
    variant: 'destructive',
  });
}

export const itemSaveFailedToast = failed(INVENTORY_TOAST_TEXT.saveFailed);
export const itemDeleteFailedToast = failed(INVENTORY_TOAST_TEXT.deleteFailed);
export const inventoryFetchFailedToast = failed(INVENTORY_TOAST_TEXT.fetchFailed);
