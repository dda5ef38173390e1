import { centsOf, paymentLine } from './payment-panel';

const payment = (status: 'open' | 'partially_paid' | 'paid' | 'refunded', paidCents = 0) => ({
  payment: {
    invoiceId: 1,
    number: 'INV-2026-000001',
    status,
    totalCents: 17_000,
    paidCents,
    method: null,
    paidAt: null,
  },
});

describe('the phone reads an amount received', () => {
  it('as dollars and cents, with or without the cents or a $', () => {
    expect(centsOf('170')).toBe(17_000);
    expect(centsOf('170.5')).toBe(17_050);
    expect(centsOf(' $170.05 ')).toBe(17_005);
  });

  it('and nothing else: empty, zero, a third decimal, letters, a negative', () => {
    for (const text of ['', '0', '0.00', '1.005', 'ten', '-5', '1,000'])
      expect(centsOf(text)).toBeNull();
  });
});

describe("a done job's money on the phone", () => {
  it('says unpaid with the total, partly paid with what is owed, paid, or that the invoice is coming', () => {
    expect(paymentLine(payment('open'))).toBe('Unpaid · $170.00');
    expect(paymentLine(payment('partially_paid', 10_000))).toBe('Partly paid · $70.00 owed');
    expect(paymentLine(payment('paid', 17_000))).toBe('Paid');
    expect(paymentLine(payment('refunded'))).toBe('Refunded');
    expect(paymentLine({ payment: null })).toBe('Invoice on its way');
  });
});
