import { Tag, Typography } from 'antd';
import type { Message } from '@cincy/contracts';
import { MESSAGE_STATE_COLORS, MESSAGE_STATE_LABELS, hasReason } from './message-view.util';

/**
 * The state as a coloured tag, and under it a failed message's reason (in red) or what overtook
 * a dropped one.
 */
export function MessageStateTag({ message: m }: { message: Pick<Message, 'state' | 'lastError'> }) {
  return (
    <span>
      <Tag color={MESSAGE_STATE_COLORS[m.state]}>{MESSAGE_STATE_LABELS[m.state] ?? m.state}</Tag>
      {hasReason(m) && (
        <Typography.Text
          type={m.state === 'failed' ? 'danger' : 'secondary'}
          style={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          {m.lastError}
        </Typography.Text>
      )}
    </span>
  );
}
