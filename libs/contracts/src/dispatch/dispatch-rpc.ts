import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';
import { cancelBookingSchema, idempotencyKeySchema, trackingFactsSchema } from '../booking/api';
import {
  assignInputSchema,
  dashboardAppointmentSchema,
  dashboardAppointmentsSchema,
  dashboardStatsSchema,
  dateShiftsInputSchema,
  dayQuerySchema,
  dayViewSchema,
  declineAnswerSchema,
  dispatchSettingsSchema,
  fieldJobsSchema,
  handBackInputSchema,
  queueSchema,
  scheduleDateParamSchema,
  shiftImpactSchema,
  statusChangeSchema,
  suggestionsSchema,
  technicianScheduleSchema,
  technicianSchedulesSchema,
  weeklyShiftsInputSchema,
} from './api';
import { actorSchema } from '../identity/api';
import { batteryTestInputSchema, batteryTestSchema, batteryTestsSchema } from './battery-tests';
import { PHOTO_TYPES } from './photo-rules';
import { jobPhotoSchema, jobPhotosSchema, photoQuerySchema } from './photos';
import {
  openClaimInputSchema,
  serviceRecordInputSchema,
  serviceRecordSchema,
  warrantyClaimSchema,
} from '../inventory/api';
import { RPC_SHAPES, type RpcContract } from '../rpc-contract';

const { healthAnswer, empty, id } = RPC_SHAPES;
const { validation, notFound, forbidden, conflict, serviceUnavailable, idempotencyKeyReused } =
  ERROR_CODES;
/** A technician's step sent again from the phone's outbox is done once (issue 34). */
const idempotencyKey = idempotencyKeySchema.optional();

