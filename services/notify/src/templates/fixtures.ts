// Test data for the template specs (not part of the service).
import type { MessageData, ReceiptData } from './template-data';

export const receiptFixture = (overrides: Partial<ReceiptData> = {}): ReceiptData => ({
  reference: 'CB-7K3Q9',
  customerName: 'Robin Example',
  // 10:30 PM on June 15 in Cincinnati, already June 16 in UTC.
  completedAt: '2030-06-16T02:30:00.000Z',
  technicianName: 'Dana Smith',
  serviceCode: 'battery_installed',
  vehicle: '2019 Toyota Camry (Blue)',
  mileage: '52310',
  batteryModel: 'EverStart H6 AGM',
  batterySerial: 'SN-4471-XZ',
  previousBatterySerial: 'OLD-0092',
  warrantyEndsOn: '2031-06-15',
  ...overrides,
});

export const messageFixture = (overrides: Partial<MessageData> = {}): MessageData => ({
  kind: 'received',
  firstName: 'Robin',
  reference: 'CB-7K3Q9',
  trackingUrl: 'https://cincybattery.test/track/tok_abc123',
  rebookUrl: 'https://cincybattery.test/book',
  technicianFirstName: 'Dana',
  etaMinutes: 12,
  laterArrival: null,
  scheduledLabel: null,
  receipt: null,
  ...overrides,
});
