import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsersAndSessions1732200000001 implements MigrationInterface {
  name = 'CreateUsersAndSessions1732200000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        username text NOT NULL,
        password_hash text NOT NULL,
        role text NOT NULL DEFAULT 'technician' CHECK (role IN ('admin', 'technician')),
        name text NOT NULL,
        employee_id text,
        status text NOT NULL DEFAULT 'available',
        current_location jsonb,
        zip_code text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE UNIQUE INDEX users_username_key ON users (lower(username))');
    await runner.query(`
      CREATE TABLE user_sessions (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        session_token text NOT NULL UNIQUE,
        login_time timestamptz NOT NULL DEFAULT now(),
        logout_time timestamptz,
        last_activity timestamptz NOT NULL DEFAULT now(),
        is_active boolean NOT NULL DEFAULT true,
        total_hours numeric(8, 2),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      'CREATE INDEX user_sessions_user_idx ON user_sessions (user_id) WHERE is_active',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE user_sessions');
    await runner.query('DROP TABLE users');
  }
}
