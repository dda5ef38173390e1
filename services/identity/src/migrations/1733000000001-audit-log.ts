import { MigrationInterface, QueryRunner } from 'typeorm';

/** The audit log (docs/adr/0092): entries, the last state seen of each thing, erased customers. */
export class AuditLog1733000000001 implements MigrationInterface {
  name = 'AuditLog1733000000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE audit_entries (
        id bigserial PRIMARY KEY,
        event_id uuid NOT NULL,
        entity text NOT NULL,
        entity_id integer NOT NULL,
        action text NOT NULL,
        summary text NOT NULL,
        actor_id integer,
        actor_name text NOT NULL,
        at timestamptz NOT NULL,
        changes jsonb NOT NULL DEFAULT '[]',
        customer_id integer,
        -- Once per event and thing, whatever the inbox says (a replayed stream, a new consumer).
        CONSTRAINT audit_entries_once UNIQUE (event_id, entity, entity_id)
      )`);
    // A thing's history, newest first (see AuditRepository.page).
    await runner.query(
      'CREATE INDEX audit_entries_history_idx ON audit_entries (entity, entity_id, at DESC, id DESC)',
    );
    await runner.query(
      'CREATE INDEX audit_entries_customer_idx ON audit_entries (customer_id) WHERE customer_id IS NOT NULL',
    );
    // Append-only here too: no DELETE; an UPDATE may only change `changes` (a deleted customer's
    // personal data leaves them). TRUNCATE is refused as well.
    await runner.query(`
      CREATE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'changes') = (to_jsonb(OLD) - 'changes') THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'audit entries are append-only (% refused)', TG_OP
          USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await runner.query(`
      CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries
        FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only()`);
    await runner.query(`
      CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries
        FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_append_only()`);
    await runner.query(`
      CREATE TABLE audit_subjects (
        entity text NOT NULL,
        entity_id integer NOT NULL,
        state jsonb NOT NULL,
        PRIMARY KEY (entity, entity_id)
      )`);
    // Appointment states are scrubbed by customer when one is deleted.
    await runner.query(
      "CREATE INDEX audit_subjects_customer_idx ON audit_subjects (((state->>'customerId')::integer)) WHERE entity = 'appointment'",
    );
    await runner.query(`
      CREATE TABLE audit_erased_customers (
        customer_id integer PRIMARY KEY,
        erased_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE audit_erased_customers');
    await runner.query('DROP TABLE audit_subjects');
    await runner.query('DROP TABLE audit_entries');
    await runner.query('DROP FUNCTION audit_entries_append_only()');
  }
}
