import { z } from 'zod';
import { locationQuantitySchema } from './locations';
import { occurredAtSchema, optionalText, tooLong } from '../common';
import { DIALOG_TO_SERVICE_CODE, DialogServiceCode, SERVICE_CODES, ServiceCode } from '../enums';
import {
  SERVICE_RECORD_MESSAGES,
  WARRANTY_CLAIM_MESSAGES,
  takesBattery,
} from './service-record-rules';
import { batteryTestsSchema } from '../dispatch/battery-tests';

/** An inventory item as listed by GET /api/inventory. */
export const inventoryItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  sku: z.string().nullable(),
  category: z.string().nullable(),
  quantity: z.number().int(),
  minQuantity: z.number().int(),
  unitCost: z.number(),
  /**
   * What a customer pays for the item, dollars, tax included (a battery: before its installation,
   * which is on billing's price list). Null: not sold on its own (a supply).
   */
  price: z.number().nullable().default(null),
  /** The warranty a battery of it is sold with, in months (issue 37); fixed on each install. */
  warrantyMonths: z.number().int().default(12),
  /** Each van should carry at least this many (issue 37); 0: no van minimum. */
  vanMinQuantity: z.number().int().default(0),
  notes: z.string().nullable(),
  /** Where the `quantity` is (issue 37): the warehouse first, then each van holding some. */
  byLocation: z.array(locationQuantitySchema).default([]),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;
export const inventoryItemsSchema = z.array(inventoryItemSchema);

export const INVENTORY_CATEGORIES = ['battery', 'supply'] as const;
export type InventoryCategory = (typeof INVENTORY_CATEGORIES)[number];
/** Every category an item can be created with can be listed. */
const categorySchema = z.enum(INVENTORY_CATEGORIES, 'Category must be battery or supply');

/** A count the inventory form sends: a whole number, at least 0. */
const count = (message: string) =>
  z.number(message).int('Use a whole number').min(0, message).max(1_000_000, message);

/**
 * POST /api/inventory and PUT /api/inventory/{id}: the item form's fields, plus `sku` and
 * `category`, which an item has but the form does not send (docs/adr/0055-inventory-writes.md).
 */
export const inventoryItemInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, tooLong('Name', 100)),
  description: optionalText('Description', 200),
  sku: optionalText('SKU', 50),
  category: categorySchema.default('battery'),
  quantity: count('Quantity must be positive'),
  minQuantity: count('Minimum quantity must be positive'),
  unitCost: z
    .number('Unit cost must be positive')
    .min(0, 'Unit cost must be positive')
    .max(100_000, 'Unit cost must be at most 100000')
    .transform((v) => Math.round(v * 100) / 100),
  /**
   * Absent: left as it is (a new battery starts at the house price of its kind, ADR 0115); null:
   * not sold on its own. An issued invoice keeps the price it was issued with.
   */
  price: z
    .number('Price must be positive')
    .min(0, 'Price must be positive')
    .max(100_000, 'Price must be at most 100000')
    .transform((v) => Math.round(v * 100) / 100)
    .nullable()
    .optional(),
  /** Absent: left as it is (a new item: 12). */
  warrantyMonths: z
    .number('Warranty must be 0 to 120 months')
    .int('Warranty must be 0 to 120 months')
    .min(0, 'Warranty must be 0 to 120 months')
    .max(120, 'Warranty must be 0 to 120 months')
    .optional(),
  /** Absent: left as it is (a new item: 0, no van minimum). */
  vanMinQuantity: z
    .number('Van minimum must be 0 to 100')
    .int('Van minimum must be 0 to 100')
    .min(0, 'Van minimum must be 0 to 100')
    .max(100, 'Van minimum must be 0 to 100')
    .optional(),
  notes: optionalText('Notes', 1000),
});
export type InventoryItemInput = z.infer<typeof inventoryItemInputSchema>;

export const INVENTORY_MESSAGES = {
  created: 'Item created',
  updated: 'Item updated',
  saved: 'Inventory item saved successfully',
  deleted: 'Item deleted',
  deletedDescription: 'Inventory item deleted successfully',
  notFound: 'Inventory item not found',
} as const;

/** GET /api/inventory's query string. */
export const inventoryQuerySchema = z.object({
  category: categorySchema.optional(),
  lowStock: z
    .enum(['true', 'false'], 'lowStock must be true or false')
    .optional()
    .transform((v) => v === 'true'),
});

