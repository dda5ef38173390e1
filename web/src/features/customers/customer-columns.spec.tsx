import { batteryColumns, customerColumns } from './customer-columns';

describe('the Customer Database columns', () => {
  it('Customer Search: Customer, Phone, Total Jobs, Last Service, Actions', () => {
    expect(customerColumns(() => null).map((c) => c.title)).toEqual([
      'Customer',
      'Phone',
      'Total Jobs',
      'Last Service',
      'Actions',
    ]);
  });

  it('Battery Search: Customer, Phone, Battery Serial, Vehicle, Last Service, Actions', () => {
    expect(batteryColumns(() => null).map((c) => c.title)).toEqual([
      'Customer',
      'Phone',
      'Battery Serial',
      'Vehicle',
      'Last Service',
      'Actions',
    ]);
  });
});
