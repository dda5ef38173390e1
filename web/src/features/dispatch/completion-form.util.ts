import {
  DIALOG_SERVICE_CODES,
  DIALOG_TO_SERVICE_CODE,
  SERVICE_CODE_LABELS,
  SERVICE_RECORD_MESSAGES,
  serviceRecordInputSchema,
  takesBattery,
  type DashboardAppointment,
  type DialogServiceCode,
  type InventoryItem,
  VEHICLE_TEXT,
} from '@cincy/contracts';
import { z } from 'zod';
import type { ServiceRecordBody } from '../../api/service-records';

/** A choice of the dialog's selects (antd Select `options`). */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** The completion dialog's values, as its controls hold them (text). */
export interface CompletionForm {
  serviceCode: DialogServiceCode | '';
  completionNotes: string;
  inventoryItemId: string;
  batterySerialNumber: string;
  previousBatterySerialNumber: string;
  vehicleMileage: string;
  vehicleYear: string;
  vehicleMake: string;
  vehicleModel: string;
  vehicleColor: string;
  /** 'true' when the customer keeps the old battery (a battery sold only: the core charge). */
  oldBatteryKept: string;
}
export type CompletionField = keyof CompletionForm;
/** Field errors, plus `form` for what belongs to no field. */
export type CompletionErrors = Partial<Record<CompletionField | 'form', string>>;

export const EMPTY_COMPLETION_FORM: CompletionForm = {
  serviceCode: '',
  completionNotes: '',
  inventoryItemId: '',
  batterySerialNumber: '',
  previousBatterySerialNumber: '',
  vehicleMileage: '',
  vehicleYear: '',
  vehicleMake: '',
  vehicleModel: '',
  vehicleColor: '',
  oldBatteryKept: '',
};

/** 'Service Performed *': the dialog's spelling as values, the labels of history. */
export const SERVICE_CODE_OPTIONS: readonly SelectOption[] = DIALOG_SERVICE_CODES.map((value) => ({
  value,
  label: SERVICE_CODE_LABELS[DIALOG_TO_SERVICE_CODE[value]],
}));

export const COMPLETION_MESSAGES = {
  verifyFirst: 'Verify the previous battery serial number first',
  previousSerialRequired: 'Enter the previous battery serial number',
  noAppointment: 'No appointment selected',
} as const;

export type VehicleFields = Pick<
  CompletionForm,
  'vehicleYear' | 'vehicleMake' | 'vehicleModel' | 'vehicleColor'
>;
const NO_VEHICLE: VehicleFields = {
  vehicleYear: '',
  vehicleMake: '',
  vehicleModel: '',
  vehicleColor: '',
};

/** The booking's vehicle text, '2019 Toyota Camry (Blue)'; anything else gives empty values. */
export function parseVehicleText(text: string | null | undefined): VehicleFields {
  const match = VEHICLE_TEXT.exec((text ?? '').trim());
  if (!match) return NO_VEHICLE;
  const [, vehicleYear, vehicleMake, vehicleModel, color = ''] = match;
  return { vehicleYear, vehicleMake, vehicleModel, vehicleColor: color.trim() };
}

/** A vehicle field typed in the form wins; an empty one takes the parsed value. */
export function mergeVehicle(parsed: VehicleFields, form: VehicleFields): VehicleFields {
  const pick = (field: keyof VehicleFields) => form[field].trim() || parsed[field];
  return {
    vehicleYear: pick('vehicleYear'),
    vehicleMake: pick('vehicleMake'),
    vehicleModel: pick('vehicleModel'),
    vehicleColor: pick('vehicleColor'),
  };
}

/** Which groups of fields the chosen service shows (a warranty's battery only once verified). */
export function completionFieldsShown(
  serviceCode: CompletionForm['serviceCode'],
  verified: boolean,
) {
  const warranty = serviceCode === 'warranty replacement';
  return {
    previousSerial: warranty,
    battery: serviceCode === 'battery installed' || (warranty && verified),
  };
}

/** '12' -> 12; empty or not a number -> undefined. */
export function parseInventoryItemId(value: string): number | undefined {
  const id = Number.parseInt(value, 10);
  return Number.isNaN(id) ? undefined : id;
}

/**
 * POST /api/service-records body for the chosen appointment. The record names the appointment's
 * technician (the dialog acts for them); battery fields are sent only for a service that puts a
 * battery in, the previous serial only for a warranty replacement. The result is the contract's
 * input type (`z.input` of `serviceRecordInputSchema`), which `validateCompletion` parses as the
 * server will.
 */
