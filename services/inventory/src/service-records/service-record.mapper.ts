import { ServiceRecord } from '@cincy/contracts';
import { ServiceRecordEntity } from './service-record.entity';

export const toServiceRecord = (r: ServiceRecordEntity): ServiceRecord => ({
  id: r.id,
  appointmentId: r.appointmentId,
  customerId: r.customerId,
  serviceCode: r.serviceCode,
  completionNotes: r.completionNotes,
  technicianId: r.technicianId,
  technicianName: r.technicianName,
  batterySerialNumber: r.batterySerialNumber,
  previousBatterySerialNumber: r.previousBatterySerialNumber,
  vehicleYear: r.vehicleYear,
  vehicleMake: r.vehicleMake,
  vehicleModel: r.vehicleModel,
  vehicleColor: r.vehicleColor,
  vehicleMileage: r.vehicleMileage,
  inventoryItemId: r.inventoryItemId,
  completedAt: r.completedAt.toISOString(),
  price: r.price,
  batteryTests: r.batteryTests ?? [],
  oldBatteryKept: r.oldBatteryKept ?? false,
  warrantyEndsOn: r.warrantyEndsOn ?? null,
});
