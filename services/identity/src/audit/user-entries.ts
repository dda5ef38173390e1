import { UserFacts } from '@cincy/contracts';
import { EntryRule, EntryRules, EventOf, FieldList, UserState, diff, key } from './audit-common';
import { ROLE_LABELS } from './audit-format';

/** Created and updated read alike: a first sighting lists the facts, an update their changes. */
const userWritten: EntryRule<EventOf<'identity.user.created' | 'identity.user.updated'>> = {
  subjects: (event) => [{ entity: 'user', entityId: event.payload.user.id }],
  outcome: (event, before) => {
    const { id, ...facts } = event.payload.user;
    const seen = before('user', id);
    const created = event.type === 'identity.user.created';
    const changes = diff(USER_FIELDS, created ? undefined : seen?.facts, facts);
    const passwordChanged = event.type === 'identity.user.updated' && event.payload.passwordChanged;
    // That the password changed is recorded; never a value.
    if (passwordChanged) changes.push({ field: 'Password', from: null, to: null, redacted: false });
    const state = {
      entity: 'user' as const,
      entityId: id,
      state: { ...seen, facts } satisfies UserState,
    };
    if (!changes.length) return { entries: [], states: [state] };
    const roleChanged = !created && !!seen?.facts && seen.facts.role !== facts.role;
    return {
      entries: [
        {
          ...key(state),
          customerId: null,
          action: created ? 'created' : roleChanged ? 'role changed' : 'edited',
          summary: created
            ? `Created as ${ROLE_LABELS[facts.role]}`
            : roleChanged
              ? `Role changed to ${ROLE_LABELS[facts.role]}`
              : changes.length === 1 && passwordChanged
                ? 'Password changed'
                : `Edited: ${changes.map((c) => c.field).join(', ')}`,
          changes,
        },
      ],
      states: [state],
    };
  },
};

/** What identity records of a staff account. */
export const userEntries: EntryRules = {
  'identity.user.created': userWritten,
  'identity.user.updated': userWritten,
  'identity.user.deleted': {
    subjects: (event) => [{ entity: 'user', entityId: event.payload.userId }],
    outcome: (event) => ({
      entries: [
        {
          entity: 'user',
          entityId: event.payload.userId,
          customerId: null,
          action: 'deleted',
          summary: 'Deleted',
          changes: [],
        },
      ],
      states: [],
    }),
  },
  /** Sign-ins, second steps, links and ended sessions (issue 38): what happened and from where. */
  'identity.user.security': {
    subjects: () => [],
    outcome: (event) => {
      const { userId, action, detail } = event.payload;
      const said = action.charAt(0).toUpperCase() + action.slice(1);
      return {
        entries: [
          {
            entity: 'user',
            entityId: userId,
            customerId: null,
            action,
            summary: detail ? `${said}: ${detail}` : said,
            changes: [],
          },
        ],
        states: [],
      };
    },
  },
};

const USER_FIELDS: FieldList<Omit<UserFacts, 'id'>> = [
  ['Name', (s) => s.name],
  ['Username', (s) => s.username],
  ['Role', (s) => ROLE_LABELS[s.role]],
  ['Employee ID', (s) => s.employeeId],
];
