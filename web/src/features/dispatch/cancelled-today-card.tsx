import { Card, Empty, Flex, Tag, Typography } from 'antd';
import { memo } from 'react';
import { businessMinutes, clockLabel, type DashboardAppointment } from '@cincy/contracts';
import { cancelledToday, formatSchedule } from './board-lists.util';

/** '2:05 PM' on the business clock. */
function cancelledAt(iso: string): string {
  const minutes = businessMinutes(new Date(iso));
  return clockLabel(Math.floor(minutes / 60), minutes % 60);
}

/**
 * Today's cancelled visits for dispatch, so a cancellation does not just vanish from the board:
 * who, the hour they had, when it was cancelled and why (when they said); a few of them, and how
 * many in all.
 */
export const CancelledTodayCard = memo(function CancelledTodayCard({
  board,
  today,
}: {
  board: readonly DashboardAppointment[];
  today: string;
}) {
  const { shown, total } = cancelledToday(board, today);
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          Cancelled today {total > 0 && <Tag>{total}</Tag>}
        </Typography.Title>
      }
    >
      {total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No visit cancelled today" />
      ) : (
        <Flex
          vertical
          gap={6}
          component="ul"
          aria-label="Cancelled today"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {shown.map((a) => (
            <li key={a.id} data-testid="cancelled-today">
              <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                {a.customer.name}
              </Typography.Text>
              <Typography.Text type="secondary">
                {' '}
                · {formatSchedule(a)} · cancelled {cancelledAt(a.updatedAt)}
              </Typography.Text>
              {a.cancelReason && (
                <Typography.Paragraph
                  type="secondary"
                  italic
                  style={{ margin: 0, overflowWrap: 'anywhere' }}
                >
                  {`"${a.cancelReason}"`}
                </Typography.Paragraph>
              )}
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
