import type {
  BatteryChain,
  BatterySearchResult,
  ServiceRecord,
  serviceRecordInputSchema,
  verifySerialAnswerSchema,
  verifySerialSchema,
} from '@cincy/contracts';
import { requestJson } from './request';
import type { SchemaInput, SchemaOutput } from './schema-types';

/**
 * The body of POST /api/service-records: the schema's input, which also takes the dialog's spelling
 * of service codes ('battery installed').
 */
export type ServiceRecordBody = SchemaInput<typeof serviceRecordInputSchema>;

/** POST /api/service-records/verify-serial's body and answer. */
export type VerifySerialBody = SchemaInput<typeof verifySerialSchema>;
export type VerifySerialAnswer = SchemaOutput<typeof verifySerialAnswerSchema>;

export function createServiceRecord(payload: ServiceRecordBody): Promise<ServiceRecord> {
  return requestJson('POST', '/api/service-records', payload);
}

export function verifySerial(body: VerifySerialBody): Promise<VerifySerialAnswer> {
  return requestJson('POST', '/api/service-records/verify-serial', body);
}

/** Battery Search: records whose serial contains the text (case-insensitive), newest first. */
export function searchServiceRecords(
  serialNumber: string,
  signal?: AbortSignal,
): Promise<BatterySearchResult[]> {
  return requestJson(
    'GET',
    `/api/service-records/search?serialNumber=${encodeURIComponent(serialNumber.trim())}`,
    undefined,
    { signal },
  );
}

/** A battery's page: its installs and replacements, oldest first, each with its warranty's end. */
export function fetchBatteryChain(serial: string, signal?: AbortSignal): Promise<BatteryChain> {
  return requestJson(
    'GET',
    `/api/service-records/chain?serial=${encodeURIComponent(serial.trim())}`,
    undefined,
    { signal },
  );
}
