import { ServiceRecord, warrantyEndsOn } from '@cincy/contracts';
import { CHAIN_LIMIT, NamedRecord, followChain, toHistoryRow } from './battery-chain';

let nextId = 1;
const named = (
  serial: string,
  previous: string | null,
  completedAt: string,
  extra: Partial<ServiceRecord> = {},
): NamedRecord => ({
  record: {
    id: nextId,
    appointmentId: 100 + nextId++,
    customerId: 7,
    serviceCode: previous ? 'warranty_replacement' : 'battery_installed',
    completionNotes: null,
    technicianId: 3,
    technicianName: 'Tess',
    batterySerialNumber: serial,
    previousBatterySerialNumber: previous,
    vehicleYear: null,
    vehicleMake: null,
    vehicleModel: null,
    vehicleColor: null,
    vehicleMileage: '1000',
    inventoryItemId: 1,
    completedAt,
    price: previous ? 0 : 210,
    batteryTests: [],
    oldBatteryKept: false,
    warrantyEndsOn: null,
    ...extra,
  },
  batteryModel: 'H6 AGM',
  customerName: 'Ann',
});

/** Look-ups over a list of records, as the repository answers them. */
const lookUps = (all: NamedRecord[]) => ({
  previous: async (serial: string) =>
    all.find((n) => n.record.batterySerialNumber?.toLowerCase() === serial.toLowerCase()) ?? null,
  next: async (serial: string, after: string) =>
    all.find(
      (n) =>
        n.record.previousBatterySerialNumber?.toLowerCase() === serial.toLowerCase() &&
        n.record.completedAt >= after,
    ) ?? null,
});

describe("a battery's chain", () => {
  it('runs from the first battery to the one in the car now, each with its warranty end', async () => {
    const a = named('A', null, '2025-01-10T15:00:00.000Z');
    const b = named('B', 'a', '2025-06-10T15:00:00.000Z');
    const c = named('C', 'B', '2025-11-10T15:00:00.000Z');
    const { previous, next } = lookUps([a, b, c]);
    const chain = await followChain(b, previous, next);
    expect(chain.map((l) => [l.serial, l.replaces, l.replacedBy?.serial ?? null])).toEqual([
      ['A', null, 'B'],
      ['B', 'a', 'C'],
      ['C', 'B', null],
    ]);
    expect(chain[0]).toMatchObject({
      installedOn: '2025-01-10',
      warrantyEndsOn: warrantyEndsOn(new Date('2025-01-10T15:00:00.000Z')),
      replacedBy: { serial: 'B', serviceCode: 'warranty_replacement', on: '2025-06-10' },
      customer: { id: 7, name: 'Ann' },
    });
  });

  it('stops at a loop in old data and at its limit', async () => {
    const x = named('X', 'Y', '2025-01-01T15:00:00.000Z');
    const y = named('Y', 'X', '2025-02-01T15:00:00.000Z');
    const { previous, next } = lookUps([x, y]);
    expect((await followChain(x, previous, next)).map((l) => l.serial)).toEqual(['Y', 'X']);

    const long = Array.from({ length: CHAIN_LIMIT + 5 }, (_, i) =>
      named(
        `S${i}`,
        i === 0 ? null : `S${i - 1}`,
        new Date(Date.UTC(2020, 0, 1 + i)).toISOString(),
      ),
    );
    const around = lookUps(long);
    expect(await followChain(long[0], around.previous, around.next)).toHaveLength(CHAIN_LIMIT + 1);
  });

  it('shows the price stored with the record, whatever the model is called now', () => {
    const renamed = { ...named('P', null, '2025-01-01T15:00:00.000Z'), batteryModel: 'Standard' };
    const installed = toHistoryRow(renamed);
    const warranty = toHistoryRow(named('Q', 'P', '2025-02-01T15:00:00.000Z'));
    expect(installed.price).toBe(210); // paid for an AGM; the price list would now say 165
    expect(warranty.price).toBe(0);
    expect(installed).toMatchObject({ batteryModel: 'Standard', vehicle: null });
  });
});
