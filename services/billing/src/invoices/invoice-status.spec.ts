import { invoiceStatus } from './invoice-status';

describe('invoice status', () => {
  it('is open until money comes, partly paid, then paid once the total is covered', () => {
    expect(invoiceStatus(16_500, 0)).toBe('open');
    expect(invoiceStatus(16_500, 1)).toBe('partially_paid');
    expect(invoiceStatus(16_500, 16_499)).toBe('partially_paid');
    expect(invoiceStatus(16_500, 16_500)).toBe('paid');
  });

  it('is paid from the start when nothing is owed (a warranty replacement)', () => {
    expect(invoiceStatus(0, 0)).toBe('paid');
  });
});
