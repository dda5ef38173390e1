import { BATTERY_TEST_MESSAGES, SERVICE_RECORD_MESSAGES } from '@cincy/contracts';
import { NO_COMPLETION_FIELDS, completionRecord, type CompletionFields } from './completion-form';

const fields = (extra: Partial<CompletionFields>) =>
  ({ ...NO_COMPLETION_FIELDS, ...extra }) as CompletionFields;

describe('completionRecord', () => {
  const job = { customerId: 42 };

  it('asks for the service first, with the server’s own message', () => {
    expect(completionRecord(job, fields({}))).toEqual({
      error: SERVICE_RECORD_MESSAGES.serviceCodeRequired,
    });
  });

  it('asks for the battery, its serial and the mileage when one goes in', () => {
    const record = completionRecord(
      job,
      fields({ serviceCode: 'battery installed', batterySerialNumber: 'SN1' }),
    );
    expect(record).toEqual({ error: SERVICE_RECORD_MESSAGES.batteryDetailsRequired });
    const warranty = completionRecord(
      job,
      fields({
        serviceCode: 'warranty replacement',
        inventoryItemId: '3',
        batterySerialNumber: 'SN1',
        vehicleMileage: '1',
      }),
    );
    expect(warranty).toEqual({ error: SERVICE_RECORD_MESSAGES.batteryDetailsRequired });
  });

  it('builds the service record the server takes', () => {
    expect(
      completionRecord(
        job,
        fields({
          serviceCode: 'battery installed',
          inventoryItemId: '3',
          batterySerialNumber: ' SN-9 ',
          previousBatterySerialNumber: 'ignored',
          vehicleMileage: '84,120',
        }),
      ),
    ).toEqual({
      record: {
        customerId: 42,
        serviceCode: 'battery_installed',
        inventoryItemId: 3,
        batterySerialNumber: 'SN-9',
        previousBatterySerialNumber: null,
        vehicleMileage: '84120',
        completionNotes: null,
        oldBatteryKept: false,
      },
    });
    // The customer keeps the old battery: billed a core charge (a battery sold only).
    const kept = { inventoryItemId: '3', batterySerialNumber: 'SN-9', vehicleMileage: '1' };
    expect(
      completionRecord(
        job,
        fields({ ...kept, serviceCode: 'battery installed', oldBatteryKept: 'yes' }),
      ),
    ).toMatchObject({ record: { oldBatteryKept: true } });
    expect(
      completionRecord(
        job,
        fields({
          ...kept,
          serviceCode: 'warranty replacement',
          previousBatterySerialNumber: 'SN-1',
          oldBatteryKept: 'yes',
        }),
        [{ battery: 'old' as const, decision: 'BAD_CELL' as const, stateOfHealth: 9 }],
      ),
    ).toMatchObject({ record: { oldBatteryKept: false } });
    const tested = [{ battery: 'old' as const, decision: 'GOOD' as const, stateOfHealth: 80 }];
    expect(completionRecord(job, fields({ serviceCode: 'battery test' }), tested)).toMatchObject({
      record: { serviceCode: 'test_only', inventoryItemId: null },
    });
  });

  it('asks for the test a warranty or a test-only visit stands on, before the signal does', () => {
    const warranty = fields({
      serviceCode: 'warranty replacement',
      inventoryItemId: '3',
      batterySerialNumber: 'SN-9',
      previousBatterySerialNumber: 'SN-1',
      vehicleMileage: '84120',
    });
    const good = { battery: 'old' as const, decision: 'GOOD' as const, stateOfHealth: 80 };
    expect(completionRecord(job, warranty, [good])).toEqual({
      error: BATTERY_TEST_MESSAGES.warrantyNeedsFailingTest,
    });
    expect(
      completionRecord(job, warranty, [good, { ...good, decision: 'BAD_CELL', stateOfHealth: 9 }]),
    ).toHaveProperty('record');
    expect(completionRecord(job, fields({ serviceCode: 'battery test' }))).toEqual({
      error: BATTERY_TEST_MESSAGES.testOnlyNeedsTest,
    });
  });
});
