import { MigrationInterface, QueryRunner } from 'typeorm';

export class PresenceAndLocations1732400000001 implements MigrationInterface {
  name = 'PresenceAndLocations1732400000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE users
        ADD COLUMN last_seen timestamptz,
        ADD COLUMN location_updated_at timestamptz`);
    // The sweep looks for online users who stopped answering.
    await runner.query(
      "CREATE INDEX users_online_idx ON users (last_seen) WHERE status = 'online'",
    );
    await runner.query(`
      CREATE TABLE location_tracking (
        id bigserial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        session_id integer REFERENCES user_sessions (id) ON DELETE SET NULL,
        latitude double precision NOT NULL,
        longitude double precision NOT NULL,
        accuracy double precision,
        timestamp timestamptz NOT NULL DEFAULT now(),
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      'CREATE INDEX location_tracking_user_idx ON location_tracking (user_id, timestamp DESC)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE location_tracking');
    await runner.query('DROP INDEX users_online_idx');
    await runner.query('ALTER TABLE users DROP COLUMN last_seen, DROP COLUMN location_updated_at');
  }
}
