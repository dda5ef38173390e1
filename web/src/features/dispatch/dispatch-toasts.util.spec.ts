import { ApiRequestError } from '../../api/request';
import {
  completeFailedToast,
  declineFailedToast,
  declinedToast,
  statusChangedToast,
  statusFailedToast,
  warrantyEndedToast,
} from './dispatch-toasts.util';

const refused = (status: number, statusText: string, message?: string) =>
  new ApiRequestError(status, statusText, message ? { code: 'CONFLICT', message } : undefined);

describe('dispatch toasts', () => {
  it("says when a battery's warranty ended, and what to record instead", () => {
    expect(warrantyEndedToast('2026-11-20')).toEqual({
      title: 'Warranty Ended',
      description:
        "This battery's warranty ended on Nov 20, 2026. Record the new battery as Battery Installed (a sale).",
      variant: 'destructive',
    });
  });

  it('confirms a status change, and an accept with its own line', () => {
    expect(statusChangedToast('en_route')).toEqual({
      title: 'Status Updated',
      description: 'Appointment status has been updated successfully.',
    });
    expect(statusChangedToast('accept')).toEqual({
      title: 'Status Updated',
      description: 'Appointment accepted, Keep member informed',
    });
  });

  it("reports a failed status change, with the server's reason when it gave one", () => {
    expect(statusFailedToast(new TypeError('Failed to fetch'))).toEqual({
      title: 'Error',
      description: 'Failed to update appointment status.',
      variant: 'destructive',
    });
    expect(
      statusFailedToast(
        refused(409, 'Conflict', 'This job has already been taken by another technician.'),
      ).description,
    ).toBe(
      'Failed to update appointment status. This job has already been taken by another technician.',
    );
  });

  it("confirms a decline with the server's message, or the spec's", () => {
    expect(declinedToast({ message: 'Declined: Jane Doe' })).toEqual({
      title: 'Call Declined',
      description: 'Declined: Jane Doe',
    });
    expect(declinedToast({ message: '' }).description).toBe(
      'The appointment has been declined successfully.',
    );
  });

  it("reports a failed decline with the server's message, else the error's, else the spec's", () => {
    expect(declineFailedToast(refused(403, 'Forbidden', 'Admins only.'))).toEqual({
      title: 'Error',
      description: 'Admins only.',
      variant: 'destructive',
    });
    expect(declineFailedToast(refused(502, 'Bad Gateway')).description).toBe('Bad Gateway');
    expect(declineFailedToast(undefined).description).toBe('Failed to delete the appointment.');
  });

  it('reports a failed completion', () => {
    expect(completeFailedToast(new TypeError('Failed to fetch'))).toEqual({
      title: 'Error',
      description: 'Failed to complete the job. Please try again.',
      variant: 'destructive',
    });
    expect(
      completeFailedToast(
        refused(409, 'Conflict', 'That battery is out of stock. Choose another one.'),
      ).description,
    ).toBe(
      'Failed to complete the job. Please try again. That battery is out of stock. Choose another one.',
    );
  });
});
