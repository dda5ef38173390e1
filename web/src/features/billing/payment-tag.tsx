import { Tag } from 'antd';
import {
  INVOICE_STATUS_LABELS,
  formatDollars,
  jobOwedCents,
  type InvoiceStatus,
  type JobPayment,
} from '@cincy/contracts';

/** Each colour reads at 4.5:1 or more on its own tint (WCAG AA), as the status tags do. */
export const PAYMENT_COLORS = {
  open: '#854d0e',
  partially_paid: '#9a3412',
  paid: '#166534',
  refunded: '#4b5563',
  void: '#4b5563',
} as const;

/** "Unpaid $170.00", "Partly paid: $70.00 owed", "Paid": a job's money at a glance. */
export function paymentText(payment: NonNullable<JobPayment>): string {
  const label = INVOICE_STATUS_LABELS[payment.status];
  if (payment.status === 'open') return `${label} ${formatDollars(payment.totalCents / 100)}`;
  if (payment.status === 'partially_paid')
    return `${label}: ${formatDollars(jobOwedCents(payment) / 100)} owed`;
  return label;
}

/** An invoice's state as a tag: its label, or `text` (with the amounts). */
export function PaymentStatusTag({ status, text }: { status: InvoiceStatus; text?: string }) {
  return (
    <Tag color={PAYMENT_COLORS[status]} data-testid="payment-tag" data-status={status}>
      {text ?? INVOICE_STATUS_LABELS[status]}
    </Tag>
  );
}

export function PaymentTag({ payment }: { payment: JobPayment }) {
  if (!payment) return null;
  return <PaymentStatusTag status={payment.status} text={paymentText(payment)} />;
}
