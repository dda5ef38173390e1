import type { ReactNode } from 'react';
import type { User } from '@cincy/contracts';
import type { DataColumn } from '../../components/data-table';
import { formatDate } from '../../lib/format';
import { ROLE_LABELS, STATUS_LABELS, statusTone } from './user-form.util';

export function RoleBadge({ role }: { role: User['role'] }) {
  return <span className={`role-badge role-${role}`}>{ROLE_LABELS[role] ?? role}</span>;
}

export function StatusBadge({ status }: { status: User['status'] }) {
  return (
    <span className={`status-badge status-${statusTone(status)}`}>
      <span className="status-badge-dot" aria-hidden="true" />
      {STATUS_LABELS[status] ?? status}
    </span>
  );
}

/** 'System Users': Name, Username, Role, Employee ID, Status (Auto), Created, Actions. */
export function userColumns(
  actions: (user: User) => ReactNode,
  /** The signed-in admin: their own row says so. */
  viewerId: number,
): DataColumn<User>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      label: '',
      cell: (u) => (
        <span className="cell-title">
          {u.name}
          {u.id === viewerId && <span className="you-note"> (you)</span>}
        </span>
      ),
    },
    {
      key: 'username',
      header: 'Username',
      cell: (u) => <span className="mono">{u.username}</span>,
    },
    { key: 'role', header: 'Role', cell: (u) => <RoleBadge role={u.role} /> },
    { key: 'employeeId', header: 'Employee ID', cell: (u) => u.employeeId || '-' },
    {
      key: 'status',
      header: (
        <>
          Status{' '}
          <span className="th-note" title="Set automatically when a user signs in or goes quiet">
            (Auto)
          </span>
        </>
      ),
      label: 'Status',
      cell: (u) => <StatusBadge status={u.status} />,
    },
    { key: 'created', header: 'Created', cell: (u) => formatDate(u.createdAt) },
    { key: 'actions', header: 'Actions', label: '', kind: 'actions', cell: actions },
  ];
}
