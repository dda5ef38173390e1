import { historyColumns } from './service-history-dialog';

describe('the service history columns', () => {
  it('shows what the owner reads: date to price', () => {
    expect(historyColumns(() => undefined).map((c) => c.title)).toEqual([
      'Date',
      'Technician',
      'Vehicle',
      'Service',
      'Battery',
      'Battery Serial',
      'Previous Serial',
      'Mileage',
      'Price',
      'Battery Tests',
      'Notes',
    ]);
  });
});
