import { Tag, Typography } from 'antd';
import type { Message } from '@cincy/contracts';
import { MESSAGE_STATE_COLORS, MESSAGE_STATE_LABELS } from './message-view.util';

/** The state as a coloured tag, and for a failed message its reason under it. */
export function MessageStateTag({ message: m }: { message: Pick<Message, 'state' | 'lastError'> }) {
  return (
    <span>
      <Tag color={MESSAGE_STATE_COLORS[m.state]}>{MESSAGE_STATE_LABELS[m.state] ?? m.state}</Tag>
      {m.state === 'failed' && m.lastError && (
        <Typography.Text type="danger" style={{ display: 'block', overflowWrap: 'anywhere' }}>
          {m.lastError}
        </Typography.Text>
      )}
    </span>
  );
}
