import { z } from 'zod';
import { appointmentStatusSchema, tooLong } from '../common';
import { SERVICE_CODES, ServiceCode } from '../enums';
import { serviceRecordSchema } from '../inventory/api';
import { TEXT_LIMITS } from './limits';
import { INVOICE_STATUSES } from '../billing/invoice-states';

/**
 * The customer record: a customer's addresses and vehicles (from their bookings, editable, one of
 * each marked default), their service history's rows and a battery's chain of installs.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLong(label, max));

export const customerAddressSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  address: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type CustomerAddress = z.infer<typeof customerAddressSchema>;

export const customerVehicleSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  vehicle: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type CustomerVehicle = z.infer<typeof customerVehicleSchema>;

/** POST/PATCH /api/customers/{id}/addresses[/{addressId}]. */
export const customerAddressInputSchema = z.object({
  address: text('Address', TEXT_LIMITS.location),
  isDefault: z.boolean('Default must be true or false').optional(),
});
export type CustomerAddressInput = z.infer<typeof customerAddressInputSchema>;

/** POST/PATCH /api/customers/{id}/vehicles[/{vehicleId}]. */
export const customerVehicleInputSchema = z.object({
  vehicle: text('Vehicle', TEXT_LIMITS.vehicle),
  isDefault: z.boolean('Default must be true or false').optional(),
});
export type CustomerVehicleInput = z.infer<typeof customerVehicleInputSchema>;

/**
 * A customer's addresses and vehicles are one kind of record: the same list, edits and default,
 * told apart by `kind`. Each kind's entry names its text after the kind (`address`, `vehicle`).
 */
export const CUSTOMER_RECORD_KINDS = ['address', 'vehicle'] as const;
export type CustomerRecordKind = (typeof CUSTOMER_RECORD_KINDS)[number];
export type CustomerRecordEntry = CustomerAddress | CustomerVehicle;
export const CUSTOMER_RECORD_SCHEMAS = {
  address: { entry: customerAddressSchema, input: customerAddressInputSchema },
  vehicle: { entry: customerVehicleSchema, input: customerVehicleInputSchema },
} as const;

export const CUSTOMER_RECORD_MESSAGES = {
  customerNotFound: 'Customer not found',
  addressNotFound: 'Address not found',
  vehicleNotFound: 'Vehicle not found',
  addressTaken: 'This customer already has that address',
  vehicleTaken: 'This customer already has that vehicle',
  addressDeleted: 'Address removed',
  vehicleDeleted: 'Vehicle removed',
  batteryNotFound: 'No battery with that serial number was installed',
} as const;

/** Text as the record compares it: trimmed, single spaces (case is ignored by the index). */
export const normaliseRecordText = (value: string) => value.trim().replace(/\s+/g, ' ');

/**
 * A service history row: the record with what the owner reads from it, the vehicle (the record's
 * fields, else the booking's text), the battery's model (the inventory item) and the price.
 */
export const serviceHistoryRowSchema = serviceRecordSchema.extend({
  vehicle: z.string().nullable(),
  batteryModel: z.string().nullable(),
  /** Dollars, from the price list (`servicePrice`). */
  price: z.number(),
});
export type ServiceHistoryRow = z.infer<typeof serviceHistoryRowSchema>;

/** GET /api/service-records/chain?serial=. */
export const batteryChainQuerySchema = z.object({
  serial: text('Serial number', 64),
});
export type BatteryChainQuery = z.infer<typeof batteryChainQuerySchema>;

/** One battery in a chain: where and when it went in, and what replaced it. */
export const batteryLinkSchema = z.object({
  serial: z.string(),
  serviceCode: z.enum(SERVICE_CODES),
  appointmentId: z.number().int(),
  installedAt: z.string(),
  /** YYYY-MM-DD, Cincinnati. */
  installedOn: z.string(),
  vehicle: z.string().nullable(),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  technicianName: z.string().nullable(),
  batteryModel: z.string().nullable(),
  /** The battery it replaced (this record's previous serial). */
  replaces: z.string().nullable(),
  /** The later record whose previous serial is this one. */
  replacedBy: z
    .object({
      serial: z.string(),
      serviceCode: z.enum(SERVICE_CODES),
      on: z.string(),
    })
    .nullable(),
  /** The warranty's last day (YYYY-MM-DD). */
  warrantyEndsOn: z.string(),
});
export type BatteryLink = z.infer<typeof batteryLinkSchema>;

/** The battery searched for and its chain, oldest first (it is one of them). */
export const batteryChainSchema = z.object({
  serial: z.string(),
  chain: z.array(batteryLinkSchema),
});
export type BatteryChain = z.infer<typeof batteryChainSchema>;

/** Is this service code a warranty replacement (the chain's "replaced under warranty")? */
export const isWarrantyReplacement = (code: ServiceCode) => code === 'warranty_replacement';

/** Rows (history, a chain) whose record names no vehicle show the one their booking named. */
export const withBookedVehicles = <T extends { appointmentId: number; vehicle: string | null }>(
  rows: T[],
  booked: Record<string, string>,
): T[] =>
  rows.map((row) => (row.vehicle ? row : { ...row, vehicle: booked[row.appointmentId] ?? null }));

/** The appointments whose vehicle only booking knows. */
export const appointmentsWithoutVehicle = (
  rows: { appointmentId: number; vehicle: string | null }[],
): number[] => [...new Set(rows.filter((r) => !r.vehicle).map((r) => r.appointmentId))];

/** The record's visits: the latest this many, newest first (the count covers them all). */
export const CUSTOMER_VISITS_LIMIT = 20;

/** One of the customer's visits as booking keeps it (issue 32). */
export const customerVisitSchema = z.object({
  id: z.number().int(),
  reference: z.string().nullable(),
  status: appointmentStatusSchema,
  preferredTime: z.string().nullable(),
  scheduledDate: z.string().nullable(),
  scheduledTime: z.string().nullable(),
  /** How often the visit was moved to another hour (booking performs every move). */
  moveCount: z.number().int(),
  /** Its invoice's state once billed (issue 36), else null. */
  paymentStatus: z.enum(INVOICE_STATUSES).nullable(),
  requestedAt: z.string(),
});
export type CustomerVisit = z.infer<typeof customerVisitSchema>;

/** Counted over every visit, not only the listed ones. */
export const customerVisitsSchema = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  declined: z.number().int(),
  moved: z.number().int(),
  visits: z.array(customerVisitSchema),
});
export type CustomerVisits = z.infer<typeof customerVisitsSchema>;
