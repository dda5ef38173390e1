import type { BatterySearchResult, ServiceRecord, VerifySerial } from '@cincy/contracts';
import { requestJson } from './request';

/**
 * The body of POST /api/service-records as the completion dialog sends it (spec section 3,
 * "Service record payload"); the server parses it with `serviceRecordInputSchema`.
 */
export interface ServiceRecordPayload {
  appointmentId: number;
  customerId: number;
  /** The dialog's spelling ('battery installed', ...); the server stores history's. */
  serviceCode: string;
  completionNotes: string;
  batterySerialNumber: string;
  previousBatterySerialNumber: string;
  vehicleYear: string;
  vehicleMake: string;
  vehicleModel: string;
  vehicleColor: string;
  vehicleMileage: string;
  technicianId: number | null;
  technicianName: string | null;
  inventoryItemId: number | undefined;
}

export function createServiceRecord(payload: ServiceRecordPayload): Promise<ServiceRecord> {
  return requestJson<ServiceRecord>('POST', '/api/service-records', payload);
}

export function verifySerial(body: VerifySerial): Promise<{ verified: boolean }> {
  return requestJson<{ verified: boolean }>('POST', '/api/service-records/verify-serial', body);
}

/** Battery Search: records whose serial contains the text (case-insensitive), newest first. */
export function searchServiceRecords(
  serialNumber: string,
  signal?: AbortSignal,
): Promise<BatterySearchResult[]> {
  return requestJson<BatterySearchResult[]>(
    'GET',
    `/api/service-records/search?serialNumber=${encodeURIComponent(serialNumber.trim())}`,
    undefined,
    { signal },
  );
}
