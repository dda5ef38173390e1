import { BOOKING, BUSINESS } from '../constants';
import { addDays, businessDate, businessParts, clockTime } from '../time';

/**
 * The booking rules both the form and the booking service apply, on the business clock
 * (America/New_York). Pure functions of `now`, so either side can test them at any hour.
 */

/** The hours of the grid, 9..21. */
export const GRID_HOURS: readonly number[] = Array.from(
  { length: BOOKING.lastHour - BOOKING.firstHour + 1 },
  (_, i) => BOOKING.firstHour + i,
);

/** 9 -> '9 AM', 12 -> '12 PM', 21 -> '9 PM'. */
export function hourLabel(hour: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** '10:40 PM', '9 AM' (a whole hour without its minutes). */
export function clockLabel(hour: number, minute: number): string {
  return minute === 0 ? hourLabel(hour) : clockTime(hour, minute);
}

/**
 * The service hours as every screen states them (landing page, form, hour grid): '9 AM - 9 PM',
 * the first and last hour a visit can start.
 */
export const SERVICE_HOURS = `${hourLabel(BOOKING.firstHour)} - ${hourLabel(BOOKING.lastHour)}`;

/** When ASAP requests are taken: '9 AM - 9 PM'. */
export const RAPID_RESPONSE_WINDOW = `${hourLabel(BOOKING.asapFromHour)} - ${hourLabel(BOOKING.asapUntilHour)}`;

/** Today and the next six days (the form's 7 date choices), as 'YYYY-MM-DD'. */
export function bookableDates(now: Date): string[] {
  const today = businessDate(now);
  return Array.from({ length: BOOKING.dateChoices }, (_, i) => addDays(today, i));
}

/** On today's grid an hour that has begun is gone: at 10:05 the 10 o'clock slot has passed. */
export function isPastHour(date: string, hour: number, now: Date): boolean {
  const today = businessDate(now);
  if (date !== today) return date < today; // ISO dates compare correctly as strings
  return hour <= businessParts(now).hour;
}

/** ASAP means "within the hour", so it is only taken while technicians are out: [9:00, 21:00). */
export function isWithinServiceHours(now: Date): boolean {
  const { hour } = businessParts(now);
  return hour >= BOOKING.asapFromHour && hour < BOOKING.asapUntilHour;
}

/**
 * Why the form offers no ASAP outside the window, before the visitor fills anything in:
 * "ASAP service runs 9 AM - 9 PM; it's 10:40 PM now. Pick a time below."
 */
export function asapClosedMessage(now: Date): string {
  const { hour, minute } = businessParts(now);
  return `ASAP service runs ${RAPID_RESPONSE_WINDOW}; it's ${clockLabel(hour, minute)} now. Pick a time below.`;
}

/** What the web app looks for in a message to title its toast 'Alternative Scheduling Available'. */
export const RAPID_RESPONSE_MARKER = 'rapid-response window';

/** Every booking text shown to a visitor, for the form and the server. */
export const BOOKING_MESSAGES = {
  timeSlotFull: `That time slot is fully booked. Please choose a different time or call us at ${BUSINESS.phone} for alternative availability.`,
  appointmentFailed: `Failed to create appointment. Please try again or call ${BUSINESS.phone} for assistance.`,
  invalidCustomer: 'Failed to create customer - invalid response',
  invalidAppointment: 'Failed to create appointment - invalid response',
  submitFallback: 'Please check your information and try again.',
  outsideServiceHours: `ASAP requests are handled in our ${RAPID_RESPONSE_MARKER}, ${RAPID_RESPONSE_WINDOW}. Please schedule a time for later, or call ${BUSINESS.phone}.`,
  dateOutOfRange: 'Please choose a date from today up to 6 days ahead.',
  hourOutOfRange: `Please choose a time on the hour between ${hourLabel(BOOKING.firstHour)} and ${hourLabel(BOOKING.lastHour)}.`,
  timeHasPassed: 'That time has already passed. Please choose a later time.',
  idempotencyKeyReused:
    'This request was already sent with different details. Please refresh the page and try again.',
  /** The hour grid's reasons. */
  timeSlotPassed: 'Time has passed',
  timeSlotBooked: 'Fully booked',
  /** No technician's shift covers the hour: nobody can come then, however empty the hour is. */
  timeSlotOffShift: 'Outside working hours',
} as const;
