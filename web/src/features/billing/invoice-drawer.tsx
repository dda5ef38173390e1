import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  List,
  Typography,
} from 'antd';
import {
  INVOICE_STATUS_LABELS,
  formatDollars,
  type DashboardAppointment,
  type Invoice,
  type InvoicePayment,
  type PaymentLink,
  invoiceOwedCents,
} from '@cincy/contracts';
import { fetchJobInvoice, refundPayment, sendPaymentLink } from '../../api/invoices';
import { QUERY_KEYS } from '../../api/query-keys';
import { serverMessageOf } from '../../api/request';
import { SideDrawer } from '../../components/side-drawer';
import { formatDateTime } from '../../lib/format';

const dollars = (cents: number) => formatDollars(cents / 100);

/** "Cash", "Check #1042", "Card"; a refund says so. */
export function paymentLabel(p: InvoicePayment): string {
  const how =
    p.method === 'check' ? `Check #${p.checkNumber}` : p.method === 'cash' ? 'Cash' : 'Card';
  return p.amountCents < 0 ? `Refund (${how.toLowerCase()}): ${p.reason ?? ''}` : how;
}

/** What is left to refund of each payment. */
export function refundableCents(invoice: Invoice, payment: InvoicePayment): number {
  const refunded = invoice.payments
    .filter((p) => p.refundOf === payment.id)
    .reduce((sum, p) => sum - p.amountCents, 0);
  return payment.amountCents - refunded;
}

interface Props {
  appointment: DashboardAppointment;
  open: boolean;
  onClose: () => void;
}

/**
 * A job's invoice for the office: its lines, tax and totals, the payments and refunds, flagged card
 * payments; a card payment link sent to the customer, and refunds with their reason.
 */
export function InvoiceDrawer({ appointment, open, onClose }: Props) {
  const queryClient = useQueryClient();
  const key = QUERY_KEYS.jobInvoice(appointment.id);
  const invoice = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchJobInvoice(appointment.id, signal),
    enabled: open,
  });
  // The board's push says the money moved: read the invoice again.
  const payment = appointment.payment;
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: key });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the figures are what changes
  }, [payment?.paidCents, payment?.status]);
  const title = invoice.data ? `Invoice ${invoice.data.number}` : 'Invoice';

  return (
    <SideDrawer title={title} open={open} onClose={onClose}>
      {invoice.isPending && (
        <Typography.Text type="secondary">Loading the invoice…</Typography.Text>
      )}
      {invoice.isError && (
        <Alert
          type="error"
          showIcon
          message={serverMessageOf(invoice.error) ?? 'The invoice could not be read.'}
        />
      )}
      {invoice.data && (
        <InvoiceDetails
          invoice={invoice.data}
          onChanged={(next) => queryClient.setQueryData(key, next)}
        />
      )}
    </SideDrawer>
  );
}