/** dispatch's subjects: the board, assignment, the queue, shifts, settings and the day; spread into `RPC` (subjects.ts). */
export const DISPATCH_RPC = {
  'dispatch.health': { request: empty, answer: healthAnswer },
  'dispatch.appointments.list': { request: empty, answer: dashboardAppointmentsSchema },
  /** A technician's phone's jobs (the field app): theirs and the oldest of the open pool. */
  'dispatch.appointments.field': {
    request: z.object({ technicianId: id }),
    answer: fieldJobsSchema,
  },
  /** A step, once per Idempotency-Key, at the time the phone recorded it (`occurredAt`). */
  'dispatch.appointments.change-status': {
    request: statusChangeSchema.pick({ status: true, occurredAt: true, arrivalCode: true }).extend({
      id,
      actor: actorSchema,
      idempotencyKey,
    }),
    answer: dashboardAppointmentSchema,
    refuses: [validation, notFound, conflict, forbidden, idempotencyKeyReused],
  },
  'dispatch.appointments.decline': {
    request: z.object({ id, actor: actorSchema }),
    answer: declineAnswerSchema,
    refuses: [notFound, conflict],
  },
  /**
   * Completes a job on dispatch's live state: dispatch decides, asks inventory to record the
   * service and take the stock (`inventory.service-records.record`), then closes the job.
   */
  'dispatch.appointments.complete': {
    request: z.object({ record: serviceRecordInputSchema, actor: actorSchema, idempotencyKey }),
    answer: serviceRecordSchema,
    refuses: [validation, notFound, forbidden, conflict, serviceUnavailable, idempotencyKeyReused],
  },
  /** A battery test taken at the car (issue 35), once per Idempotency-Key. */
  'dispatch.battery-tests.record': {
    request: batteryTestInputSchema.extend({ id, actor: actorSchema, idempotencyKey }),
    answer: batteryTestSchema,
    refuses: [validation, notFound, forbidden, conflict, idempotencyKeyReused],
  },
  /**
   * A warranty claim opened from the job's failing test of the old battery (issue 37): the job's
   * technician or the office; inventory checks the battery and its warranty.
   */
  'dispatch.warranty-claims.open': {
    request: openClaimInputSchema.extend({ actor: actorSchema }),
    answer: warrantyClaimSchema,
    refuses: [validation, notFound, forbidden, conflict, serviceUnavailable],
  },
  'dispatch.battery-tests.list': {
    request: z.object({ id, actor: actorSchema }),
    answer: batteryTestsSchema,
    refuses: [notFound, forbidden],
  },
  /**
   * A photo the gateway stored (`objectKey` in the bucket) recorded on the job, once per
   * Idempotency-Key; refused (the gateway then deletes the object) unless its taker may.
   */
  'dispatch.photos.record': {
    request: photoQuerySchema.extend({
      id,
      actor: actorSchema,
      idempotencyKey,
      objectKey: z.string().min(1).max(300),
      contentType: z.enum(PHOTO_TYPES),
      bytes: z.number().int().nonnegative(),
    }),
    answer: jobPhotoSchema.extend({ objectKey: z.string() }),
    refuses: [validation, notFound, forbidden, conflict, idempotencyKeyReused],
  },
  'dispatch.photos.list': {
    request: z.object({ id, actor: actorSchema }),
    answer: jobPhotosSchema,
    refuses: [notFound, forbidden],
  },
  /** Where a photo's bytes are, for someone who may see them. */
  'dispatch.photos.file': {
    request: z.object({ photoId: id, actor: actorSchema }),
    answer: z.object({ objectKey: z.string(), contentType: z.enum(PHOTO_TYPES) }),
    refuses: [notFound, forbidden],
  },
  /** A completed visit's photo, for its customer (the gateway resolved their link to the id). */
  'dispatch.photos.visit-file': {
    request: z.object({ id, photoId: id }),
    answer: z.object({ objectKey: z.string(), contentType: z.enum(PHOTO_TYPES) }),
    refuses: [notFound],
  },
  'dispatch.stats.get': { request: empty, answer: dashboardStatsSchema },
  /** The customer cancels their visit, until the technician sets out. */
  'dispatch.appointments.cancel': {
    request: cancelBookingSchema.extend({ id }),
    answer: trackingFactsSchema,
    refuses: [notFound, conflict],
  },
  /** One visit as its tracking page shows it (by appointment id: the gateway resolved the token). */
  'dispatch.tracking.view': {
    request: z.object({ id }),
    answer: trackingFactsSchema,
    refuses: [notFound],
  },
  /** A dispatcher gives a job to a technician, or to another one (reassign). */
  'dispatch.appointments.assign': {
    request: assignInputSchema.extend({ id, actor: actorSchema }),
    answer: dashboardAppointmentSchema,
    refuses: [validation, notFound, conflict],
  },
  /** A dispatcher takes an assigned job back into the open pool. */
  'dispatch.appointments.unassign': {
    request: z.object({ id, actor: actorSchema }),
    answer: dashboardAppointmentSchema,
    refuses: [notFound, conflict],
  },
  /** The assigned technician gives the job back, saying why. */
  'dispatch.appointments.hand-back': {
    request: handBackInputSchema.extend({ id, actor: actorSchema, idempotencyKey }),
    answer: dashboardAppointmentSchema,
    refuses: [notFound, forbidden, conflict, idempotencyKeyReused],
  },
  'dispatch.appointments.suggestions': {
    request: z.object({ id }),
    answer: suggestionsSchema,
    refuses: [notFound],
  },
  'dispatch.queue.list': { request: empty, answer: queueSchema },
  'dispatch.schedules.list': { request: empty, answer: technicianSchedulesSchema },
  'dispatch.schedules.set-weekly': {
    request: weeklyShiftsInputSchema.safeExtend({ technicianId: id, actor: actorSchema }),
    answer: technicianScheduleSchema,
    refuses: [validation, notFound],
  },
  'dispatch.schedules.set-date': {
    request: dateShiftsInputSchema.safeExtend({
      technicianId: id,
      date: scheduleDateParamSchema,
      actor: actorSchema,
    }),
    answer: technicianScheduleSchema,
    refuses: [validation, notFound],
  },
  /** What set-weekly with these shifts would leave outside the technician's shifts; saves nothing. */
  'dispatch.schedules.weekly-impact': {
    request: weeklyShiftsInputSchema.safeExtend({ technicianId: id }),
    answer: shiftImpactSchema,
    refuses: [validation, notFound],
  },
  /** What set-date with these shifts would leave outside the technician's shifts; saves nothing. */
  'dispatch.schedules.date-impact': {
    request: dateShiftsInputSchema.safeExtend({ technicianId: id, date: scheduleDateParamSchema }),
    answer: shiftImpactSchema,
    refuses: [validation, notFound],
  },
  'dispatch.schedules.clear-date': {
    request: z.object({ technicianId: id, date: scheduleDateParamSchema, actor: actorSchema }),
    answer: technicianScheduleSchema,
    refuses: [validation, notFound],
  },
  /** A technician ends today's shift now, from their phone. */
  'dispatch.schedules.off-shift': {
    request: z.object({ actor: actorSchema }),
    answer: technicianScheduleSchema,
    refuses: [notFound, conflict],
  },
  'dispatch.settings.get': { request: empty, answer: dispatchSettingsSchema },
  'dispatch.settings.update': {
    request: z.object({ settings: dispatchSettingsSchema, actor: actorSchema }),
    answer: dispatchSettingsSchema,
  },
  'dispatch.day.get': { request: dayQuerySchema, answer: dayViewSchema, refuses: [validation] },
} as const satisfies Record<string, RpcContract>;
