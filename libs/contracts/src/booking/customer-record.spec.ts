import {
  appointmentsWithoutVehicle,
  customerAddressInputSchema,
  normaliseRecordText,
  recordVehicle,
  withBookedVehicles,
} from './customer-record';

const none = { vehicleYear: null, vehicleMake: null, vehicleModel: null, vehicleColor: null };

describe('the customer record', () => {
  it("spells a record's vehicle from what it names, or none", () => {
    expect(
      recordVehicle({ ...none, vehicleYear: '2015', vehicleMake: 'Ford', vehicleModel: 'F-150' }),
    ).toBe('2015 Ford F-150');
    expect(recordVehicle({ ...none, vehicleMake: 'Ford', vehicleColor: 'red' })).toBe('Ford, red');
    expect(recordVehicle({ ...none, vehicleColor: 'red' })).toBe('red');
    expect(recordVehicle({ ...none, vehicleMake: '  ' })).toBeNull();
    expect(recordVehicle(none)).toBeNull();
  });

  it('fills a row naming no vehicle with the one booked, and asks only for those', () => {
    const rows = [
      { appointmentId: 1, vehicle: 'Ford' },
      { appointmentId: 2, vehicle: null },
      { appointmentId: 3, vehicle: null },
      { appointmentId: 2, vehicle: null },
    ];
    expect(appointmentsWithoutVehicle(rows)).toEqual([2, 3]);
    expect(withBookedVehicles(rows, { 1: 'Other', 2: 'Honda' }).map((r) => r.vehicle)).toEqual([
      'Ford',
      'Honda',
      null,
      'Honda',
    ]);
  });

  it('keeps text tidy and refuses an empty address with a clear message', () => {
    expect(normaliseRecordText('  12  Vine St ')).toBe('12 Vine St');
    const parsed = customerAddressInputSchema.safeParse({ address: '   ' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe('Address is required');
    expect(customerAddressInputSchema.safeParse({}).error?.issues[0].message).toBe(
      'Address is required',
    );
  });
});
