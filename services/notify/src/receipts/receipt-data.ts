import { ServiceRecord, takesNewBattery, vehicleLabel, warrantyEndsOn } from '@cincy/contracts';
import type { ReceiptData } from '../common/templates';

/**
 * A receipt's figures from inventory's service record, the booking's reference and customer,
 * and the battery's model (notify's copy of the item). Price and warranty only for a new battery.
 */
export function buildReceipt(
  record: ServiceRecord,
  context: { reference: string | null; customerName: string; batteryModel: string | null },
): ReceiptData {
  const newBattery = takesNewBattery(record.serviceCode);
  const batteryModel = newBattery ? context.batteryModel : null;
  return {
    reference: context.reference,
    customerName: context.customerName,
    completedAt: new Date(record.completedAt).toISOString(),
    technicianName: record.technicianName,
    serviceCode: record.serviceCode,
    vehicle: vehicleLabel(record),
    mileage: record.vehicleMileage?.trim() || null,
    batteryModel,
    batterySerial: record.batterySerialNumber,
    previousBatterySerial: record.previousBatterySerialNumber,
    // Fixed at the install from the item's months; a record from before: the one year then.
    warrantyEndsOn: newBattery
      ? (record.warrantyEndsOn ?? warrantyEndsOn(new Date(record.completedAt)))
      : null,
    batteryTests: record.batteryTests,
  };
}

/** The PDF's file name: `receipt-CB-7K3Q9.pdf` (the appointment's id before references). */
export const receiptFilename = (reference: string | null, appointmentId: number) =>
  `receipt-${reference ?? appointmentId}.pdf`;
