import { AuditChange, AuditEntity, AuditEntry } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { SubjectKey, subjectKey } from './audit-entries';

/** An entry as it is written: the draft plus the event's id, time and actor. */
export interface NewAuditEntry extends SubjectKey {
  eventId: string;
  action: string;
  summary: string;
  actorId: number | null;
  actorName: string;
  at: string;
  changes: AuditChange[];
  customerId: number | null;
}

interface EntryRow {
  id: string;
  entity: AuditEntity;
  entity_id: number;
  action: string;
  summary: string;
  actor_id: number | null;
  actor_name: string;
  at: Date;
  changes: AuditChange[];
}

const toAuditEntry = (r: EntryRow): AuditEntry => ({
  id: Number(r.id),
  entity: r.entity,
  entityId: r.entity_id,
  action: r.action,
  summary: r.summary,
  actor: { id: r.actor_id, name: r.actor_name },
  at: r.at.toISOString(),
  changes: r.changes,
});

/** Every statement on the audit tables. Writes take the consumer transaction's manager. */
@Injectable()
export class AuditRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * One thing's entries, newest first, after the entry `before` if given. By when it happened, not
   * when it was written: the audit's consumers keep no order between them (a job's 'assigned' may be
   * written before the booking that came first).
   */
  async page(
    entity: AuditEntity,
    entityId: number,
    before: number | undefined,
    take: number,
  ): Promise<AuditEntry[]> {
    const rows: EntryRow[] = await this.dataSource.query(
      `SELECT id, entity, entity_id, action, summary, actor_id, actor_name, at, changes
         FROM audit_entries
        WHERE entity = $1 AND entity_id = $2
          AND ($3::bigint IS NULL OR (at, id) < (SELECT at, id FROM audit_entries WHERE id = $3))
        ORDER BY at DESC, id DESC LIMIT $4`,
      [entity, entityId, before ?? null, take],
    );
    return rows.map(toAuditEntry);
  }

  /** Writes the entries; one already written for the same event and thing stays as it was. */
  async insert(manager: EntityManager, entries: readonly NewAuditEntry[]): Promise<void> {
    for (const e of entries) {
      await manager.query(
        `INSERT INTO audit_entries
           (event_id, entity, entity_id, action, summary, actor_id, actor_name, at, changes, customer_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)
         ON CONFLICT (event_id, entity, entity_id) DO NOTHING`,
        [
          e.eventId,
          e.entity,
          e.entityId,
          e.action,
          e.summary,
          e.actorId,
          e.actorName,
          e.at,
          JSON.stringify(e.changes),
          e.customerId,
        ],
      );
    }
  }

  /** The last states seen of these things, by `subjectKey` (absent: never seen). */
  async states(manager: EntityManager, keys: readonly SubjectKey[]): Promise<Map<string, unknown>> {
    const states = new Map<string, unknown>();
    if (!keys.length) return states;
    const rows: { entity: AuditEntity; entity_id: number; state: unknown }[] = await manager.query(
      `SELECT s.entity, s.entity_id, s.state
         FROM audit_subjects s
         JOIN unnest($1::text[], $2::int[]) AS k(entity, entity_id)
           ON s.entity = k.entity AND s.entity_id = k.entity_id`,
      [keys.map((k) => k.entity), keys.map((k) => k.entityId)],
    );
    for (const r of rows)
      states.set(subjectKey({ entity: r.entity, entityId: r.entity_id }), r.state);
    return states;
  }

  /** Stores things' new states, in one statement. */
  async saveStates(
    manager: EntityManager,
    saved: readonly (SubjectKey & { state: unknown })[],
  ): Promise<void> {
    if (!saved.length) return;
    // One row per thing (the statement may not touch a row twice): the last state wins.
    saved = [...new Map(saved.map((s) => [subjectKey(s), s])).values()];
    await manager.query(
      `INSERT INTO audit_subjects (entity, entity_id, state)
       SELECT * FROM unnest($1::text[], $2::int[], $3::jsonb[])
       ON CONFLICT (entity, entity_id) DO UPDATE SET state = EXCLUDED.state`,
      [
        saved.map((s) => s.entity),
        saved.map((s) => s.entityId),
        saved.map((s) => JSON.stringify(s.state)),
      ],
    );
  }

  async forgetState(manager: EntityManager, key: SubjectKey): Promise<void> {
    await manager.query('DELETE FROM audit_subjects WHERE entity = $1 AND entity_id = $2', [
      key.entity,
      key.entityId,
    ]);
  }

  /** Of these customers, the ones deleted (their data stays out of the log). */
  async erasedAmong(manager: EntityManager, customerIds: readonly number[]): Promise<Set<number>> {
    if (!customerIds.length) return new Set();
    const rows: { customer_id: number }[] = await manager.query(
      'SELECT customer_id FROM audit_erased_customers WHERE customer_id = ANY($1::int[])',
      [customerIds],
    );
    return new Set(rows.map((r) => r.customer_id));
  }

  /**
   * The advisory locks of these customers, held until the caller's transaction ends; ascending, so
   * two callers wanting several never hold one each of the other's. An event writing a customer's
   * data and their erasure need meet on no row (a new entry is out of the erasure's scan while
   * uncommitted; a state that waited for the scrub is written over it): without taking turns, each
   * could commit without seeing the other, and the data stayed in the log. Whether they are erased
   * is read after, in a statement of its own (its snapshot then sees the erasure that held them).
   */
  async lockCustomers(manager: EntityManager, customerIds: readonly number[]): Promise<void> {
    const ids = [...new Set(customerIds)].sort((a, b) => a - b);
    if (!ids.length) return;
    // unnest yields the ids in the array's order: the locks are taken one after the other in it.
    await manager.query(
      "SELECT pg_advisory_xact_lock(hashtext('identity.customer'), id) FROM unnest($1::int[]) AS id",
      [ids],
    );
  }

  async markErased(manager: EntityManager, customerId: number): Promise<void> {
    await manager.query(
      'INSERT INTO audit_erased_customers (customer_id) VALUES ($1) ON CONFLICT DO NOTHING',
      [customerId],
    );
  }

  /** The customer's appointments' states, locked for the scrub. */
  async appointmentStatesOf(
    manager: EntityManager,
    customerId: number,
  ): Promise<{ entityId: number; state: unknown }[]> {
    const rows: { entity_id: number; state: unknown }[] = await manager.query(
      `SELECT entity_id, state FROM audit_subjects
        WHERE entity = 'appointment' AND (state->>'customerId')::integer = $1
        FOR UPDATE`,
      [customerId],
    );
    return rows.map((r) => ({ entityId: r.entity_id, state: r.state }));
  }

  /** The customer's entries (ids, things and changes), locked for the erasure. */
  async entriesOfCustomer(
    manager: EntityManager,
    customerId: number,
  ): Promise<{ id: string; entity: AuditEntity; changes: AuditChange[] }[]> {
    return manager.query(
      'SELECT id, entity, changes FROM audit_entries WHERE customer_id = $1 FOR UPDATE',
      [customerId],
    );
  }

  /** Only `changes` may change (the append-only trigger refuses anything else). */
  async replaceChanges(manager: EntityManager, id: string, changes: AuditChange[]): Promise<void> {
    await manager.query('UPDATE audit_entries SET changes = $2::jsonb WHERE id = $1', [
      id,
      JSON.stringify(changes),
    ]);
  }
}
