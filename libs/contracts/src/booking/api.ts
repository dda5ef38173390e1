import { z } from 'zod';
import { BOOKING } from '../constants';
import { optionalText, prioritySchema, tooLong } from '../common';
import { TEXT_LIMITS } from './limits';

const digitCount = (s: string) => s.replace(/\D/g, '').length;

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

const phone = phoneNumber(
  z.string({ error: 'Phone number is required' }).trim().min(1, 'Phone number is required'),
);

const email = z
  .email('Invalid email')
  .max(TEXT_LIMITS.email, tooLong('Email', TEXT_LIMITS.email))
  .nullish()
  .or(z.literal('').transform(() => null));

/** POST /api/customers and PATCH /api/customers/{id}. */
export const customerInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(TEXT_LIMITS.name, tooLong('Name', TEXT_LIMITS.name)),
  phone,
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
    .string()
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

/** POST /api/appointments (spec section 3 "Appointment payload"). */
export const appointmentInputSchema = z.object({
  customerId: z.coerce
    .number({ error: 'Customer is required' })
    .int('Customer is required')
    .positive('Customer is required'),
  location: z
    .string({ error: 'Location is required' })
    .trim()
    .min(1, 'Location is required')
    .max(TEXT_LIMITS.location, tooLong('Location', TEXT_LIMITS.location)),
  vehicle: optionalText('Vehicle', TEXT_LIMITS.vehicle),
  preferredTime: z
    .union([
      z.literal('ASAP'),
      z.string().regex(DATE_PATTERN, 'Preferred time must be ASAP or a date'),
    ])
    .nullish()
    .transform((v) => v ?? null),
  scheduledDate: z
    .string()
    .regex(DATE_PATTERN, 'Scheduled date must be in format YYYY-MM-DD')
    .nullish()
    .transform((v) => v ?? null),
  scheduledTime: z
    .string()
    .regex(TIME_PATTERN, 'Scheduled time must be in format HH:MM:SS')
    .nullish()
    .transform((v) => v ?? null),
  notes: optionalText('Notes', TEXT_LIMITS.notes),
  status: z.literal('pending', 'New appointments start as pending').optional(),
  priority: z.literal('normal', 'New appointments start with normal priority').optional(),
});
export type AppointmentInput = z.infer<typeof appointmentInputSchema>;

export const createdAppointmentSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  status: z.literal('pending'),
  priority: prioritySchema,
  location: z.string(),
  scheduledDate: z.string().nullable(),
  scheduledTime: z.string().nullable(),
  requestedAt: z.string(),
});
export type CreatedAppointment = z.infer<typeof createdAppointmentSchema>;

/** The booking form's values and rules (spec sections 3 and 5); the browser validates with it. */
export const bookingFormSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(50, tooLong('First name', 50)),
  lastName: z.string().trim().min(1, 'Last name is required').max(50, tooLong('Last name', 50)),
  phone: phoneNumber(z.string().trim()),
  street: z
    .string()
    .trim()
    .min(1, 'Street address is required')
    .max(TEXT_LIMITS.street, tooLong('Street address', TEXT_LIMITS.street))
    .regex(/\d/, 'Street address should include a house number'),
  city: z
    .string()
    .trim()
    .min(1, 'City is required')
    .max(TEXT_LIMITS.city, tooLong('City', TEXT_LIMITS.city)),
  state: z.string().min(1, 'State is required'),
  zip: z
    .string()
    .min(5, 'ZIP code must be at least 5 digits')
    .regex(ZIP_PATTERN, 'ZIP code must be in format 12345 or 12345-6789'),
  vehicleYear: z.string().optional(),
  vehicleMake: z.string().optional(),
  vehicleModel: z.string().optional(),
  vehicleColor: z.string().optional(),
  preferredDate: z.string().optional(),
  scheduledTime: z.string().optional(),
  notes: z.string().max(TEXT_LIMITS.notes, tooLong('Notes', TEXT_LIMITS.notes)).optional(),
  agreeToTerms: z.boolean().refine((v) => v, 'You must agree to the terms of service'),
});
export type BookingForm = z.infer<typeof bookingFormSchema>;

/** GET /api/time-slots?date=&address= */
export const timeSlotsQuerySchema = z.object({
  date: z.string().regex(DATE_PATTERN, 'Date must be in format YYYY-MM-DD'),
  address: z.string().max(TEXT_LIMITS.location).optional(),
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
