import { z } from 'zod';
import { BOOKING } from '../constants';
import { phoneDigits } from '../format';
import { appointmentStatusSchema, geoPointSchema, prioritySchema, tooLong } from '../common';
import { TEST_DECISIONS } from '../dispatch/battery-test-rules';
import { PHOTO_KINDS } from '../dispatch/photo-rules';
import { INVOICE_STATUSES } from '../billing/invoice-states';
import { TEXT_LIMITS } from './limits';
import { isServedZip, outsideServiceArea } from './service-area';
import { TRACKING_STEPS, isLinkToken, normalizeReference } from './tracking';

const digitCount = (s: string) => s.replace(/\D/g, '').length;

/** Text of the wrong type (a number, a list) answers in words, never zod's default English. */
const mustBeText = (label: string) => `${label} must be text`;

/** Optional free text: trimmed, bounded; empty or missing becomes null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: mustBeText(label) })
    .trim()
    .max(max, tooLong(label, max))
    .nullish()
    .transform((v) => (v ? v : null));

/** Required text: "<label> is required" when missing, "<label> must be text" for another type. */
const requiredText = (label: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${label} is required` : mustBeText(label)),
  });

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/**
 * A phone number: digits, spaces, parentheses, '+' and hyphens, with at least 10 digits. The form
 * and the server count digits the same way, so the form never passes what the server refuses.
 */
const phoneNumber = (base: z.ZodString) =>
  base
    .max(TEXT_LIMITS.phone, tooLong('Phone number', TEXT_LIMITS.phone))
    .regex(/^[\d()\s+-]*$/, 'Phone number may contain only digits, spaces, parentheses and hyphens')
    .refine(
      (s) => digitCount(s) >= BOOKING.phoneMinLength,
      'Phone number must be at least 10 digits',
    );

const phone = phoneNumber(requiredText('Phone number').trim().min(1, 'Phone number is required'));

const email = z.union(
  [
    z
      .email({ error: 'Invalid email' })
      .max(TEXT_LIMITS.email, tooLong('Email', TEXT_LIMITS.email))
      .nullish(),
    z.literal('').transform(() => null),
  ],
  { error: 'Invalid email' },
);

/** POST /api/customers and PATCH /api/customers/{id}. */
export const customerInputSchema = z.object({
  name: requiredText('Name')
    .trim()
    .min(1, 'Name is required')
    .max(TEXT_LIMITS.name, tooLong('Name', TEXT_LIMITS.name)),
  /** Checked as typed, kept as digits ("(513) 555-0188" → "5135550188"): shown with formatPhone. */
  phone: phone.transform(phoneDigits),
  email: email.transform((v) => v ?? null),
});
export type CustomerInput = z.infer<typeof customerInputSchema>;

export const customerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

/** The Customer Database lists at most this many at a time; a search narrows it. */
export const CUSTOMER_PAGE_SIZE = 50;

/** GET /api/customers?search=&offset=: name, phone or e-mail, case-insensitive, one page at a time. */
export const customerListQuerySchema = z.object({
  search: z
    .string({ error: mustBeText('Search') })
    .trim()
    .max(100, tooLong('Search', 100))
    .optional()
    .transform((v) => v || undefined),
  offset: z.coerce
    .number('The offset must be a number')
    .int('The offset must be a whole number')
    .min(0, 'The offset must not be negative')
    .max(1_000_000)
    .default(0),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

/** A row of the Customer Database: the customer, their jobs, and their last service. */
export const customerSummarySchema = customerSchema.extend({
  /** Appointments booked and not declined. */
  totalJobs: z.number().int(),
  /** When their last service record was saved (inventory's fact, copied by booking). */
  lastServiceAt: z.string().nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const CUSTOMER_MESSAGES = {
  updated: 'Customer Updated',
  deleted: 'Customer record has been permanently removed.',
  notFound: 'Customer not found',
} as const;

/** POST /api/appointments: customerId and location required, the rest optional and nullable. */
export const appointmentInputSchema = z.object({
  customerId: z.coerce
    .number({ error: 'Customer is required' })
    .int('Customer is required')
    .positive('Customer is required'),
  location: requiredText('Location')
    .trim()
    .min(1, 'Location is required')
    .max(TEXT_LIMITS.location, tooLong('Location', TEXT_LIMITS.location)),
  vehicle: optionalText('Vehicle', TEXT_LIMITS.vehicle),
  preferredTime: z
    .union(
      [z.literal('ASAP'), z.string().regex(DATE_PATTERN, 'Preferred time must be ASAP or a date')],
      { error: 'Preferred time must be ASAP or a date' },
    )
    .nullish()
    .transform((v) => v ?? null),
  scheduledDate: z
    .string({ error: 'Scheduled date must be in format YYYY-MM-DD' })
    .regex(DATE_PATTERN, 'Scheduled date must be in format YYYY-MM-DD')
    .nullish()
    .transform((v) => v ?? null),
  scheduledTime: z
    .string({ error: 'Scheduled time must be in format HH:MM:SS' })
    .regex(TIME_PATTERN, 'Scheduled time must be in format HH:MM:SS')
    .nullish()
    .transform((v) => v ?? null),
  notes: optionalText('Notes', TEXT_LIMITS.notes),
  status: z.literal('pending', 'New appointments start as pending').optional(),
  priority: z.literal('normal', 'New appointments start with normal priority').optional(),
});
export type AppointmentInput = z.infer<typeof appointmentInputSchema>;

/** The `Idempotency-Key` header's value (see IDEMPOTENCY_KEY_HEADER): 1-255 visible ASCII characters. */
export const idempotencyKeySchema = z
  .string({ error: 'Idempotency-Key must be text' })
  .regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency-Key must be 1 to 255 visible ASCII characters');

/** `booking.appointments.create`: the appointment, and the client's Idempotency-Key when it sent one. */
export const appointmentRequestSchema = appointmentInputSchema.extend({
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type AppointmentRequest = z.infer<typeof appointmentRequestSchema>;

/**
 * POST /api/bookings: the public form's one call, the customer's fields (POST /api/customers) and
 * the appointment's (POST /api/appointments, whose customer is the one this call registers), with
 * the same rules and messages: one schema of each, composed.
 */
export const bookingInputSchema = customerInputSchema.extend(
  appointmentInputSchema.omit({ customerId: true }).shape,
);
export type BookingInput = z.infer<typeof bookingInputSchema>;

/** `booking.bookings.create`: the booking, and the client's Idempotency-Key when it sent one. */
export const bookingRequestSchema = bookingInputSchema.extend({
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

export const createdAppointmentSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  status: z.literal('pending'),
  priority: prioritySchema,
  location: z.string(),
  scheduledDate: z.string().nullable(),
  scheduledTime: z.string().nullable(),
  requestedAt: z.string(),
  /** `CB-7K3Q9`: what the customer reads over the phone (ADR 0090). */
  reference: z.string(),
  /** The private link's token: /confirmation/<token> and /track/<token>. Given once, never stored. */
  token: z.string(),
});
export type CreatedAppointment = z.infer<typeof createdAppointmentSchema>;

/** The booking form's values and rules; the browser validates with it. */
export const bookingFormSchema = z.object({
  firstName: requiredText('First name')
    .trim()
    .min(1, 'First name is required')
    .max(TEXT_LIMITS.firstName, tooLong('First name', TEXT_LIMITS.firstName)),
  lastName: requiredText('Last name')
    .trim()
    .min(1, 'Last name is required')
    .max(TEXT_LIMITS.lastName, tooLong('Last name', TEXT_LIMITS.lastName)),
  phone: phoneNumber(requiredText('Phone number').trim()),
  street: requiredText('Street address')
    .trim()
    .min(1, 'Street address is required')
    .max(TEXT_LIMITS.street, tooLong('Street address', TEXT_LIMITS.street))
    .regex(/\d/, 'Street address should include a house number'),
  city: requiredText('City')
    .trim()
    .min(1, 'City is required')
    .max(TEXT_LIMITS.city, tooLong('City', TEXT_LIMITS.city)),
  state: requiredText('State').min(1, 'State is required'),
  zip: requiredText('ZIP code')
    .min(5, 'ZIP code must be at least 5 digits')
    .regex(ZIP_PATTERN, 'ZIP code must be in format 12345 or 12345-6789')
    // The default area only: booking may be configured otherwise, and its refusal lands here too.
    // A malformed ZIP has its format message alone.
    .superRefine((zip, ctx) => {
      if (ZIP_PATTERN.test(zip) && !isServedZip(zip))
        ctx.addIssue({ code: 'custom', message: outsideServiceArea(zip.slice(0, 5)) });
    }),
  vehicleYear: z.string({ error: mustBeText('Vehicle year') }).optional(),
  vehicleMake: z.string({ error: mustBeText('Vehicle make') }).optional(),
  vehicleModel: z.string({ error: mustBeText('Vehicle model') }).optional(),
  vehicleColor: z.string({ error: mustBeText('Vehicle color') }).optional(),
  preferredDate: z.string({ error: mustBeText('Preferred date') }).optional(),
  scheduledTime: z.string({ error: mustBeText('Scheduled time') }).optional(),
  notes: z
    .string({ error: mustBeText('Notes') })
    .max(TEXT_LIMITS.notes, tooLong('Notes', TEXT_LIMITS.notes))
    .optional(),
  agreeToTerms: z
    .boolean({ error: 'You must agree to the terms of service' })
    .refine((v) => v, 'You must agree to the terms of service'),
});
export type BookingForm = z.infer<typeof bookingFormSchema>;

/** GET /api/time-slots?date=&address= */
export const timeSlotsQuerySchema = z.object({
  date: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'Date is required' : 'Date must be in format YYYY-MM-DD',
    })
    .regex(DATE_PATTERN, 'Date must be in format YYYY-MM-DD'),
  address: z
    .string({ error: mustBeText('Address') })
    .max(TEXT_LIMITS.location, tooLong('Address', TEXT_LIMITS.location))
    .optional(),
});
export const timeSlotSchema = z.object({
  hour: z.number().int(),
  available: z.boolean(),
  reason: z.string().optional(),
});
export type TimeSlot = z.infer<typeof timeSlotSchema>;
export const timeSlotsSchema = z.array(timeSlotSchema);

/** `booking.time-slots.list`: the hour grid of one day (the address is accepted but not used yet). */
export const timeSlotsRequestSchema = timeSlotsQuerySchema;
export type TimeSlotsRequest = z.infer<typeof timeSlotsRequestSchema>;

// ---- The customer's booking: its private link, tracking and self-service (ADR 0090) ---------

/** A link token in a path: anything else is "not found", never a validation message. */
export const linkTokenSchema = z.string().refine(isLinkToken, 'Not found');

/** `booking.links.*` and `dispatch.*` by token: the token as sent, checked by booking. */
export const linkRequestSchema = z.object({ token: z.string().max(100) });

/**
 * What a valid token opens: the booking it belongs to, and what booking knows of the visit (the
 * page's view until dispatch has it on its board, a delivery's time after the booking).
 */
export const linkedBookingSchema = z.object({
  appointmentId: z.number().int(),
  reference: z.string(),
  requestedAt: z.string(),
  scheduledDate: z.string().nullable(),
  scheduledTime: z.string().nullable(),
});
export type LinkedBooking = z.infer<typeof linkedBookingSchema>;

/** POST /api/bookings/find: a reference and the phone number the visit was booked with. */
export const findBookingSchema = z.object({
  reference: requiredText('Reference')
    .trim()
    .min(1, 'Reference is required')
    .max(20, 'Enter the reference as it reads, like CB-7K3Q9')
    .refine(
      (r) => normalizeReference(r) !== null,
      'Enter the reference as it reads, like CB-7K3Q9',
    ),
  phone,
});
export type FindBooking = z.infer<typeof findBookingSchema>;
export const foundBookingSchema = z.object({ token: z.string() });

const trackingTimelineEntrySchema = z.object({
  step: z.enum(TRACKING_STEPS),
  label: z.string(),
  reached: z.boolean(),
  at: z.string().nullable(),
});

/** What the tracking page shows of a visit (see `trackingState`): no last name, phone or address. */
export const trackingStateSchema = z.object({
  status: appointmentStatusSchema,
  timeline: z.array(trackingTimelineEntrySchema),
  technician: z.object({ firstName: z.string() }).nullable(),
  position: z.object({ lat: z.number(), lng: z.number(), at: z.string() }).nullable(),
  etaMinutes: z.number().int().nullable(),
  queuePosition: z.number().int().nullable(),
  scheduledDate: z.string().nullable(),
  scheduledTime: z.string().nullable(),
  canCancel: z.boolean(),
  canReschedule: z.boolean(),
  /** The old battery's test, once the visit is done (issue 35); null before, or with none. */
  batteryTest: z
    .object({ stateOfHealth: z.number().int(), decision: z.enum(TEST_DECISIONS) })
    .nullable()
    .default(null),
  /** The photos taken at the door, once the visit is done; each image by the private link. */
  photos: z
    .array(z.object({ id: z.number().int().positive(), kind: z.enum(PHOTO_KINDS) }))
    .default([]),
  /** The code the customer tells the technician on arrival, until they arrive (where asked). */
  arrivalCode: z.string().nullable().default(null),
  /** Once the visit is done and billed: what it cost, and whether (how, when) it is paid. */
  payment: z
    .object({
      status: z.enum(INVOICE_STATUSES),
      totalCents: z.number().int(),
      paidCents: z.number().int(),
      owedCents: z.number().int().optional(),
      method: z.enum(['card', 'cash', 'check']).nullable(),
      paidAt: z.string().nullable(),
    })
    .nullable()
    .default(null),
});

/** GET /api/track/{token} and the `/track` socket's `track.changed`. */
export const trackingViewSchema = trackingStateSchema.extend({ reference: z.string() });
export type TrackingView = z.infer<typeof trackingViewSchema>;

/**
 * `dispatch.tracking.view`: the view, and what only the gateway keeps to move the van on the map
 * between answers (who is coming, and where to). Never sent to a browser.
 */
export const trackingFactsSchema = z.object({
  state: trackingStateSchema,
  technicianId: z.number().int().nullable(),
  destination: geoPointSchema.nullable(),
});
export type TrackingFacts = z.infer<typeof trackingFactsSchema>;

/** GET /api/bookings/{token}: the confirmation page, the customer's own details and the visit. */
export const bookingDetailsSchema = z.object({
  reference: z.string(),
  contact: z.object({ name: z.string(), phone: z.string() }),
  location: z.string(),
  vehicle: z.string().nullable(),
  preferredTime: z.string().nullable(),
  notes: z.string().nullable(),
  tracking: trackingViewSchema,
});
export type BookingDetails = z.infer<typeof bookingDetailsSchema>;

/** `booking.links.details`: booking's half of the confirmation (the gateway adds the tracking). */
export const bookingContactSchema = bookingDetailsSchema
  .omit({ tracking: true })
  .extend(linkedBookingSchema.shape);

/** POST /api/track/{token}/cancel: why, if the customer wants to say. */
export const cancelBookingSchema = z.object({
  reason: optionalText('Reason', TEXT_LIMITS.cancelReason),
});
export type CancelBooking = z.infer<typeof cancelBookingSchema>;

/** POST /api/track/{token}/reschedule: another hour for a scheduled visit. */
export const rescheduleBookingSchema = z.object({
  scheduledDate: requiredText('Scheduled date').regex(
    DATE_PATTERN,
    'Scheduled date must be in format YYYY-MM-DD',
  ),
  scheduledTime: requiredText('Scheduled time').regex(
    TIME_PATTERN,
    'Scheduled time must be in format HH:MM:SS',
  ),
});
export type RescheduleBooking = z.infer<typeof rescheduleBookingSchema>;

/** What a move answers: the visit's new hour. */
export const rescheduledBookingSchema = z.object({
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  preferredTime: z.string(),
});
