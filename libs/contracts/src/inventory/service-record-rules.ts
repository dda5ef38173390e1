import type { ServiceCode } from '../enums';
import { businessInstant, formatBusinessDay } from '../time';

// Plain rules of a service record, apart from its schema: the field app checks a completion
// with them before it goes to the outbox, without loading zod.

/** A warranty claim opened from a failing test (issue 37); plain, for the field app. */
export const WARRANTY_CLAIM_MESSAGES = {
  serial: 'Enter the failing battery serial number',
  alreadyClaimed: (serial: string) => `A warranty claim for battery ${serial} is already open`,
  opened: 'Warranty claim opened',
} as const;

export const SERVICE_RECORD_MESSAGES = {
  serviceCodeRequired: 'Please select a service code',
  batteryDetailsRequired:
    'Battery serial numbers, inventory selection, and vehicle mileage are required for battery installation and warranty replacement',
} as const;

/** Why a battery is not replaced under warranty (issue 37): its warranty's last day, passed. */
export const warrantyEndedMessage = (endedOn: string) =>
  `This battery's warranty ended on ${formatBusinessDay(businessInstant(endedOn, 12))}. Record the new battery as Battery Installed (a sale).`;

/** The completion's question, on the phone and in the office: a kept battery is a core charge. */
export const OLD_BATTERY_KEPT_LABEL = 'The customer keeps the old battery (core charge)';

/** Service codes that put a battery in, and so take one unit of stock. */
export const BATTERY_SERVICE_CODES = ['battery_installed', 'warranty_replacement'] as const;
export const takesBattery = (code: ServiceCode) =>
  (BATTERY_SERVICE_CODES as readonly ServiceCode[]).includes(code);
