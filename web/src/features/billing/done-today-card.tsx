import { Card, Empty, Flex, Tag, Typography } from 'antd';
import { memo } from 'react';
import type { DashboardAppointment, SignedInUser } from '@cincy/contracts';
import { doneToday } from '../dispatch/board-lists.util';
import { InvoiceButton } from './invoice-button';
import { PAYMENT_COLORS, PaymentTag } from './payment-tag';

/**
 * Today's completed jobs for dispatch and whether each is paid (those still owing first), with
 * its invoice a click away: booked -> dispatched -> done -> paid on one board.
 */
export const DoneTodayCard = memo(function DoneTodayCard({
  board,
  today,
  user,
}: {
  board: readonly DashboardAppointment[];
  today: string;
  user: Pick<SignedInUser, 'role'>;
}) {
  const { shown, total, unpaid } = doneToday(board, today);
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          Done today {total > 0 && <Tag>{total}</Tag>}
          {unpaid > 0 && <Tag color={PAYMENT_COLORS.open}>{unpaid} unpaid</Tag>}
        </Typography.Title>
      }
    >
      {total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No job completed today" />
      ) : (
        <Flex
          vertical
          gap={8}
          component="ul"
          aria-label="Done today"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {shown.map((a) => (
            <li key={a.id} data-testid="done-today" data-appointment-id={a.id}>
              <Flex gap={8} wrap align="center" justify="space-between">
                <span>
                  <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                    {a.customer.name}
                  </Typography.Text>
                  {a.technician && (
                    <Typography.Text type="secondary"> · {a.technician.name}</Typography.Text>
                  )}
                </span>
                <span>
                  {a.payment ? <PaymentTag payment={a.payment} /> : <Tag>Invoice on its way</Tag>}
                  <InvoiceButton appointment={a} user={user} size="small" />
                </span>
              </Flex>
            </li>
          ))}
          {total > shown.length && (
            <li>
              <Typography.Text type="secondary">and {total - shown.length} more</Typography.Text>
            </li>
          )}
        </Flex>
      )}
    </Card>
  );
});
