import type { ReactNode } from 'react';
import { Badge, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { User } from '@cincy/contracts';
import { formatDate } from '../../lib/format';
import { compareDate, compareText } from '../../lib/sort';
import { ROLE_LABELS, STATUS_LABELS, statusTone } from './user-form.util';

const ROLE_COLORS: Record<User['role'], string> = { admin: 'purple', technician: 'blue' };

/** Admin purple, technician blue; written in capitals as the list always showed it. */
export function RoleBadge({ role }: { role: User['role'] }) {
  return (
    <Tag color={ROLE_COLORS[role]} className={`role-${role}`}>
      {(ROLE_LABELS[role] ?? role).toUpperCase()}
    </Tag>
  );
}

const STATUS_COLORS = { green: 'green', grey: 'default', blue: 'blue' } as const;

/** Online green, offline grey, otherwise blue. */
export function StatusBadge({ status }: { status: User['status'] }) {
  const tone = statusTone(status);
  return (
    <Badge
      className={`status-${tone}`}
      {...(tone === 'grey' ? { status: 'default' } : { color: STATUS_COLORS[tone] })}
      text={STATUS_LABELS[status] ?? status}
    />
  );
}

/**
 * 'System Users': Name, Username, Role, Employee ID, Status (Auto), Created, Actions. Every user
 * is on screen, so the columns sort here, without asking the server.
 */
export function userColumns(
  actions: (user: User) => ReactNode,
  /** The signed-in admin: their own row says so. */
  viewerId: number,
): ColumnsType<User> {
  return [
    {
      key: 'name',
      title: 'Name',
      sorter: (a, b) => compareText(a.name, b.name),
      render: (_, u) => (
        <Typography.Text strong>
          {u.name}
          {u.id === viewerId && <Typography.Text type="secondary"> (you)</Typography.Text>}
        </Typography.Text>
      ),
    },
    {
      key: 'username',
      title: 'Username',
      sorter: (a, b) => compareText(a.username, b.username),
      render: (_, u) => <Typography.Text code>{u.username}</Typography.Text>,
    },
    {
      key: 'role',
      title: 'Role',
      sorter: (a, b) => compareText(a.role, b.role),
      render: (_, u) => <RoleBadge role={u.role} />,
    },
    { key: 'employeeId', title: 'Employee ID', render: (_, u) => u.employeeId || '-' },
    {
      key: 'status',
      title: (
        <>
          Status{' '}
          <Typography.Text
            type="secondary"
            title="Set automatically when a user signs in or goes quiet"
          >
            (Auto)
          </Typography.Text>
        </>
      ),
      render: (_, u) => <StatusBadge status={u.status} />,
    },
    {
      key: 'created',
      title: 'Created',
      sorter: (a, b) => compareDate(a.createdAt, b.createdAt),
      render: (_, u) => formatDate(u.createdAt),
    },
    { key: 'actions', title: 'Actions', render: (_, u) => actions(u) },
  ];
}
