import { Alert, Button, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { useCustomerVisits } from '../../hooks/use-customer-visits';
import { PaymentStatusTag } from '../billing/payment-tag';
import { movedText, visitHour, visitStatus, visitsSummary } from './customer-visits.util';

/**
 * The record's visits: every appointment, newest first (the latest few), each with its booked
 * hour, status, its invoice's state once billed, reference and how often it moved; counted above. One line each, so it fits 390 px.
 */
export function CustomerVisitsList({ customerId }: { customerId: number }) {
  const visits = useCustomerVisits(customerId);
  if (visits.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (visits.isError) {
    return (
      <Alert
        type="error"
        title="Could not load the visits."
        action={<Button onClick={() => void visits.refetch()}>Retry</Button>}
      />
    );
  }
  const { visits: rows, ...counts } = visits.data;
  return (
    <section aria-label="Visits" style={{ marginBottom: 16 }}>
      <Typography.Title level={2} style={{ fontSize: 16, marginBlock: '0 8px' }}>
        Visits
      </Typography.Title>
      <Typography.Text>{visitsSummary(counts)}</Typography.Text>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No visits yet" />
      ) : (
        <List
          size="small"
          dataSource={rows}
          rowKey="id"
          renderItem={(v) => (
            <List.Item>
              <Flex gap={8} wrap align="center">
                <Typography.Text>{visitHour(v)}</Typography.Text>
                <Tag>{visitStatus(v)}</Tag>
                {v.paymentStatus && <PaymentStatusTag status={v.paymentStatus} />}
                {v.reference && <Typography.Text code>{v.reference}</Typography.Text>}
                {movedText(v.moveCount) && (
                  <Typography.Text type="secondary">{movedText(v.moveCount)}</Typography.Text>
                )}
              </Flex>
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
