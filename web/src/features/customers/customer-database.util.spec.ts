import type { BatterySearchResult, CustomerSummary } from '@cincy/contracts';
import {
  customerActionsFor,
  emptyMessage,
  serviceLabel,
  toBatteryRow,
  uniqueCustomers,
  vehicleText,
} from './customer-database.util';

const result = (patch: Partial<BatterySearchResult> = {}): BatterySearchResult => ({
  id: 31,
  appointmentId: 12,
  customerId: 4,
  serviceCode: 'battery_installed',
  completionNotes: null,
  technicianId: 2,
  technicianName: 'Terry Tech',
  batterySerialNumber: 'SN-1',
  previousBatterySerialNumber: null,
  vehicleYear: '2019',
  vehicleMake: 'Toyota',
  vehicleModel: 'Camry',
  vehicleColor: 'Blue',
  vehicleMileage: '45210',
  inventoryItemId: 1,
  completedAt: '2030-06-14T16:00:00.000Z',
  price: 165,
  batteryTests: [],
  oldBatteryKept: false,
  warrantyEndsOn: null,
  customer: { name: 'Jane Doe', phone: '5135550101' },
  ...patch,
});

describe('vehicleText', () => {
  it('writes the vehicle as the booking form does', () => {
    expect(vehicleText(result())).toBe('2019 Toyota Camry (Blue)');
    expect(vehicleText(result({ vehicleColor: null }))).toBe('2019 Toyota Camry');
    expect(vehicleText(result({ vehicleYear: null, vehicleMake: 'Ford', vehicleModel: ' ' }))).toBe(
      'Ford (Blue)',
    );
    expect(
      vehicleText({ vehicleYear: null, vehicleMake: null, vehicleModel: null, vehicleColor: null }),
    ).toBe('');
  });
});

describe('toBatteryRow', () => {
  it("maps a search result to the row: serial, vehicle text, the record's date, the customer", () => {
    expect(toBatteryRow(result())).toEqual({
      key: 31,
      serial: 'SN-1',
      vehicle: '2019 Toyota Camry (Blue)',
      lastService: '2030-06-14T16:00:00.000Z',
      customer: { id: 4, name: 'Jane Doe', phone: '5135550101' },
      customerId: 4,
    });
  });

  it('keeps a deleted customer’s record without a customer, and dashes for what is missing', () => {
    const row = toBatteryRow(
      result({
        customer: null,
        vehicleYear: null,
        vehicleMake: null,
        vehicleModel: null,
        vehicleColor: null,
      }),
    );
    expect(row.customer).toBeNull();
    expect(row.customerId).toBe(4);
    expect(row.vehicle).toBe('—');
  });
});

describe('emptyMessage', () => {
  it.each([
    ['customer', '', 'No customers in database yet.'],
    ['customer', 'zed', 'No customers found matching your search.'],
    ['battery', '  ', 'Enter a battery serial number to search'],
    ['battery', 'SN-9', 'No batteries found with that serial number'],
  ] as const)('%s mode with %p says %p', (mode, search, text) => {
    expect(emptyMessage(mode, search)).toBe(text);
  });
});

describe('customerActionsFor', () => {
  const customer = { id: 4, name: 'Jane Doe', phone: '5135550101' };

  it('shows Delete only to privileged users (admins and the named account)', () => {
    expect(customerActionsFor({ privileged: true }, customer)).toEqual([
      'history',
      'edit',
      'delete',
    ]);
    expect(customerActionsFor({ privileged: false }, customer)).toEqual(['history', 'edit']);
  });

  it("offers only the history of a deleted customer's record", () => {
    expect(customerActionsFor({ privileged: true }, null)).toEqual(['history']);
  });
});

describe('uniqueCustomers', () => {
  it('lists every loaded page in order, each customer once', () => {
    const c = (id: number) => ({ id }) as CustomerSummary;
    expect(
      uniqueCustomers([
        [c(1), c(2)],
        [c(2), c(3)],
      ]).map((x) => x.id),
    ).toEqual([1, 2, 3]);
  });
});

describe('serviceLabel', () => {
  it('labels history codes as the completion dialog does', () => {
    expect(serviceLabel('test_only')).toBe('Battery Test');
    expect(serviceLabel('no_service')).toBe('No Service Rendered');
  });
});
