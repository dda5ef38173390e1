import { ApiRequestError } from '../../api/request';
import {
  USER_CREATED_TOAST,
  USER_DELETED_TOAST,
  USER_UPDATED_TOAST,
  userCreateFailedToast,
  userDeleteFailedToast,
  userUpdateFailedToast,
} from './user-toasts.util';

describe('user toasts', () => {
  it('says what succeeded, word for word', () => {
    expect(USER_CREATED_TOAST.title).toBe('User created successfully');
    expect(USER_UPDATED_TOAST.title).toBe('User updated successfully');
    expect(USER_DELETED_TOAST.title).toBe('User deleted successfully');
  });

  it("shows the server's message, else the spec's sentence", () => {
    const taken = new ApiRequestError(409, 'Conflict', {
      code: 'CONFLICT',
      message: 'That username is already taken.',
    });
    expect(userCreateFailedToast(taken)).toEqual({
      title: 'Error',
      description: 'That username is already taken.',
      variant: 'destructive',
    });
    const bare = new ApiRequestError(500, 'Internal Server Error', undefined);
    expect(userCreateFailedToast(bare).description).toBe('Failed to create user');
    expect(userUpdateFailedToast(bare).description).toBe('Failed to update user');
    expect(userDeleteFailedToast(new TypeError('Failed to fetch')).description).toBe(
      'Failed to delete user',
    );
  });
});