export function buildServiceRecordPayload(
  appointment: Pick<
    DashboardAppointment,
    'id' | 'customerId' | 'technicianId' | 'technician' | 'technicianUsername' | 'vehicle'
  > | null,
  form: CompletionForm,
): ServiceRecordBody {
  if (!appointment) throw new Error(COMPLETION_MESSAGES.noAppointment);
  const code = form.serviceCode ? DIALOG_TO_SERVICE_CODE[form.serviceCode] : undefined;
  const battery = code !== undefined && takesBattery(code);
  const warranty = code === 'warranty_replacement';
  return {
    appointmentId: appointment.id,
    customerId: appointment.customerId,
    serviceCode: form.serviceCode,
    completionNotes: form.completionNotes.trim(),
    batterySerialNumber: battery ? form.batterySerialNumber.trim() : '',
    previousBatterySerialNumber: warranty ? form.previousBatterySerialNumber.trim() : '',
    ...mergeVehicle(parseVehicleText(appointment.vehicle), form),
    vehicleMileage: battery ? form.vehicleMileage.trim() : '',
    technicianId: appointment.technicianId,
    technicianName: appointment.technician?.name || appointment.technicianUsername || null,
    inventoryItemId: battery ? parseInventoryItemId(form.inventoryItemId) : undefined,
    oldBatteryKept: code === 'battery_installed' && form.oldBatteryKept === 'true',
  };
}

const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_COMPLETION_FORM));

/**
 * The dialog's validation: the contract's schema and messages (the server applies the same), and
 * before it, a warranty replacement needs its previous serial verified.
 */
export function validateCompletion(
  payload: ServiceRecordBody,
  verified: boolean,
): CompletionErrors {
  if (payload.serviceCode === 'warranty replacement' && !verified) {
    return {
      previousBatterySerialNumber: payload.previousBatterySerialNumber
        ? COMPLETION_MESSAGES.verifyFirst
        : COMPLETION_MESSAGES.previousSerialRequired,
    };
  }
  const result = serviceRecordInputSchema.safeParse(payload);
  if (result.success) return {};
  const errors: CompletionErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    const field = FORM_FIELDS.has(key) ? (key as CompletionField) : 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * How a field shows its error. The combined battery message is written once, under the serial
 * field; the other missing battery fields are marked invalid and point at it.
 */
export function fieldError(
  errors: CompletionErrors,
  field: CompletionField,
): { message?: string; pointsToSerial: boolean } {
  const message = errors[field];
  if (!message) return { pointsToSerial: false };
  if (field !== 'batterySerialNumber' && message === SERVICE_RECORD_MESSAGES.batteryDetailsRequired)
    return { pointsToSerial: true };
  return { message, pointsToSerial: false };
}

/** 'name - description (Stock: n)'; the description falls back to the sku. */
export function inventoryOptionLabel(
  item: Pick<InventoryItem, 'name' | 'description' | 'sku' | 'quantity'>,
) {
  const detail = item.description?.trim() || item.sku?.trim();
  return `${item.name}${detail ? ` - ${detail}` : ''} (Stock: ${item.quantity})`;
}

/** The battery choices; one with no stock is shown but cannot be chosen. */
export function inventoryOptions(items: readonly InventoryItem[]): SelectOption[] {
  return items.map((item) => ({
    value: String(item.id),
    label: inventoryOptionLabel(item),
    disabled: item.quantity <= 0,
  }));
}

/** The dialog's form values: the fields as text, and whether the previous serial was verified. */
export type CompletionValues = Partial<
  Record<CompletionField, string | number | boolean | null>
> & {
  verified?: boolean;
};

/** The form's values as the text `buildServiceRecordPayload` reads (a cleared number is ''). */
export function completionFormOf(values: CompletionValues): CompletionForm {
  const form = { ...EMPTY_COMPLETION_FORM };
  for (const field of Object.keys(EMPTY_COMPLETION_FORM) as CompletionField[]) {
    const value = values[field];
    if (value !== undefined && value !== null)
      (form as Record<string, string>)[field] = String(value);
  }
  return form;
}

/**
 * A field marked invalid whose message is written under another field (the combined battery
 * message lives under the serial); antd shows the mark, this blank takes the message's place.
 */
export const SEE_SERIAL_MESSAGE = ' ';

/**
 * The completion form's schema, for `zodRule` (lib/zod-form.ts): the values become the request
 * body and go through `validateCompletion` (the contract's `serviceRecordInputSchema`, after the
 * warranty's verified serial), each message on its field; the combined battery message is
 * written once, under the serial, and the other missing battery fields are only marked.
 */
export function completionFormSchema(
  appointment: Parameters<typeof buildServiceRecordPayload>[0],
): z.ZodType<CompletionValues> {
  return z.custom<CompletionValues>().superRefine((values, ctx) => {
    const errors = validateCompletion(
      buildServiceRecordPayload(appointment, completionFormOf(values ?? {})),
      values?.verified === true,
    );
    for (const key of Object.keys(errors) as (CompletionField | 'form')[]) {
      if (key === 'form') {
        ctx.addIssue({ code: 'custom', path: ['form'], message: errors.form ?? '' });
        continue;
      }
      const shown = fieldError(errors, key);
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: shown.pointsToSerial ? SEE_SERIAL_MESSAGE : (shown.message ?? ''),
      });
    }
  });
}
