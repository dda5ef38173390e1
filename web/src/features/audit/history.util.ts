import type { AuditChange, AuditEntity, AuditEntry, SignedInUser } from '@cincy/contracts';
import { formatDateTime } from '../../lib/format';

/**
 * How a History drawer words the audit log: pure, so each line is tested without antd. The server
 * already puts labels and values into words; this only joins them.
 */

export const HISTORY_TEXTS = {
  action: 'History',
  loading: 'Loading the history...',
  empty: 'No history yet',
  loadFailed: 'Could not load the history.',
  showOlder: 'Show older',
  olderFailed: 'Could not load the older entries.',
} as const;

/** What each kind of thing is called in a drawer's list label ("History of the job ..."). */
export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  appointment: 'job',
  customer: 'customer',
  item: 'item',
  user: 'user',
  price_list: 'price list',
  fitment: 'fitment',
};

/** Who may open a History drawer (the server answers 403 to anyone else): admins. */
export const seesHistory = (user: Pick<SignedInUser, 'role'>) => user.role === 'admin';

/** The drawer title: "History — Jane Doe". */
export const historyTitle = (name: string) => `History — ${name}`;

/** "by Alex Smith", "by Customer", "by System": the server names who, staff or not. */
export const actorText = (entry: Pick<AuditEntry, 'actor'>) => `by ${entry.actor.name}`;

/** When, on Cincinnati's clock: "Jun 14, 2030, 2:05 PM". */
export const entryWhen = (entry: Pick<AuditEntry, 'at'>) => formatDateTime(entry.at);

/**
 * One change: "Status: Assigned → En route"; a first value only "Phone: (513) 555-0101"; a
 * value cleared "Notes: Gate code 4411 → (none)"; a deleted customer's data only that it changed.
 */
export function changeText(change: AuditChange): string {
  if (change.redacted) return `${change.field} changed (removed with the customer)`;
  const to = change.to ?? '(none)';
  return change.from === null
    ? `${change.field}: ${to}`
    : `${change.field}: ${change.from} → ${to}`;
}

/** Every loaded page's entries, newest first, each once (a page boundary may move meanwhile). */
export function historyEntries(pages: readonly { entries: readonly AuditEntry[] }[]): AuditEntry[] {
  const seen = new Set<number>();
  const out: AuditEntry[] = [];
  for (const page of pages)
    for (const entry of page.entries) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      out.push(entry);
    }
  return out;
}

/** What a job's History drawer calls it: "Job #41 · Jane Doe". */
export const jobHistoryName = (appointmentId: number, customerName: string) =>
  `Job #${appointmentId} · ${customerName}`;