/** The same filter as the inventory service receives it. */
export const inventoryFilterSchema = z.object({
  category: categorySchema.optional(),
  lowStock: z.boolean().default(false),
});
export type InventoryFilter = z.infer<typeof inventoryFilterSchema>;

/** Either spelling (the dialog's 'battery installed' or history's 'battery_installed'), stored as history's. */
export const serviceCodeSchema = z
  .string({ error: SERVICE_RECORD_MESSAGES.serviceCodeRequired })
  .transform((value, ctx): ServiceCode => {
    const code = value.trim().toLowerCase();
    if ((SERVICE_CODES as readonly string[]).includes(code)) return code as ServiceCode;
    if (code in DIALOG_TO_SERVICE_CODE) return DIALOG_TO_SERVICE_CODE[code as DialogServiceCode];
    ctx.addIssue({ code: 'custom', message: SERVICE_RECORD_MESSAGES.serviceCodeRequired });
    return z.NEVER;
  });

const serial = (label: string) => optionalText(label, 64);

/** POST /api/service-records: a battery service needs its serial, battery and mileage. */
export const serviceRecordInputSchema = z
  .object({
    appointmentId: z.number('Appointment is required').int().positive(),
    customerId: z.number('Customer is required').int().positive(),
    serviceCode: serviceCodeSchema,
    completionNotes: optionalText('Notes', 1000),
    batterySerialNumber: serial('Battery serial number'),
    previousBatterySerialNumber: serial('Previous battery serial number'),
    vehicleYear: optionalText('Vehicle year', 10),
    vehicleMake: optionalText('Vehicle make', 40),
    vehicleModel: optionalText('Vehicle model', 40),
    vehicleColor: optionalText('Vehicle color', 40),
    /** Text, as the data model stores it; whole miles. */
    vehicleMileage: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim().replace(/,/g, ''))
      .pipe(z.string().regex(/^\d{0,7}$/, 'Vehicle mileage must be a whole number of miles'))
      .nullish()
      .transform((v) => (v ? v : null)),
    technicianId: z.number().int().nullish(),
    technicianName: optionalText('Technician name', 100),
    inventoryItemId: z.number('Choose a battery').int().positive().nullish(),
    /**
     * A new battery went in and the customer keeps the old one: the core charge is billed (the
     * van takes it back otherwise). Absent: taken.
     */
    oldBatteryKept: z.boolean('Old battery kept must be true or false').default(false),
    /** When the job was completed, as the phone recorded it (sent later from its outbox). */
    occurredAt: occurredAtSchema.optional(),
  })
  .superRefine((record, ctx) => {
    if (!takesBattery(record.serviceCode)) return;
    const required: (keyof typeof record)[] = [
      'batterySerialNumber',
      'inventoryItemId',
      'vehicleMileage',
    ];
    if (record.serviceCode === 'warranty_replacement') required.push('previousBatterySerialNumber');
    const missing = required.filter((field) => record[field] == null);
    if (missing.length === 0) return;
    // The combined message belongs to batterySerialNumber; each missing field shows it too.
    for (const field of new Set(['batterySerialNumber', ...missing])) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: SERVICE_RECORD_MESSAGES.batteryDetailsRequired,
      });
    }
  });
export type ServiceRecordInput = z.infer<typeof serviceRecordInputSchema>;

/** A service record as history and battery search list it. */
export const serviceRecordSchema = z.object({
  id: z.number().int(),
  appointmentId: z.number().int(),
  customerId: z.number().int(),
  serviceCode: z.enum(SERVICE_CODES),
  completionNotes: z.string().nullable(),
  technicianId: z.number().int().nullable(),
  technicianName: z.string().nullable(),
  batterySerialNumber: z.string().nullable(),
  previousBatterySerialNumber: z.string().nullable(),
  vehicleYear: z.string().nullable(),
  vehicleMake: z.string().nullable(),
  vehicleModel: z.string().nullable(),
  vehicleColor: z.string().nullable(),
  vehicleMileage: z.string().nullable(),
  inventoryItemId: z.number().int().nullable(),
  completedAt: z.string(),
  /** Dollars the customer paid, from the price list when the record was made (`servicePrice`). */
  price: z.number().default(0),
  /** The battery tests taken on the job, as they were at completion (issue 35). */
  batteryTests: batteryTestsSchema.default([]),
  /** The customer kept the old battery (a core charge is billed); false: the van took it. */
  oldBatteryKept: z.boolean().default(false),
  /**
   * The new battery's warranty's last day (YYYY-MM-DD), fixed at the install from its item's
   * months (issue 37); null without a new battery, or on a record from before it was kept.
   */
  warrantyEndsOn: z.string().nullable().default(null),
});
export type ServiceRecord = z.infer<typeof serviceRecordSchema>;

