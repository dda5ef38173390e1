import type { AuditPage, AuditQuery } from '@cincy/contracts';
import { requestJson } from './request';

// The audit log as the History drawers read it (admins): one thing's changes, newest first.

/** The query string of GET /api/audit: the thing, and the page to start after if any. */
export function auditSearch({ entity, id, before }: AuditQuery): string {
  const params = new URLSearchParams({ entity, id: String(id) });
  if (before !== undefined) params.set('before', String(before));
  return `?${params.toString()}`;
}

/** GET /api/audit?entity=&id=&before=: a page of one thing's history (AUDIT_PAGE_SIZE entries). */
export function fetchAuditPage(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  return requestJson('GET', `/api/audit${auditSearch(query)}`, undefined, { signal });
}
