import { APPOINTMENT_STATUSES, ERROR_CODES, TRACKING_MESSAGES } from '@cincy/contracts';
import { checkCustomerCancel } from './customer-cancel';

describe('checkCustomerCancel', () => {
  it.each(['pending', 'assigned', 'accepted'] as const)(
    'lets the customer cancel a %s visit',
    (s) => {
      expect(checkCustomerCancel(s)).toBeNull();
    },
  );

  it.each(['en_route', 'on_location'] as const)(
    'refuses a %s visit: the technician is on the way, call us',
    (s) => {
      expect(checkCustomerCancel(s)).toEqual({
        code: ERROR_CODES.conflict,
        message: TRACKING_MESSAGES.onTheWay,
      });
    },
  );

  it.each(['completed', 'declined', 'cancelled'] as const)('refuses a %s visit as closed', (s) => {
    expect(checkCustomerCancel(s)).toEqual({
      code: ERROR_CODES.conflict,
      message: TRACKING_MESSAGES.closed,
    });
  });

  it('decides every status there is', () => {
    const allowed = APPOINTMENT_STATUSES.filter((s) => checkCustomerCancel(s) === null);
    expect(allowed).toEqual(['pending', 'assigned', 'accepted']);
  });
});
