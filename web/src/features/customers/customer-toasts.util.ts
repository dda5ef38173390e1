import { CUSTOMER_MESSAGES } from '@cincy/contracts';
import { serverMessageOf } from '../../api/request';
import type { ToastInput } from '../../components/toast';

/** The customer update and delete toasts, word for word as staff see them. */
export const CUSTOMER_TOAST_TEXT = {
  updatedTitle: CUSTOMER_MESSAGES.updated,
  updateFailedTitle: 'Update Failed',
  updateFailed: 'Unable to update customer information. Please try again.',
  deletedTitle: 'Customer Deleted',
  deleted: CUSTOMER_MESSAGES.deleted,
  deleteFailedTitle: 'Delete Failed',
  deleteFailed: 'Unable to delete customer record. Please try again.',
} as const;

export const CUSTOMER_UPDATED_TOAST: ToastInput = { title: CUSTOMER_TOAST_TEXT.updatedTitle };

export const CUSTOMER_UPDATE_FAILED_TOAST: ToastInput = {
  title: CUSTOMER_TOAST_TEXT.updateFailedTitle,
  description: CUSTOMER_TOAST_TEXT.updateFailed,
  variant: 'destructive',
};

export const CUSTOMER_DELETED_TOAST: ToastInput = {
  title: CUSTOMER_TOAST_TEXT.deletedTitle,
  description: CUSTOMER_TOAST_TEXT.deleted,
};

/** The server's message, else the error's, else our own sentence. */
export function customerDeleteFailedToast(error: unknown): ToastInput {
  const own = error instanceof Error && error.message ? error.message : undefined;
  return {
    title: CUSTOMER_TOAST_TEXT.deleteFailedTitle,
    description: serverMessageOf(error) ?? own ?? CUSTOMER_TOAST_TEXT.deleteFailed,
    variant: 'destructive',
  };
}
