import { USER_MESSAGES } from '@cincy/contracts';
import { serverMessageOf } from '../../api/request';
import type { ToastInput } from '../../components/toast';

/** The user toasts, word for word as admins see them. */
export const USER_TOAST_TEXT = {
  errorTitle: 'Error',
  createFailed: 'Failed to create user',
  updateFailed: 'Failed to update user',
  deleteFailed: 'Failed to delete user',
} as const;

export const USER_CREATED_TOAST: ToastInput = { title: USER_MESSAGES.created };
export const USER_UPDATED_TOAST: ToastInput = { title: USER_MESSAGES.updated };
export const USER_DELETED_TOAST: ToastInput = { title: USER_MESSAGES.deleted };

/** An error toast with the server's message, else our own sentence. */
function failed(fallback: string) {
  return (error: unknown): ToastInput => ({
    title: USER_TOAST_TEXT.errorTitle,
    description: serverMessageOf(error) ?? fallback,
    variant: 'destructive',
  });
}

export const userCreateFailedToast = failed(USER_TOAST_TEXT.createFailed);
export const userUpdateFailedToast = failed(USER_TOAST_TEXT.updateFailed);
export const userDeleteFailedToast = failed(USER_TOAST_TEXT.deleteFailed);
