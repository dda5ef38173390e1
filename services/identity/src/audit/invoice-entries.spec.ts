import { Invoice } from '@cincy/contracts';
import { auditOutcome } from './audit-entries';
import { AuditedEvent } from './audit-common';

const invoice: Invoice = {
  id: 3,
  number: 'INV-2026-000003',
  appointmentId: 11,
  customerId: 5,
  status: 'open',
  subtotalCents: 15_307,
  taxCents: 1_193,
  totalCents: 16_500,
  paidCents: 0,
  refundedCents: 0,
  flags: [],
  tax: { state: 'OH', county: 'Hamilton', rateBps: 780, known: true },
  lines: [],
  payments: [],
  issuedAt: '2026-11-28T15:00:00.000Z',
};
const event = (type: string, payload: object) => ({ type, payload }) as unknown as AuditedEvent;

describe("billing's audit entries", () => {
  it("records the invoice on the job's history", () => {
    expect(auditOutcome(event('billing.invoice.issued', { invoice }), new Map())).toEqual({
      entries: [
        {
          entity: 'appointment',
          entityId: 11,
          customerId: 5,
          action: 'invoiced',
          summary: 'Invoice INV-2026-000003: $165.00, tax $11.93 included',
          changes: [],
        },
      ],
      states: [],
    });
  });

  it('records each payment: how much, how, and what is still owed', () => {
    const cash = { id: 1, method: 'cash', amountCents: 10_000, checkNumber: null, receivedAt: '' };
    const check = { ...cash, id: 2, method: 'check', amountCents: 6_500, checkNumber: '1042' };
    const summaryOf = (paidCents: number, payment: object) =>
      auditOutcome(
        event('billing.payment.recorded', { invoice: { ...invoice, paidCents }, payment }),
        new Map(),
      ).entries.map((e) => [e.action, e.summary]);
    expect(summaryOf(10_000, cash)).toEqual([
      ['payment received', '$100.00 by cash on INV-2026-000003; $65.00 still owed'],
    ]);
    expect(summaryOf(16_500, check)).toEqual([
      ['payment received', '$65.00 by check #1042 on INV-2026-000003; paid in full'],
    ]);
  });

  it('records a link sent, a flagged card payment and a refund with its reason', () => {
    const actions = (type: string, payload: object) =>
      auditOutcome(event(type, payload), new Map()).entries.map((e) => [e.action, e.summary]);
    const link = { invoiceId: 3, number: invoice.number, appointmentId: 11, customerId: 5 };
    expect(
      actions('billing.payment-link.created', { ...link, url: 'https://pay', amountCents: 16_500 }),
    ).toEqual([
      [
        'payment link sent',
        'Card payment link for $165.00 on INV-2026-000003 sent to the customer',
      ],
    ]);
    expect(actions('billing.payment.flagged', { invoice, reason: 'Not counted.' })).toEqual([
      ['payment flagged', 'INV-2026-000003: Not counted.'],
    ]);
    const refund = {
      id: 9,
      method: 'card',
      amountCents: -2_000,
      checkNumber: null,
      receivedAt: '',
      refundOf: 4,
      reason: 'Late arrival',
    };
    expect(actions('billing.refund.recorded', { invoice, refund })).toEqual([
      ['refunded', '$20.00 refunded by card on INV-2026-000003: Late arrival'],
    ]);
  });
});
