import {
  PRICE_LIST_AUDIT_ID,
  invoiceOwedCents,
  type Invoice,
  type PriceList,
} from '@cincy/contracts';
import { AuditOutcome, EntryRules, FieldList, diff } from './audit-common';
import { moneyLabel } from './audit-format';

const dollars = (cents: number) => moneyLabel(cents / 100);

/** One entry on the job's history, about its invoice. */
const onJob = (invoice: Invoice, action: string, summary: string): AuditOutcome => ({
  entries: [
    {
      entity: 'appointment',
      entityId: invoice.appointmentId,
      customerId: invoice.customerId,
      action,
      summary,
      changes: [],
    },
  ],
  states: [],
});

const PRICE_LIST_FIELDS: FieldList<PriceList> = [
  ['Installation', (p) => dollars(p.installationCents)],
  ['Core charge', (p) => dollars(p.coreChargeCents)],
  ['Battery test', (p) => dollars(p.testOnlyCents)],
];

/**
 * What billing records: on the job's own history its invoice and each payment taken (issue 36);
 * on the price list's, each change of it.
 */
export const invoiceEntries: EntryRules = {
  'billing.invoice.issued': {
    subjects: () => [],
    outcome: ({ payload: { invoice } }) =>
      onJob(
        invoice,
        'invoiced',
        `Invoice ${invoice.number}: ${dollars(invoice.totalCents)}, tax ${dollars(invoice.taxCents)} included`,
      ),
  },
  'billing.payment.recorded': {
    subjects: () => [],
    outcome: ({ payload: { invoice, payment } }) => {
      const how = payment.method === 'check' ? `check #${payment.checkNumber}` : payment.method;
      const owed = invoiceOwedCents(invoice);
      return onJob(
        invoice,
        'payment received',
        `${dollars(payment.amountCents)} by ${how} on ${invoice.number}; ${owed > 0 ? `${dollars(owed)} still owed` : 'paid in full'}`,
      );
    },
  },
  'billing.payment-link.created': {
    subjects: () => [],
    outcome: ({ payload: p }) => ({
      entries: [
        {
          entity: 'appointment',
          entityId: p.appointmentId,
          customerId: p.customerId,
          action: 'payment link sent',
          summary: `Card payment link for ${dollars(p.amountCents)} on ${p.number} sent to the customer`,
          changes: [],
        },
      ],
      states: [],
    }),
  },
  'billing.payment.flagged': {
    subjects: () => [],
    outcome: ({ payload: { invoice, reason } }) =>
      onJob(invoice, 'payment flagged', `${invoice.number}: ${reason}`),
  },
  'billing.refund.recorded': {
    subjects: () => [],
    outcome: ({ payload: { invoice, refund } }) =>
      onJob(
        invoice,
        'refunded',
        `${dollars(-refund.amountCents)} refunded by ${refund.method} on ${invoice.number}: ${refund.reason ?? ''}`,
      ),
  },
  'billing.price-list.changed': {
    subjects: () => [],
    outcome: ({ payload: { previous, priceList } }) => {
      const changes = diff(PRICE_LIST_FIELDS, previous, priceList);
      return {
        entries: [
          {
            entity: 'price_list',
            entityId: PRICE_LIST_AUDIT_ID,
            customerId: null,
            action: 'edited',
            summary: `Prices changed: ${changes.map((c) => `${c.field} ${c.to}`).join(', ')}`,
            changes,
          },
        ],
        states: [],
      };
    },
  },
};
