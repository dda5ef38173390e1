import {
  BatteryLink,
  ServiceHistoryRow,
  ServiceRecord,
  businessDate,
  vehicleLabel,
  warrantyEndsOn,
} from '@cincy/contracts';

/** A record as the chain and history read it: with its battery's model and whose car it is. */
export interface NamedRecord {
  record: ServiceRecord;
  batteryModel: string | null;
  customerName: string | null;
}

/** A history row: the record (with the price paid, stored with it), its vehicle and battery model. */
export const toHistoryRow = ({ record, batteryModel }: NamedRecord): ServiceHistoryRow => ({
  ...record,
  vehicle: vehicleLabel(record),
  batteryModel,
});

/** One battery of a chain; `next` is the later record whose previous serial is this one. */
export function toBatteryLink(named: NamedRecord, next: ServiceRecord | null): BatteryLink {
  const { record } = named;
  const installedAt = new Date(record.completedAt);
  return {
    serial: record.batterySerialNumber ?? '',
    serviceCode: record.serviceCode,
    appointmentId: record.appointmentId,
    installedAt: record.completedAt,
    installedOn: businessDate(installedAt),
    vehicle: vehicleLabel(record),
    customer:
      named.customerName === null ? null : { id: record.customerId, name: named.customerName },
    technicianName: record.technicianName,
    batteryModel: named.batteryModel,
    replaces: record.previousBatterySerialNumber,
    replacedBy:
      next === null
        ? null
        : {
            serial: next.batterySerialNumber ?? '',
            serviceCode: next.serviceCode,
            on: businessDate(new Date(next.completedAt)),
          },
    // Fixed at the install; a record from before that was kept had the year every battery had.
    warrantyEndsOn: record.warrantyEndsOn ?? warrantyEndsOn(installedAt),
  };
}

/** How far a chain is followed each way: a loop in old data must not hang the page. */
export const CHAIN_LIMIT = 20;

/**
 * The chain around one install, oldest first: follow `previous` back to the first battery and
 * `next` forward to the battery in the car now, each serial once.
 */
export async function followChain(
  start: NamedRecord,
  previous: (serial: string) => Promise<NamedRecord | null>,
  next: (serial: string, after: string) => Promise<NamedRecord | null>,
): Promise<BatteryLink[]> {
  const seen = new Set<string>([key(start)]);
  const before: NamedRecord[] = [];
  for (let at = start; before.length < CHAIN_LIMIT;) {
    const old = at.record.previousBatterySerialNumber;
    const found = old ? await previous(old) : null;
    if (!found || seen.has(key(found))) break;
    seen.add(key(found));
    before.unshift(found);
    at = found;
  }
  const after: NamedRecord[] = [];
  for (let at = start; after.length < CHAIN_LIMIT;) {
    const serial = at.record.batterySerialNumber;
    const found = serial ? await next(serial, at.record.completedAt) : null;
    if (!found || seen.has(key(found))) break;
    seen.add(key(found));
    after.push(found);
    at = found;
  }
  const all = [...before, start, ...after];
  return all.map((named, i) => {
    const successor = all[i + 1];
    const replaced =
      successor &&
      sameSerial(successor.record.previousBatterySerialNumber, named.record.batterySerialNumber);
    return toBatteryLink(named, replaced ? successor.record : null);
  });
}

const key = (n: NamedRecord) => (n.record.batterySerialNumber ?? `#${n.record.id}`).toLowerCase();
const sameSerial = (a: string | null, b: string | null) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
