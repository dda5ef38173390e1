import { AuditChange, businessDate } from '@cincy/contracts';
import { EntryRules, UserState, change, key } from './audit-common';
import { dayLabel, exceptionLabel, weeklyLabel } from './audit-format';

/** What dispatch records of a technician's shifts (kept on the user, beside their facts). */
export const shiftEntries: EntryRules = {
  'dispatch.schedule.changed': {
    subjects: (event) => [{ entity: 'user', entityId: event.payload.schedule.technicianId }],
    outcome: (event, before) => {
      const { technicianId, weekly, exceptions } = event.payload.schedule;
      const seen = before('user', technicianId);
      const changes = scheduleChanges(
        seen?.schedule,
        { weekly, exceptions },
        businessDate(new Date(event.occurredAt)),
      );
      const state = {
        entity: 'user' as const,
        entityId: technicianId,
        state: { ...seen, schedule: { weekly, exceptions } } satisfies UserState,
      };
      if (!changes.length) return { entries: [], states: [state] };
      return {
        entries: [
          {
            ...key(state),
            customerId: null,
            action: 'shifts changed',
            summary: 'Shifts changed',
            changes,
          },
        ],
        states: [state],
      };
    },
  },
};

/** A schedule's changes: the weekly pattern, and each date from today on that changed. */
function scheduleChanges(
  seen: UserState['schedule'],
  now: NonNullable<UserState['schedule']>,
  today: string,
): AuditChange[] {
  const changes: AuditChange[] = [];
  const weeklyBefore = seen ? weeklyLabel(seen.weekly) : null;
  const weeklyNow = weeklyLabel(now.weekly);
  if (weeklyBefore !== weeklyNow) changes.push(change('Weekly pattern', weeklyBefore, weeklyNow));
  // A date that slipped into the past leaves the facts: that is no change anyone made.
  const dates = new Set(
    [...(seen?.exceptions ?? []), ...now.exceptions].map((e) => e.date).filter((d) => d >= today),
  );
  for (const date of [...dates].sort()) {
    const from = seen ? exceptionLabel(seen.exceptions.find((e) => e.date === date)) : null;
    const to = exceptionLabel(now.exceptions.find((e) => e.date === date));
    if (from !== to) changes.push(change(dayLabel(date), from, to));
  }
  return changes;
}
