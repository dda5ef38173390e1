import { Alert, Button, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { memo } from 'react';
import { useQueue } from '../../hooks/use-queue';
import { waitText } from './board-notes.util';

/**
 * The ASAP waiting list for dispatch: position, customer, who is expected and the estimated wait,
 * kept live by 'queue.changed'; drawn again when the queue changes, not at every push to the board.
 */
export const QueueCard = memo(function QueueCard({ enabled }: { enabled: boolean }) {
  const queue = useQueue({ enabled });
  let body;
  if (queue.isPending && !queue.isError) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (queue.isError && !queue.data)
    body = (
      <Alert
        type="error"
        showIcon
        title="Could not load the queue."
        action={
          <Button size="small" loading={queue.isFetching} onClick={() => void queue.refetch()}>
            Retry
          </Button>
        }
      />
    );
  else if (!queue.data?.length)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No ASAP requests waiting" />;
  else
    body = (
      <Flex vertical gap={10} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {queue.data.map((e) => (
          <li key={e.appointmentId} data-testid="queue-entry">
            <Flex align="center" gap={10}>
              <Tag style={{ margin: 0, minWidth: 32, textAlign: 'center' }}>
                <span className="visually-hidden">Position </span>
                {e.position}
              </Tag>
              <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                  {e.customerName}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {waitText(e)}
                  {e.technicianName && <> · {e.technicianName}</>}
                </Typography.Text>
              </Flex>
            </Flex>
          </li>
        ))}
      </Flex>
    );
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          ASAP queue {queue.data && <Tag>{queue.data.length}</Tag>}
        </Typography.Title>
      }
    >
      {body}
    </Card>
  );
});
