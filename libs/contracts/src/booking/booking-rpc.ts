import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';
import {
  appointmentRequestSchema,
  bookingRequestSchema,
  bookingContactSchema,
  createdAppointmentSchema,
  findBookingSchema,
  foundBookingSchema,
  linkRequestSchema,
  linkedBookingSchema,
  rescheduleBookingSchema,
  rescheduledBookingSchema,
  customerInputSchema,
  customerListQuerySchema,
  customerSchema,
  customerSummarySchema,
  timeSlotsRequestSchema,
  timeSlotsSchema,
} from './api';
import { decodedVinSchema, vinSchema } from './vin-api';
import {
  fitmentInputSchema,
  fitmentListQuerySchema,
  fitmentQuerySchema,
  fitmentSchema,
} from './fitment-api';
import { actorSchema } from '../identity/api';
import { RPC_SHAPES, type RpcContract } from '../rpc-contract';

const { healthAnswer, empty, id, messageAnswer } = RPC_SHAPES;
const {
  validation,
  notFound,
  conflict,
  timeSlotFull,
  outsideServiceHours,
  outsideServiceArea,
  idempotencyKeyReused,
} = ERROR_CODES;

/** booking's subjects: customers, bookings, time slots and the private links; spread into `RPC` (subjects.ts). */
export const BOOKING_RPC = {
  'booking.health': { request: empty, answer: healthAnswer },
  'booking.customers.create': { request: customerInputSchema, answer: customerSchema },
  'booking.customers.list': {
    request: customerListQuerySchema,
    answer: z.array(customerSummarySchema),
  },
  'booking.customers.update': {
    request: z.object({ id, customer: customerInputSchema }),
    answer: customerSummarySchema,
    refuses: [notFound],
  },
  'booking.customers.delete': {
    request: z.object({ id }),
    answer: messageAnswer,
    refuses: [notFound],
  },
  'booking.appointments.create': {
    request: appointmentRequestSchema,
    answer: createdAppointmentSchema,
    refuses: [
      validation,
      notFound,
      timeSlotFull,
      outsideServiceHours,
      outsideServiceArea,
      idempotencyKeyReused,
    ],
  },
  /** The public form's booking: the customer and their appointment in one transaction (ADR 0105). */
  'booking.bookings.create': {
    request: bookingRequestSchema,
    answer: createdAppointmentSchema,
    refuses: [
      validation,
      timeSlotFull,
      outsideServiceHours,
      outsideServiceArea,
      idempotencyKeyReused,
    ],
  },
  /** A VIN read offline (issue 37): refused when its check digit does not match. */
  'booking.vin.decode': {
    request: z.object({ vin: vinSchema }),
    answer: decodedVinSchema,
    refuses: [validation],
  },
  /** The battery a vehicle takes (issue 37, ADR 0117): every row it matches, none when unknown. */
  'booking.fitment.lookup': { request: fitmentQuerySchema, answer: z.array(fitmentSchema) },
  /** The fitment table as the Fitment screen lists it (admins). */
  'booking.fitment.list': { request: fitmentListQuerySchema, answer: z.array(fitmentSchema) },
  /** A fitment row added, edited or removed by an admin: audited. */
  'booking.fitment.create': {
    request: z.object({ fitment: fitmentInputSchema, actor: actorSchema }),
    answer: fitmentSchema,
  },
  'booking.fitment.update': {
    request: z.object({ id: z.number().int(), fitment: fitmentInputSchema, actor: actorSchema }),
    answer: fitmentSchema,
    refuses: [notFound],
  },
  'booking.fitment.delete': {
    request: z.object({ id: z.number().int(), actor: actorSchema }),
    answer: messageAnswer,
    refuses: [notFound],
  },
  'booking.time-slots.list': {
    request: timeSlotsRequestSchema,
    answer: timeSlotsSchema,
    refuses: [validation],
  },
  /** The booking a private link opens (the token checked in constant time), or notFound. */
  'booking.links.resolve': {
    request: linkRequestSchema,
    answer: linkedBookingSchema,
    refuses: [notFound],
  },
  /** The confirmation page's half from booking: the customer's own details, by token. */
  'booking.links.details': {
    request: linkRequestSchema,
    answer: bookingContactSchema,
    refuses: [notFound],
  },
  /** A new private link to a booking, for a message to its customer (notify). */
  'booking.links.issue': {
    request: z.object({ appointmentId: id }),
    answer: foundBookingSchema.extend({ reference: z.string() }),
    refuses: [notFound],
  },
  /** Find your booking: a reference and its phone number give a new private link. */
  'booking.links.find': {
    request: findBookingSchema,
    answer: foundBookingSchema,
    refuses: [validation, notFound],
  },
  /**
   * A visit moves to another hour (the hour grid's rules apply): the customer's from their page,
   * staff's (`by: 'staff'`, who may also give an ASAP request an hour) from the Day View.
   */
  'booking.appointments.reschedule': {
    request: rescheduleBookingSchema.extend({ id, by: z.enum(['customer', 'staff']).optional() }),
    answer: rescheduledBookingSchema,
    refuses: [validation, notFound, conflict, timeSlotFull],
  },
} as const satisfies Record<string, RpcContract>;
