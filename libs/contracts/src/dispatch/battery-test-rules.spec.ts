import { ERROR_CODES } from '../error-codes';
import {
  BATTERY_TEST_MESSAGES,
  DOOR_RECORD_MESSAGES,
  checkDoorRecord,
  missingTest,
  testPrintout,
  testSummary,
} from './battery-test-rules';
import { batteryTestInputSchema } from './battery-tests';

const TECH = { id: 7, role: 'technician' };

describe('missingTest', () => {
  it('holds a warranty replacement to a failing test of the old battery', () => {
    const message = BATTERY_TEST_MESSAGES.warrantyNeedsFailingTest;
    expect(missingTest('warranty_replacement', [])).toBe(message);
    expect(missingTest('warranty_replacement', [{ battery: 'old', decision: 'GOOD' }])).toBe(
      message,
    );
    expect(missingTest('warranty_replacement', [{ battery: 'new', decision: 'BAD_CELL' }])).toBe(
      message,
    );
    expect(
      missingTest('warranty_replacement', [{ battery: 'old', decision: 'BAD_CELL' }]),
    ).toBeNull();
    expect(
      missingTest('warranty_replacement', [{ battery: 'old', decision: 'REPLACE' }]),
    ).toBeNull();
  });

  it('holds a test-only visit to one test; a battery installed needs none', () => {
    expect(missingTest('test_only', [])).toBe(BATTERY_TEST_MESSAGES.testOnlyNeedsTest);
    expect(missingTest('test_only', [{ battery: 'old', decision: 'GOOD' }])).toBeNull();
    expect(missingTest('battery_installed', [])).toBeNull();
  });
});

describe('checkDoorRecord', () => {
  it('lets the technician on the job test once arrived, the office on any open job', () => {
    expect(checkDoorRecord({ status: 'on_location', technicianId: 7 }, TECH)).toBeNull();
    expect(checkDoorRecord({ status: 'on_location', technicianId: 8 }, TECH)?.code).toBe(
      ERROR_CODES.forbidden,
    );
    expect(checkDoorRecord({ status: 'en_route', technicianId: 7 }, TECH)?.message).toBe(
      DOOR_RECORD_MESSAGES.notAtTheCar,
    );
    expect(
      checkDoorRecord({ status: 'pending', technicianId: null }, { id: 1, role: 'admin' }),
    ).toBeNull();
    expect(
      checkDoorRecord({ status: 'completed', technicianId: 7 }, { id: 1, role: 'admin' })?.code,
    ).toBe(ERROR_CODES.conflict);
  });
});

describe('a test as the contracts take it', () => {
  const test = {
    battery: 'old',
    ratingStandard: 'SAE',
    ratedCca: 600,
    measuredCca: 310,
    voltage: 12.21,
    stateOfHealth: 41,
    decision: 'REPLACE',
  };

  it('refuses readings no car battery gives, each with its own message', () => {
    const result = batteryTestInputSchema.safeParse({ ...test, voltage: 90, stateOfHealth: 101 });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      voltage: BATTERY_TEST_MESSAGES.voltage,
      stateOfHealth: BATTERY_TEST_MESSAGES.stateOfHealth,
    });
  });

  it('reads the optional results as null, and sums a test up as a printout does', () => {
    const parsed = batteryTestInputSchema.parse(test);
    expect(parsed).toMatchObject({ starter: null, charging: null, testCode: null });
    expect(testSummary(parsed)).toBe('Old battery: 41 % health, REPLACE');
    expect(
      testPrintout({
        ...parsed,
        charging: { voltage: 14.2, result: 'EXCESSIVE_RIPPLE' },
        testCode: 'T-88',
      }),
    ).toEqual([
      'OLD BATTERY: REPLACE (test code T-88)',
      'Rated 600 CCA SAE · Measured 310 CCA · 12.21 V · Health 41 %',
      'Charging 14.20 V EXCESSIVE RIPPLE',
    ]);
  });
});