function InvoiceDetails({
  invoice,
  onChanged,
}: {
  invoice: Invoice;
  onChanged: (i: Invoice) => void;
}) {
  const owed = invoiceOwedCents(invoice);
  const [refunding, setRefunding] = useState<InvoicePayment | null>(null);
  return (
    <Flex vertical gap={16} data-testid="invoice" data-status={invoice.status}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'status', label: 'Status', children: INVOICE_STATUS_LABELS[invoice.status] },
          ...invoice.lines.map((line, i) => ({
            key: `line-${i}`,
            label: line.description,
            children: dollars(line.amountCents),
          })),
          {
            key: 'tax',
            label: `Tax included (${invoice.tax.state}${invoice.tax.county ? `, ${invoice.tax.county}` : ''}, ${(invoice.tax.rateBps / 100).toFixed(2)} %)`,
            children: dollars(invoice.taxCents),
          },
          {
            key: 'total',
            label: 'Total',
            children: <strong>{dollars(invoice.totalCents)}</strong>,
          },
          { key: 'paid', label: 'Paid', children: dollars(invoice.paidCents) },
          ...(owed > 0 ? [{ key: 'owed', label: 'Owed', children: dollars(owed) }] : []),
        ]}
      />
      {invoice.flags.map((flag, i) => (
        <Alert
          key={i}
          type="warning"
          showIcon
          message="Card payment not counted"
          description={`${flag.reason} (${formatDateTime(flag.at)})`}
        />
      ))}
      <div>
        <Typography.Title level={4}>Payments</Typography.Title>
        {invoice.payments.length === 0 ? (
          <Typography.Text type="secondary">No payment yet.</Typography.Text>
        ) : (
          <List
            size="small"
            dataSource={invoice.payments}
            renderItem={(p) => (
              <List.Item
                actions={
                  p.amountCents > 0 && refundableCents(invoice, p) > 0
                    ? [
                        <Button key="refund" size="small" onClick={() => setRefunding(p)}>
                          Refund
                        </Button>,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={`${paymentLabel(p)} · ${dollars(p.amountCents)}`}
                  description={formatDateTime(p.receivedAt)}
                />
              </List.Item>
            )}
          />
        )}
      </div>
      {refunding && (
        <RefundForm
          invoice={invoice}
          payment={refunding}
          onDone={(next) => {
            setRefunding(null);
            if (next) onChanged(next);
          }}
        />
      )}
      {owed > 0 && <PaymentLinkButton invoiceId={invoice.id} />}
      <Button href={`/api/invoices/${invoice.id}/pdf`} download>
        Download invoice (PDF)
      </Button>
    </Flex>
  );
}

function PaymentLinkButton({ invoiceId }: { invoiceId: number }) {
  const send = useMutation<PaymentLink, Error>({ mutationFn: () => sendPaymentLink(invoiceId) });
  return (
    <Flex vertical gap={8}>
      <Button type="primary" loading={send.isPending} onClick={() => send.mutate()}>
        Send card payment link
      </Button>
      {send.data && (
        <Alert
          type="success"
          showIcon
          message={`Link for ${dollars(send.data.amountCents)} sent to the customer by text and email`}
          description={
            <Typography.Text copyable={{ text: send.data.url }}>{send.data.url}</Typography.Text>
          }
        />
      )}
      {send.isError && (
        <Alert
          type="error"
          showIcon
          message={serverMessageOf(send.error) ?? 'The link could not be made. Try again.'}
        />
      )}
    </Flex>
  );
}

interface RefundValues {
  amount: number;
  reason: string;
}

function RefundForm({
  invoice,
  payment,
  onDone,
}: {
  invoice: Invoice;
  payment: InvoicePayment;
  onDone: (invoice: Invoice | null) => void;
}) {
  const left = refundableCents(invoice, payment);
  // One key per form: a double click or a retry refunds once.
  const [key] = useState(() => crypto.randomUUID());
  const refund = useMutation<Invoice, Error, RefundValues>({
    mutationFn: ({ amount, reason }) =>
      refundPayment(
        invoice.id,
        { paymentId: payment.id, amountCents: Math.round(amount * 100), reason },
        key,
      ),
    onSuccess: (next) => onDone(next),
  });
  return (
    <Form<RefundValues>
      layout="vertical"
      aria-label="Refund"
      initialValues={{ amount: left / 100, reason: '' }}
      onFinish={(values) => refund.mutate(values)}
    >
      <Typography.Title level={4}>Refund {paymentLabel(payment).toLowerCase()}</Typography.Title>
      <Form.Item
        label="Amount ($)"
        name="amount"
        rules={[
          {
            required: true,
            type: 'number',
            min: 0.01,
            max: left / 100,
            message: `From $0.01 to ${dollars(left)}`,
          },
        ]}
      >
        <InputNumber
          min={0.01}
          max={left / 100}
          step={0.01}
          precision={2}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item
        label="Reason"
        name="reason"
        rules={[{ required: true, whitespace: true, message: 'Give a reason for the refund.' }]}
      >
        <Input maxLength={500} />
      </Form.Item>
      {refund.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={serverMessageOf(refund.error) ?? 'The refund did not go through.'}
        />
      )}
      <Flex gap={8}>
        <Button type="primary" danger htmlType="submit" loading={refund.isPending}>
          Refund
        </Button>
        <Button onClick={() => onDone(null)}>Cancel</Button>
      </Flex>
    </Form>
  );
}
