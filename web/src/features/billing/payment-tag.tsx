import { Tag } from 'antd';
import { INVOICE_STATUS_LABELS, formatDollars, type JobPayment } from '@cincy/contracts';

const COLORS = {
  open: 'gold',
  partially_paid: 'orange',
  paid: 'green',
  refunded: 'default',
  void: 'default',
} as const;

/** "Unpaid $170.00", "Partly paid: $70.00 owed", "Paid": a job's money at a glance. */
export function paymentText(payment: NonNullable<JobPayment>): string {
  const label = INVOICE_STATUS_LABELS[payment.status];
  if (payment.status === 'open') return `${label} ${formatDollars(payment.totalCents / 100)}`;
  if (payment.status === 'partially_paid')
    return `${label}: ${formatDollars((payment.totalCents - payment.paidCents) / 100)} owed`;
  return label;
}

export function PaymentTag({ payment }: { payment: JobPayment }) {
  if (!payment) return null;
  return (
    <Tag color={COLORS[payment.status]} data-testid="payment-tag" data-status={payment.status}>
      {paymentText(payment)}
    </Tag>
  );
}
