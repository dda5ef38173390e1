import { BATTERY_TEST_MESSAGES } from '@cincy/contracts';
import { NO_TEST_FIELDS, batteryTestBody, type TestFields } from './battery-test-form';

const typed = (over: Partial<TestFields>): TestFields => ({
  ...NO_TEST_FIELDS,
  ratedCca: '600',
  measuredCca: '310',
  voltage: '12.21',
  stateOfHealth: '41',
  decision: 'REPLACE',
  ...over,
});

describe('batteryTestBody', () => {
  it('reads a printout as typed into the body the server takes', () => {
    expect(
      batteryTestBody(typed({ chargingVoltage: '14.2', chargingResult: 'NO_PROBLEMS' })),
    ).toEqual({
      body: {
        battery: 'old',
        ratingStandard: 'SAE',
        ratedCca: 600,
        measuredCca: 310,
        voltage: 12.21,
        stateOfHealth: 41,
        decision: 'REPLACE',
        starter: null,
        charging: { voltage: 14.2, result: 'NO_PROBLEMS' },
        testCode: null,
      },
    });
  });

  it("says what is wrong with each reading in the server's words", () => {
    const result = batteryTestBody(
      typed({ voltage: '90', ratedCca: '600.5', stateOfHealth: '', decision: '' }),
    );
    expect(result).toEqual({
      errors: {
        voltage: BATTERY_TEST_MESSAGES.voltage,
        ratedCca: BATTERY_TEST_MESSAGES.ratedCca,
        stateOfHealth: BATTERY_TEST_MESSAGES.stateOfHealth,
        decision: BATTERY_TEST_MESSAGES.decision,
      },
    });
  });

  it('takes the starter or charging result whole or not at all', () => {
    expect(batteryTestBody(typed({ starterVoltage: '10.2' }))).toEqual({
      errors: { starterResult: BATTERY_TEST_MESSAGES.starterResult },
    });
    expect(batteryTestBody(typed({ voltage: '12.345' }))).toEqual({
      errors: { voltage: BATTERY_TEST_MESSAGES.voltage },
    });
  });
});
