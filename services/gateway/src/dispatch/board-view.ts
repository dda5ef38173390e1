import { CurrentUser, DashboardAppointment, isClosed } from '@cincy/contracts';

/**
 * Whose customers' phone numbers (and reasons for cancelling, their own words) a viewer is sent (docs/adr/0098-dispatch-knows-the-date.md): an
 * admin every one; a technician those of their own jobs (assigned to or accepted by them) and of
 * the open pool's jobs nobody has, since they may accept one and call ahead. Another technician's
 * customer, or a closed job nobody had, is not theirs to call.
 */
export function customerDetailsShown(
  job: Pick<DashboardAppointment, 'status' | 'technicianId'>,
  viewer: Pick<CurrentUser, 'id' | 'role'>,
): boolean {
  if (viewer.role === 'admin') return true;
  if (job.technicianId === null) return !isClosed(job.status);
  return job.technicianId === viewer.id;
}

/** The job without its customer's phone number (empty, as the schema allows) or words. */
export const withoutCustomerDetails = (job: DashboardAppointment): DashboardAppointment => ({
  ...job,
  customer: { ...job.customer, phone: '' },
  cancelReason: null,
});

/** A job as `viewer` is sent it. */
export const jobSeenBy = (
  viewer: Pick<CurrentUser, 'id' | 'role'>,
  job: DashboardAppointment,
): DashboardAppointment => (customerDetailsShown(job, viewer) ? job : withoutCustomerDetails(job));

/** The board as `viewer` is sent it. */
export const boardSeenBy = (
  viewer: Pick<CurrentUser, 'id' | 'role'>,
  board: DashboardAppointment[],
): DashboardAppointment[] =>
  viewer.role === 'admin' ? board : board.map((job) => jobSeenBy(viewer, job));
