import {
  appointmentsWithoutVehicle,
  customerAddressInputSchema,
  normaliseRecordText,
  withBookedVehicles,
} from './customer-record';

describe('the customer record', () => {
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
