import { Badge, Empty, Flex, Tag, Typography } from 'antd';
import { memo } from 'react';
import type { UserLocation } from '@cincy/contracts';
import { formatLastSeen } from './stats.util';

const ROLE_LABELS: Record<string, string> = { admin: 'Admin', technician: 'Technician' };
const ROLE_COLORS: Record<string, string> = { admin: 'purple', technician: 'blue' };

const BY_NAME = new Intl.Collator('en-US');

/**
 * Who is online now: name, role and last seen, by name. Drawn again only when the team or the
 * minute changes, not at every push to the board beside it (a hundred technicians on a big day).
 */
export const OnlineTeam = memo(function OnlineTeam({
  users,
  now,
}: {
  users: readonly UserLocation[];
  now: number;
}) {
  const online = users
    .filter((u) => u.status === 'online')
    .sort((a, b) => BY_NAME.compare(a.name, b.name));
  if (online.length === 0)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No team members currently online" />
    );
  return (
    <Flex vertical gap={12} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {online.map((u) => (
        <li key={u.id} data-testid="team-member">
          <Flex align="center" gap={12}>
            <Badge status="success" />
            <Flex vertical style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text strong>{u.name}</Typography.Text>
              <Typography.Text type="secondary">{formatLastSeen(u.lastSeen, now)}</Typography.Text>
            </Flex>
            <Tag color={ROLE_COLORS[u.role]}>{ROLE_LABELS[u.role] ?? u.role}</Tag>
          </Flex>
        </li>
      ))}
    </Flex>
  );
});
