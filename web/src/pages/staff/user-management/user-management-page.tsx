import { useMemo, useState } from 'react';
import type { SignedInUser, User } from '@cincy/contracts';
import { DataTable } from '../../../components/data-table';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { PageHeader } from '../../../components/page-header';
import { userColumns } from '../../../features/users/user-columns';
import { UserDeleteDialog } from '../../../features/users/user-delete-dialog';
import { CreateUserDialog, EditUserDialog } from '../../../features/users/user-dialogs';
import { userActionsFor } from '../../../features/users/user-form.util';
import { useCurrentUser } from '../../../hooks/use-auth';
import { useLiveUpdates } from '../../../hooks/use-live-updates';
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

type OpenDialog = { kind: 'create' } | { kind: 'edit' | 'delete'; user: User };

function UserManagement({ viewer }: { viewer: SignedInUser }) {
  const users = useUsers();
  // Status is set automatically: `team.changed` shows it as it changes.
  useLiveUpdates(true);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  const columns = useMemo(
    () =>
      userColumns(
        (u) => (
          <div className="row-actions">
            {userActionsFor(viewer, u).map((action) => (
              <button
                key={action}
                type="button"
                className={`btn btn-sm ${action === 'delete' ? 'btn-danger-outline' : 'btn-secondary'}`}
                onClick={() => setDialog({ kind: action, user: u })}
                aria-label={`${action === 'edit' ? 'Edit' : 'Delete'}: ${u.name}`}
              >
                {action === 'edit' ? 'Edit' : 'Delete'}
              </button>
            ))}
          </div>
        ),
        viewer.id,
      ),
    [viewer],
  );

  return (
    <main className="page">
      <title>{`${TITLE} | Cincy Battery`}</title>
      <PageHeader
        title={TITLE}
        subtitle="Manage login credentials and user permissions"
        actions={
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setDialog({ kind: 'create' })}
          >
            <span aria-hidden="true">+</span> Create User
          </button>
        }
      />
      <section className="panel office-panel" aria-labelledby="system-users-title">
        <div className="panel-head">
          <h2 id="system-users-title" className="panel-title">
            System Users
          </h2>
          {users.data && <span className="count-pill">{users.data.length}</span>}
        </div>
        {users.isPending && !users.isError ? (
          <LoadingIndicator label="Loading users..." />
        ) : users.isError && !users.data ? (
          <div className="banner banner-error" role="alert">
            <span>Could not load the users. {users.error.message}</span>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => void users.refetch()}
            >
              Retry
            </button>
          </div>
        ) : (
          <DataTable
            caption="System users"
            columns={columns}
            rows={users.data ?? []}
            rowKey={(u) => u.id}
            empty="No users yet."
            busy={users.isFetching}
          />
        )}
      </section>

      {dialog?.kind === 'create' && <CreateUserDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && (
        <EditUserDialog
          key={dialog.user.id}
          user={dialog.user}
          isSelf={dialog.user.id === viewer.id}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <UserDeleteDialog user={dialog.user} onClose={() => setDialog(null)} />
      )}
    </main>
  );
}
