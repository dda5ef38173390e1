import { entriesOf, event, replay } from './audit-spec-support';

describe('audit entries: users', () => {
  const user = {
    id: 7,
    username: 'tess',
    name: 'Tess Tech',
    role: 'technician' as const,
    employeeId: null,
  };

  it('records creation with the facts, and a role change as such', () => {
    const [created, promoted] = entriesOf(
      event('identity.user.created', { user }),
      event('identity.user.updated', { user: { ...user, role: 'admin' }, passwordChanged: false }),
    );
    expect(created).toMatchObject({ entity: 'user', entityId: 7, action: 'created' });
    expect(created.changes.map((c) => [c.field, c.to])).toEqual([
      ['Name', 'Tess Tech'],
      ['Username', 'tess'],
      ['Role', 'Technician'],
    ]);
    expect(promoted).toMatchObject({
      action: 'role changed',
      summary: 'Role changed to Admin',
      changes: [{ field: 'Role', from: 'Technician', to: 'Admin', redacted: false }],
    });
  });

  it('records a sign-in event on the account, as it happened and from where', () => {
    const [signedIn, failed] = entriesOf(
      event('identity.user.security', {
        userId: 7,
        action: 'signed in',
        detail: 'Chrome 131 on Android, Network 203.0.113.x (password and authenticator app)',
      }),
      event('identity.user.security', { userId: 7, action: 'sign-in failed', detail: '' }),
    );
    expect(signedIn).toMatchObject({
      entity: 'user',
      entityId: 7,
      action: 'signed in',
      summary:
        'Signed in: Chrome 131 on Android, Network 203.0.113.x (password and authenticator app)',
      changes: [],
    });
    expect(failed).toMatchObject({ action: 'sign-in failed', summary: 'Sign-in failed' });
  });

  it('says a password changed, never what it is', () => {
    const [, changed] = entriesOf(
      event('identity.user.created', { user }),
      event('identity.user.updated', { user, passwordChanged: true }),
    );
    expect(changed).toMatchObject({
      action: 'edited',
      summary: 'Password changed',
      changes: [{ field: 'Password', from: null, to: null, redacted: false }],
    });
  });

  it('records nothing for an update that changed nothing', () => {
    expect(
      entriesOf(
        event('identity.user.created', { user }),
        event('identity.user.updated', { user, passwordChanged: false }),
      ),
    ).toHaveLength(1);
  });

  it("keeps a user's facts and shifts side by side", () => {
    const outcomes = replay(
      event('identity.user.created', { user }),
      event('dispatch.schedule.changed', {
        schedule: { technicianId: 7, weekly: [], exceptions: [] },
      }),
      event('identity.user.updated', {
        user: { ...user, name: 'Tess T.' },
        passwordChanged: false,
      }),
    );
    expect(outcomes[2].entries[0].changes).toEqual([
      { field: 'Name', from: 'Tess Tech', to: 'Tess T.', redacted: false },
    ]);
  });
});
