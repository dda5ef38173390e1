import {
  TrackedBatteryTest,
  TrackedPhoto,
  TrackingFacts,
  isClosed,
  jobOwedCents,
  trackingState,
} from '@cincy/contracts';
import { BoardAppointmentEntity } from '../board';

/** What the tracking view needs of a job: the board row's own columns. */
export type TrackedJob = Pick<
  BoardAppointmentEntity,
  | 'status'
  | 'technicianId'
  | 'technicianName'
  | 'requestedAt'
  | 'acceptedAt'
  | 'enRouteAt'
  | 'onLocationAt'
  | 'closedAt'
  | 'scheduledDate'
  | 'scheduledTime'
  | 'customerLocation'
  | 'updatedAt'
  | 'arrivalCode'
  | 'payment'
>;

/** Where the job's technician was last seen; `at` is null when dispatch never heard when. */
export interface LastPosition {
  lat: number;
  lng: number;
  at: Date | null;
}

/** The job's place in the ASAP queue, numbered as the board's queue card numbers it. */
export interface QueuePlace {
  position: number;
  estimatedWaitMinutes: number | null;
}

/**
 * The tracking facts of a job: the customer's view (see `trackingState`: first name only, the van
 * only while on the way), and what the gateway keeps to move the van between answers. A closed
 * job has nobody coming. A position without its time is dated by the job's last change.
 */
export function trackingFacts(
  job: TrackedJob,
  position: LastPosition | null,
  queue: QueuePlace | null,
  doorRecords: { oldBatteryTest: TrackedBatteryTest | null; photos: TrackedPhoto[] } = {
    oldBatteryTest: null,
    photos: [],
  },
): TrackingFacts {
  const state = trackingState({
    status: job.status,
    technicianName: job.technicianName,
    requestedAt: job.requestedAt,
    acceptedAt: job.acceptedAt,
    enRouteAt: job.enRouteAt,
    onLocationAt: job.onLocationAt,
    closedAt: job.closedAt,
    scheduledDate: job.scheduledDate,
    scheduledTime: job.scheduledTime,
    technicianPosition: position
      ? { lat: position.lat, lng: position.lng, at: position.at ?? job.updatedAt }
      : null,
    destination: job.customerLocation,
    queue,
    arrivalCode: job.arrivalCode,
    payment: job.payment && {
      status: job.payment.status,
      totalCents: job.payment.totalCents,
      paidCents: job.payment.paidCents,
      owedCents: jobOwedCents(job.payment),
      method: job.payment.method,
      paidAt: job.payment.paidAt,
    },
    ...doorRecords,
  });
  return {
    state,
    technicianId: isClosed(job.status) ? null : job.technicianId,
    destination: job.customerLocation,
  };
}
