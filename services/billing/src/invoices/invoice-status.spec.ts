import { invoiceStatus, owedCents } from './invoice-status';

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

describe('invoice status after refunds', () => {
  it('is refunded once everything received was given back, and only then', () => {
    expect(invoiceStatus(16_500, 16_500, 16_500)).toBe('refunded');
    expect(invoiceStatus(16_500, 10_000, 10_000)).toBe('refunded');
    expect(invoiceStatus(16_500, 16_500, 2_000)).toBe('paid');
    expect(invoiceStatus(16_500, 10_000, 2_000)).toBe('partially_paid');
  });

  it('owes the total less what was received: a refund makes nothing owed again', () => {
    expect(owedCents(16_500, 10_000)).toBe(6_500);
    expect(owedCents(16_500, 16_500)).toBe(0);
  });
});
