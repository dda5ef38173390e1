import { AuditOutcome, EntryRules } from './audit-common';
import { moneyLabel } from './audit-format';

const dollars = (cents: number) => moneyLabel(cents / 100);

/** What billing records, on the job's own history: its invoice, and each payment taken (issue 36). */
export const invoiceEntries: EntryRules = {
  'billing.invoice.issued': {
    subjects: () => [],
    outcome: ({ payload: { invoice } }): AuditOutcome => ({
      entries: [
        {
          entity: 'appointment',
          entityId: invoice.appointmentId,
          customerId: invoice.customerId,
          action: 'invoiced',
          summary: `Invoice ${invoice.number}: ${dollars(invoice.totalCents)}, tax ${dollars(invoice.taxCents)} included`,
          changes: [],
        },
      ],
      states: [],
    }),
  },
  'billing.payment.recorded': {
    subjects: () => [],
    outcome: ({ payload: { invoice, payment } }): AuditOutcome => {
      const how = payment.method === 'check' ? `check #${payment.checkNumber}` : payment.method;
      const owed = invoice.totalCents - invoice.paidCents;
      return {
        entries: [
          {
            entity: 'appointment',
            entityId: invoice.appointmentId,
            customerId: invoice.customerId,
            action: 'payment received',
            summary: `${dollars(payment.amountCents)} by ${how} on ${invoice.number}; ${owed > 0 ? `${dollars(owed)} still owed` : 'paid in full'}`,
            changes: [],
          },
        ],
        states: [],
      };
    },
  },
};
