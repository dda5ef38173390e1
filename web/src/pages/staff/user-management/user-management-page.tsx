import { useMemo } from 'react';
import { Alert, Button, Card, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { SignedInUser, User } from '@cincy/contracts';
import { PageHeader } from '../../../components/page-header';
import { HistoryButton } from '../../../features/audit/history-button';
import { InviteUserDialog } from '../../../features/users/invite-user-dialog';
import { userColumns } from '../../../features/users/user-columns';
import { useUserDeleteDialog } from '../../../features/users/user-delete-dialog';
import { UserDialog, type UserDialogTarget } from '../../../features/users/user-dialogs';
import { userActionsFor } from '../../../features/users/user-form.util';
import { useUserSignOutDialog } from '../../../features/users/user-sign-out-dialog';
import { useCurrentUser } from '../../../hooks/use-auth';
import { useLiveUpdates } from '../../../hooks/use-live-updates';
import { useModalTarget } from '../../../hooks/use-modal-target';
import { useUsers } from '../../../hooks/use-users';
import { NotAllowedScreen } from '../not-allowed-screen';
import '../staff.css';

const TITLE = 'User Management';

/** Admins only: anyone else gets the not-allowed screen (and the server's 403). */
export function UserManagementPage() {
  const user = useCurrentUser();
  if (!user) return null;
  if (user.role !== 'admin') return <NotAllowedScreen title={TITLE} who="admins" />;
  return <UserManagement viewer={user} />;
}

function UserManagement({ viewer }: { viewer: SignedInUser }) {
  const users = useUsers();
  // Status is set automatically: `team.changed` shows it as it changes.
  useLiveUpdates(true);
  const dialog = useModalTarget<UserDialogTarget>();
  const confirmDelete = useUserDeleteDialog();
  const confirmSignOut = useUserSignOutDialog();
  const { show } = dialog;
  const invite = useModalTarget<'invite'>();

  const columns = useMemo(
    () =>
      userColumns(
        (u) => (
          <Space size="small">
            {userActionsFor(viewer, u).map((action) =>
              action === 'edit' ? (
                <Button
                  key={action}
                  size="small"
                  onClick={() => show({ kind: 'edit', user: u, isSelf: u.id === viewer.id })}
                  aria-label={`Edit: ${u.name}`}
                >
                  Edit
                </Button>
              ) : action === 'sign-out' ? (
                <Button
                  key={action}
                  size="small"
                  onClick={() => confirmSignOut(u)}
                  aria-label={`Sign out everywhere: ${u.name}`}
                >
                  Sign out everywhere
                </Button>
              ) : (
                <Button
                  key={action}
                  size="small"
                  danger
                  onClick={() => confirmDelete(u)}
                  aria-label={`Delete: ${u.name}`}
                >
                  Delete
                </Button>
              ),
            )}
            <HistoryButton user={viewer} entity="user" id={u.id} name={u.name} />
          </Space>
        ),
        viewer.id,
      ),
    [viewer, show, confirmDelete, confirmSignOut],
  );

  return (
    <main className="page">
      <title>{`${TITLE} | Cincy Battery`}</title>
      <PageHeader
        title={TITLE}
        subtitle="Manage login credentials and user permissions"
        actions={
          <>
            <Button onClick={() => invite.show('invite')}>Invite user</Button>
            <Button type="primary" onClick={() => show({ kind: 'create' })}>
              <span aria-hidden="true">+</span> Create User
            </Button>
          </>
        }
      />
      <Card
        title={
          <span role="heading" aria-level={2} id="system-users-title">
            System Users
          </span>
        }
        extra={users.data && <Tag>{users.data.length}</Tag>}
        aria-labelledby="system-users-title"
      >
        {users.isPending && !users.isError ? (
          <div role="status">
            <Typography.Paragraph type="secondary">Loading users...</Typography.Paragraph>
            <Skeleton active title={false} paragraph={{ rows: 4 }} />
          </div>
        ) : users.isError && !users.data ? (
          <Alert
            type="error"
            title={`Could not load the users. ${users.error.message}`}
            action={<Button onClick={() => void users.refetch()}>Retry</Button>}
          />
        ) : (
          <Table<User>
            columns={columns}
            dataSource={users.data ?? []}
            rowKey="id"
            loading={users.isPending}
            pagination={false}
            scroll={{ x: 'max-content' }}
            aria-label="System users"
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No users yet." />,
            }}
          />
        )}
      </Card>

      {dialog.target && (
        <UserDialog
          key={dialog.target.kind === 'edit' ? dialog.target.user.id : 'create'}
          target={dialog.target}
          open={dialog.open}
          onClose={dialog.hide}
          afterClose={dialog.afterClose}
        />
      )}
      {invite.target && (
        <InviteUserDialog open={invite.open} onClose={invite.hide} afterClose={invite.afterClose} />
      )}
    </main>
  );
}
