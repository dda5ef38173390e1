import { ServiceRecord, vehicleLabel } from '@cincy/contracts';
import { buildReceipt, receiptFilename } from './receipt-data';

const record = (overrides: Partial<ServiceRecord> = {}): ServiceRecord => ({
  id: 1,
  appointmentId: 12,
  customerId: 5,
  serviceCode: 'battery_installed',
  completionNotes: null,
  technicianId: 7,
  technicianName: 'Tess Tech',
  batterySerialNumber: 'SN-NEW-1',
  previousBatterySerialNumber: 'SN-OLD-1',
  vehicleYear: '2019',
  vehicleMake: 'Toyota',
  vehicleModel: 'Camry',
  vehicleColor: 'Blue',
  vehicleMileage: '84,000',
  inventoryItemId: 3,
  completedAt: '2030-06-15T18:00:00.000Z',
  price: 210,
  batteryTests: [],
  oldBatteryKept: false,
  warrantyEndsOn: null,
  ...overrides,
});
const context = { reference: 'CB-7K3Q9', customerName: 'Robin Banks', batteryModel: 'H6 AGM' };

describe('buildReceipt', () => {
  it('names an installed battery and warrants it for a year (the money is on the invoice)', () => {
    expect(buildReceipt(record(), context)).toEqual({
      reference: 'CB-7K3Q9',
      customerName: 'Robin Banks',
      batteryTests: [],
      completedAt: '2030-06-15T18:00:00.000Z',
      technicianName: 'Tess Tech',
      serviceCode: 'battery_installed',
      vehicle: '2019 Toyota Camry (Blue)',
      mileage: '84,000',
      batteryModel: 'H6 AGM',
      batterySerial: 'SN-NEW-1',
      previousBatterySerial: 'SN-OLD-1',
      warrantyEndsOn: '2031-06-15',
    });
  });

  it('warrants a warranty replacement, and nothing for a test', () => {
    const replaced = buildReceipt(record({ serviceCode: 'warranty_replacement' }), context);
    expect(replaced).toMatchObject({
      warrantyEndsOn: '2031-06-15',
      batteryModel: 'H6 AGM',
    });
    const tested = buildReceipt(
      record({ serviceCode: 'test_only', inventoryItemId: null }),
      context,
    );
    expect(tested).toMatchObject({ warrantyEndsOn: null, batteryModel: null });
  });

  it('names the vehicle from what the record has', () => {
    expect(vehicleLabel(record({ vehicleColor: null }))).toBe('2019 Toyota Camry');
    expect(
      vehicleLabel(
        record({ vehicleYear: null, vehicleMake: null, vehicleModel: null, vehicleColor: null }),
      ),
    ).toBeNull();
    expect(receiptFilename('CB-7K3Q9', 12)).toBe('receipt-CB-7K3Q9.pdf');
    expect(receiptFilename(null, 12)).toBe('receipt-12.pdf');
  });
});
