import type { BatteryLink } from '@cincy/contracts';
import {
  historyVehicle,
  linkSummary,
  mileageText,
  placeBody,
  placeText,
  underWarranty,
} from './customer-record.util';

const link: BatteryLink = {
  serial: 'A1',
  serviceCode: 'battery_installed',
  appointmentId: 4,
  installedAt: '2025-03-01T15:00:00.000Z',
  installedOn: '2025-03-01',
  vehicle: '2015 Ford F-150',
  customer: { id: 2, name: 'Ann' },
  technicianName: 'Tess',
  batteryModel: 'H6 AGM',
  replaces: null,
  replacedBy: { serial: 'B2', serviceCode: 'warranty_replacement', on: '2025-09-01' },
  warrantyEndsOn: '2026-03-01',
};

describe('the customer record on screen', () => {
  it('shows mileage with miles and a placeholder when there is none', () => {
    expect(mileageText('42000')).toBe('42,000 mi');
    expect(mileageText(null)).toBe('—');
    expect(historyVehicle({ vehicle: null })).toBe('—');
    expect(historyVehicle({ vehicle: 'Honda Fit' })).toBe('Honda Fit');
  });

  it('speaks of addresses and vehicles alike', () => {
    const address = { id: 1, customerId: 2, address: '1 Oak St', isDefault: true, createdAt: '' };
    const vehicle = { id: 1, customerId: 2, vehicle: 'Jeep', isDefault: false, createdAt: '' };
    expect(placeText(address)).toBe('1 Oak St');
    expect(placeText(vehicle)).toBe('Jeep');
    expect(placeBody('addresses', '1 Oak St')).toEqual({ address: '1 Oak St' });
    expect(placeBody('vehicles', 'Jeep', true)).toEqual({ vehicle: 'Jeep', isDefault: true });
  });

  it("tells a battery's story in one sentence and whether its warranty still runs", () => {
    expect(linkSummary(link)).toBe(
      'Installed 2025-03-01 in 2015 Ford F-150 for Ann; replaced under warranty by B2 on 2025-09-01.',
    );
    expect(linkSummary({ ...link, vehicle: null, customer: null, replacedBy: null })).toBe(
      'Installed 2025-03-01.',
    );
    expect(underWarranty(link, '2026-03-01')).toBe(true);
    expect(underWarranty(link, '2026-03-02')).toBe(false);
  });
});
