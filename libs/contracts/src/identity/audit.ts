import { z } from 'zod';

/**
 * The audit log (docs/adr/0092-audit-log-and-reports.md): every staff change, recorded once from
 * the events by identity, with who, when and what changed. Append-only: no route edits it.
 */
export const AUDIT_ENTITIES = [
  'appointment',
  'customer',
  'item',
  'user',
  'price_list',
  'fitment',
] as const;
/** The price list is one thing: its history is that of this id. */
export const PRICE_LIST_AUDIT_ID = 1;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** A History drawer shows this many entries at a time; "Show older" asks for the next page. */
export const AUDIT_PAGE_SIZE = 50;

const positiveId = (what: string) =>
  z.coerce
    .number(`${what} must be a number`)
    .int(`${what} must be a whole number`)
    .positive(`${what} must be a positive number`)
    .max(2_147_483_647, `${what} is too large`);

/** GET /api/audit?entity=&id=&before=: one thing's history, newest first. */
export const auditQuerySchema = z.object({
  entity: z.enum(
    AUDIT_ENTITIES,
    'Entity must be appointment, customer, item, user, price_list or fitment',
  ),
  id: positiveId('Id'),
  /** The page after the one that ended with this entry (its `nextBefore`). */
  before: positiveId('Before').optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One field's change, as the drawer shows it: labels and values already in words. */
export const auditChangeSchema = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** A deleted customer's personal data: the values are gone; that the field changed stays. */
  redacted: z.boolean(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.number().int(),
  /** What happened, as a verb: 'assigned', 'declined', 'received', 'role changed'... */
  action: z.string(),
  /** One line for the drawer: "Assigned to Alex Smith", "Received 12 (new shipment)". */
  summary: z.string(),
  /** A staff user (named as they were then), or no id: "Customer" or "System". */
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }),
  at: z.string(),
  changes: z.array(auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the older entries; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
