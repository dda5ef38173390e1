import { z } from 'zod';
import { optionalText, tooLong } from '../common';
import { DIALOG_TO_SERVICE_CODE, DialogServiceCode, SERVICE_CODES, ServiceCode } from '../enums';

/** An inventory item as listed by GET /api/inventory (spec section 7). */
export const inventoryItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  sku: z.string().nullable(),
  category: z.string().nullable(),
  quantity: z.number().int(),
  minQuantity: z.number().int(),
  unitCost: z.number(),
  notes: z.string().nullable(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;
export const inventoryItemsSchema = z.array(inventoryItemSchema);

const categorySchema = z.enum(['battery'], 'Category must be battery');

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

export const SERVICE_RECORD_MESSAGES = {
  serviceCodeRequired: 'Please select a service code',
  batteryDetailsRequired:
    'Battery serial numbers, inventory selection, and vehicle mileage are required for battery installation and warranty replacement',
} as const;

/** Service codes that put a battery in, and so take one unit of stock. */
export const BATTERY_SERVICE_CODES = ['battery_installed', 'warranty_replacement'] as const;
export const takesBattery = (code: ServiceCode) =>
  (BATTERY_SERVICE_CODES as readonly ServiceCode[]).includes(code);

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

/** POST /api/service-records (spec section 3, "Service record payload"; rules of section 5). */
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
    // The spec attaches the combined message to batterySerialNumber; each missing field shows it too.
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
export const verifySerialAnswerSchema = z.object({ verified: z.boolean() });
