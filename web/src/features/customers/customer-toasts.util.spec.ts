import { ApiRequestError } from '../../api/request';
import {
  CUSTOMER_DELETED_TOAST,
  CUSTOMER_UPDATED_TOAST,
  CUSTOMER_UPDATE_FAILED_TOAST,
  customerDeleteFailedToast,
} from './customer-toasts.util';

describe('customer toasts', () => {
  it('says the update and the deletion word for word', () => {
    expect(CUSTOMER_UPDATED_TOAST.title).toBe('Customer Updated');
    expect(CUSTOMER_UPDATE_FAILED_TOAST).toEqual({
      title: 'Update Failed',
      description: 'Unable to update customer information. Please try again.',
      variant: 'destructive',
    });
    expect(CUSTOMER_DELETED_TOAST).toEqual({
      title: 'Customer Deleted',
      description: 'Customer record has been permanently removed.',
    });
  });

  it("shows a failed delete's message: the server's, the error's, else the spec's", () => {
    const forbidden = new ApiRequestError(403, 'Forbidden', {
      code: 'FORBIDDEN',
      message: 'Only an admin may do that.',
    });
    expect(customerDeleteFailedToast(forbidden)).toEqual({
      title: 'Delete Failed',
      description: 'Only an admin may do that.',
      variant: 'destructive',
    });
    expect(customerDeleteFailedToast(new ApiRequestError(502, 'Bad Gateway', '')).description).toBe(
      'Bad Gateway',
    );
    expect(customerDeleteFailedToast(undefined).description).toBe(
      'Unable to delete customer record. Please try again.',
    );
  });
});
