import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff accounts that hold (issue 38, docs/adr/0120): an email per account, the authenticator
 * app's secret, recovery codes, passkeys, devices, single-use links, the session's stage and
 * device, and the account emails identity sends itself. Additive only: the previous version
 * runs on this schema (expand, then contract).
 */
export class StaffAccounts1733700000001 implements MigrationInterface {
  name = 'StaffAccounts1733700000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE users
        ADD COLUMN email text,
        ADD COLUMN totp_secret text,
        ADD COLUMN totp_enabled_at timestamptz,
        -- The last time step whose code was accepted: a code is used once (RFC 6238 section 5.2).
        ADD COLUMN totp_last_step bigint`);
    await runner.query(
      'CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE email IS NOT NULL',
    );
    await runner.query(`
      ALTER TABLE user_sessions
        ADD COLUMN stage text NOT NULL DEFAULT 'full',
        ADD COLUMN user_agent text NOT NULL DEFAULT '',
        ADD COLUMN ip text NOT NULL DEFAULT '',
        ADD COLUMN device_hash text`);
    await runner.query(
      'CREATE INDEX user_sessions_user_active_idx ON user_sessions (user_id) WHERE is_active',
    );
    await runner.query(`
      CREATE TABLE recovery_codes (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        used_at timestamptz
      )`);
    await runner.query('CREATE INDEX recovery_codes_user_idx ON recovery_codes (user_id)');
    await runner.query(`
      CREATE TABLE passkeys (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        credential_id text NOT NULL UNIQUE,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports text[] NOT NULL DEFAULT '{}',
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      )`);
    await runner.query('CREATE INDEX passkeys_user_idx ON passkeys (user_id)');
    // A ceremony's challenge, kept until it is answered or expires (a pending sign-in's too).
    await runner.query(`
      CREATE TABLE webauthn_challenges (
        id text PRIMARY KEY,
        challenge text NOT NULL,
        user_id integer REFERENCES users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL
      )`);
    // The browsers an account signed in from (SHA-256 of the device cookie): a new one is told
    // by email; a trusted one skips the second step until trusted_until.
    await runner.query(`
      CREATE TABLE user_devices (
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        device_hash text NOT NULL,
        first_seen timestamptz NOT NULL DEFAULT now(),
        trusted_until timestamptz,
        PRIMARY KEY (user_id, device_hash)
      )`);
    // Invitations and password resets: only the link token's SHA-256 is kept; used once.
    await runner.query(`
      CREATE TABLE account_links (
        token_hash text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('invitation', 'reset')),
        user_id integer REFERENCES users (id) ON DELETE CASCADE,
        email text NOT NULL,
        name text NOT NULL DEFAULT '',
        role text NOT NULL DEFAULT 'technician',
        invited_by integer,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Emails to staff (invitations, resets, new sign-ins), sent by identity's own sender. The
    // body holds a link: it is cleared once sent.
    await runner.query(`
      CREATE TABLE account_emails (
        id serial PRIMARY KEY,
        to_address text NOT NULL,
        subject text NOT NULL,
        body text,
        created_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        last_error text
      )`);
    await runner.query(
      'CREATE INDEX account_emails_due_idx ON account_emails (next_attempt_at) WHERE sent_at IS NULL',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      'DROP TABLE account_emails, account_links, user_devices, webauthn_challenges, passkeys, recovery_codes',
    );
    await runner.query(
      'ALTER TABLE user_sessions DROP COLUMN stage, DROP COLUMN user_agent, DROP COLUMN ip, DROP COLUMN device_hash',
    );
    await runner.query(
      'ALTER TABLE users DROP COLUMN email, DROP COLUMN totp_secret, DROP COLUMN totp_enabled_at, DROP COLUMN totp_last_step',
    );
  }
}
