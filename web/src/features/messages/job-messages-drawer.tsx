import { Alert, Button, Collapse, Empty, Flex, Skeleton, Typography } from 'antd';
import { SideDrawer } from '../../components/side-drawer';
import type { Message } from '@cincy/contracts';
import { MessageStateTag } from './message-state-tag';
import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_TEXTS,
  attemptsText,
  canResend,
  messageAddress,
  messageStep,
  messageWhen,
} from './message-view.util';
import { ResendButton } from './resend-button';
import { useAppointmentMessages } from '../../hooks/use-messages';

interface Props {
  appointmentId: number;
  customerName: string;
  open: boolean;
  onClose: () => void;
}

/** The drawer title: "Messages — Jane Doe". */
export const drawerTitle = (customerName: string) => `Messages — ${customerName}`;

/**
 * A job's messages to its customer (admins), oldest first: the step, channel and address, the
 * state (with a failure's reason), attempts, when, the text as sent (folded) and Resend for a
 * failed one. Read again every 5 s while open.
 */
export function JobMessagesDrawer({ appointmentId, customerName, open, onClose }: Props) {
  const messages = useAppointmentMessages(appointmentId, open);
  const list = messages.data;

  return (
    <SideDrawer title={drawerTitle(customerName)} open={open} onClose={onClose}>
      <div aria-busy={messages.isFetching || undefined}>
        {messages.isPending && !messages.isError ? (
          <div role="status">
            <Typography.Paragraph type="secondary">Loading the messages...</Typography.Paragraph>
            <Skeleton active title={false} paragraph={{ rows: 4 }} />
          </div>
        ) : messages.isError && !list ? (
          <Alert
            type="error"
            title={`${MESSAGE_TEXTS.loadFailed} ${messages.error.message}`}
            action={<Button onClick={() => void messages.refetch()}>Retry</Button>}
          />
        ) : (
          <MessageList messages={list ?? []} customerName={customerName} />
        )}
      </div>
    </SideDrawer>
  );
}

/** The job's messages, or "No messages yet". */
export function MessageList({
  messages,
  customerName,
}: {
  messages: readonly Message[];
  customerName: string;
}) {
  if (messages.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGE_TEXTS.empty} />;
  return (
    <Flex
      vertical
      gap={12}
      component="ul"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
      aria-label={`Messages to ${customerName}`}
    >
      {messages.map((m) => (
        <li key={m.id}>
          <MessageItem message={m} />
        </li>
      ))}
    </Flex>
  );
}

function MessageItem({ message: m }: { message: Message }) {
  const when = messageWhen(m);
  return (
    <Flex
      vertical
      gap={6}
      style={{ border: '1px solid #e5e7eb', borderRadius: 8, padding: 12 }}
      data-testid="message-item"
    >
      <Flex justify="space-between" align="start" gap={8} wrap>
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong>{messageStep(m)}</Typography.Text>
          <Typography.Text type="secondary"> · {MESSAGE_CHANNEL_LABELS[m.channel]}</Typography.Text>
          <div style={{ overflowWrap: 'anywhere' }}>{messageAddress(m)}</div>
        </div>
        <MessageStateTag message={m} />
      </Flex>
      <Typography.Text type="secondary">
        {attemptsText(m.attempts)}
        {when ? ` · ${when}` : ''}
      </Typography.Text>
      <Collapse
        size="small"
        items={[
          {
            key: 'preview',
            // Drawn folded: a few per job, and the text is then found by the page's search.
            forceRender: true,
            label: m.subject ? `Preview: ${m.subject}` : 'Preview',
            children: (
              <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
                {m.preview}
              </pre>
            ),
          },
        ]}
      />
      {canResend(m) && (
        <div>
          <ResendButton message={m} />
        </div>
      )}
    </Flex>
  );
}