/** POST /api/service-records/verify-serial. */
export const verifySerialSchema = z.object({
  customerId: z.number('Customer is required').int().positive(),
  serialNumber: z
    .string({ error: 'Enter the previous battery serial number' })
    .trim()
    .min(1, 'Enter the previous battery serial number')
    .max(64, tooLong('Serial number', 64)),
});
export type VerifySerial = z.infer<typeof verifySerialSchema>;
export const verifySerialAnswerSchema = z.object({
  /** The serial is in the customer's own service history. */
  verified: z.boolean(),
  /**
   * The day its warranty ended (YYYY-MM-DD), when it has: no warranty replacement for it (issue
   * 37); null while it is covered, or when it was not found.
   */
  warrantyEndedOn: z.string().nullable(),
});
export type VerifySerialAnswer = z.infer<typeof verifySerialAnswerSchema>;

/** GET /api/service-records/search?serialNumber=: part of a serial, case-insensitive. */
export const serialSearchQuerySchema = z.object({
  serialNumber: z
    .string({ error: 'Enter a battery serial number to search' })
    .trim()
    .min(1, 'Enter a battery serial number to search')
    .max(64, tooLong('Serial number', 64)),
});
export type SerialSearchQuery = z.infer<typeof serialSearchQuerySchema>;

/** A Battery Search row: the record and whose it is (inventory's copy of the customer). */
export const batterySearchResultSchema = serviceRecordSchema.extend({
  customer: z.object({ name: z.string(), phone: z.string() }).nullable(),
});
export type BatterySearchResult = z.infer<typeof batterySearchResultSchema>;

/** Service history and search answers are bounded: the newest this many. */
export const SERVICE_RECORDS_LIMIT = 100;

/** The claims list shows this many, newest first (the totals count them all). */
export const WARRANTY_CLAIMS_LIMIT = 200;

/**
 * A warranty claim (issue 37): a battery that failed under warranty, replaced at no charge
 * (a warranty replacement's record), and returned to its supplier, who credits its cost.
 */
export const warrantyClaimSchema = z.object({
  /** The job that opened the claim (its failing test) and replaces the battery. */
  appointmentId: z.number().int(),
  /** Open: the failing battery is still to be replaced; replaced: the swap is done. */
  status: z.enum(['open', 'replaced']).default('replaced'),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** When it was opened (the replacement's time, for a claim made by the swap itself). */
  openedAt: z.string(),
  replacedAt: z.string().nullable(),
  returnedSerial: z.string(),
  /** The failed battery's model (its item), when its install is on record. */
  returnedModel: z.string().nullable(),
  newSerial: z.string().nullable(),
  /** What its supplier owes for it: the failed battery's item's unit cost; 0 when unknown. */
  creditCents: z.number().int(),
});
export type WarrantyClaim = z.infer<typeof warrantyClaimSchema>;

/** POST /api/warranty/claims: a failing battery under warranty, from its job's failing test. */
export const openClaimInputSchema = z.object({
  appointmentId: z.coerce
    .number('Appointment is required')
    .int('Appointment is required')
    .positive('Appointment is required')
    .max(2_147_483_647, 'Appointment is required'),
  batterySerialNumber: z
    .string(WARRANTY_CLAIM_MESSAGES.serial)
    .trim()
    .min(1, WARRANTY_CLAIM_MESSAGES.serial)
    .max(100, tooLong('Battery serial number', 100)),
});
export type OpenClaimInput = z.infer<typeof openClaimInputSchema>;

/** GET /api/warranty/claims: the latest claims and the supplier's credit owed over all of them. */
export const warrantyClaimsSchema = z.object({
  count: z.number().int(),
  creditCents: z.number().int(),
  claims: z.array(warrantyClaimSchema),
});
export type WarrantyClaims = z.infer<typeof warrantyClaimsSchema>;

/** GET /api/warranty/due-tests: a battery we installed, old enough for its free test (issue 37). */
export const dueTestSchema = z.object({
  appointmentId: z.number().int(),
  customer: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }).nullable(),
  serial: z.string(),
  model: z.string().nullable(),
  installedAt: z.string(),
});
export type DueTest = z.infer<typeof dueTestSchema>;
export const dueTestsSchema = z.array(dueTestSchema);
