import { Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Message } from '@cincy/contracts';
import { MessageStateTag } from './message-state-tag';
import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_TEXTS,
  canResend,
  messageAddress,
  messageStep,
} from './message-view.util';
import { ResendButton } from './resend-button';
import { formatClock } from '../../lib/format';

const COLUMNS: ColumnsType<Message> = [
  { title: 'Time', key: 'time', render: (_, m) => formatClock(m.createdAt) },
  { title: 'Reference', key: 'reference', render: (_, m) => m.reference ?? '—' },
  { title: 'Step', key: 'step', render: (_, m) => messageStep(m) },
  { title: 'Channel', key: 'channel', render: (_, m) => MESSAGE_CHANNEL_LABELS[m.channel] },
  {
    title: 'To',
    key: 'to',
    render: (_, m) => <span style={{ overflowWrap: 'anywhere' }}>{messageAddress(m)}</span>,
  },
  { title: 'State', key: 'state', width: 220, render: (_, m) => <MessageStateTag message={m} /> },
  { title: 'Attempts', dataIndex: 'attempts', key: 'attempts', align: 'right' },
  {
    title: <span className="visually-hidden">Actions</span>,
    key: 'actions',
    render: (_, m) => (canResend(m) ? <ResendButton message={m} /> : null),
  },
];

/**
 * The Messages view's table: newest first as the server sends them; on a phone it scrolls
 * sideways inside its card rather than squeezing the columns.
 */
export function MessagesTable({
  rows,
  loading,
  label,
}: {
  rows: readonly Message[];
  loading: boolean;
  label: string;
}) {
  return (
    <Table<Message>
      columns={COLUMNS}
      dataSource={rows as Message[]}
      rowKey="id"
      loading={loading}
      pagination={false}
      size="small"
      scroll={{ x: 'max-content' }}
      aria-label={label}
      locale={{
        emptyText: loading ? (
          ' '
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGE_TEXTS.emptyDay} />
        ),
      }}
    />
  );
}
