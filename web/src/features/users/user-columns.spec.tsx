import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { User } from '@cincy/contracts';
import { RoleBadge, StatusBadge, userColumns } from './user-columns';

const user: User = {
  id: 7,
  name: 'Terry Tech',
  username: 'terry',
  role: 'technician',
  employeeId: null,
  status: 'offline',
  zipCode: null,
  email: null,
  createdAt: '2030-06-01T16:00:00.000Z',
};

const cell = (key: string, row: User, viewerId = 1) => {
  const column = userColumns(() => null, viewerId).find((c) => c.key === key)!;
  return renderToStaticMarkup(<>{column.render?.(undefined, row, 0) as ReactNode}</>);
};

describe('userColumns', () => {
  it("has the spec's columns, Status with its '(Auto)' note", () => {
    const columns = userColumns(() => null, 1);
    expect(columns.map((c) => c.key)).toEqual([
      'name',
      'username',
      'role',
      'employeeId',
      'status',
      'created',
      'actions',
    ]);
    expect(renderToStaticMarkup(<>{columns[4].title as ReactNode}</>)).toContain('(Auto)');
  });

  it('shows a dash for an empty employee ID, and the creation date', () => {
    expect(cell('employeeId', user)).toBe('-');
    expect(cell('employeeId', { ...user, employeeId: 'T-1' })).toBe('T-1');
    expect(cell('created', user)).toBe('Jun 1, 2030');
  });

  it("marks the signed-in admin's own row", () => {
    expect(cell('name', user, 7)).toContain('(you)');
    expect(cell('name', user, 1)).not.toContain('(you)');
  });
});

describe('badges', () => {
  it('colours the role: admin purple, technician blue', () => {
    expect(renderToStaticMarkup(<RoleBadge role="admin" />)).toContain('role-admin');
    expect(renderToStaticMarkup(<RoleBadge role="technician" />)).toContain('role-technician');
  });

  it('colours the status: online green, offline grey, otherwise blue', () => {
    expect(renderToStaticMarkup(<StatusBadge status="online" />)).toContain('status-green');
    expect(renderToStaticMarkup(<StatusBadge status="offline" />)).toContain('status-grey');
    expect(renderToStaticMarkup(<StatusBadge status="available" />)).toContain('status-blue');
  });
});
