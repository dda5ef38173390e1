import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface PasskeyRow {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface AccountLinkRow {
  tokenHash: string;
  kind: 'invitation' | 'reset';
  userId: number | null;
  email: string;
  name: string;
  role: 'admin' | 'technician';
  invitedBy: number | null;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface AccountEmailRow {
  id: number;
  toAddress: string;
  subject: string;
  body: string;
  attempts: number;
}

const PASSKEY_COLUMNS = `id, user_id AS "userId", credential_id AS "credentialId",
  public_key AS "publicKey", counter::int AS counter, transports, name,
  created_at AS "createdAt", last_used_at AS "lastUsedAt"`;

const LINK_COLUMNS = `token_hash AS "tokenHash", kind, user_id AS "userId", email, name, role,
  invited_by AS "invitedBy", expires_at AS "expiresAt", used_at AS "usedAt"`;

/**
 * The second steps, devices, single-use links and account emails of staff accounts (issue 38).
 * Writes in a transaction take its manager.
 */
@Injectable()
export class AccountsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get db(): EntityManager {
    return this.dataSource.manager;
  }

  // ---- recovery codes

  async replaceRecoveryCodes(m: EntityManager, userId: number, hashes: string[]): Promise<void> {
    await m.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
    await m.query('INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [
      userId,
      hashes,
    ]);
  }

  /** Marks the code used; false when it is unknown or was used before (once, whatever races). */
  async useRecoveryCode(m: EntityManager, userId: number, hash: string): Promise<boolean> {
    const [rows] = (await m.query(
      `UPDATE recovery_codes SET used_at = now()
       WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
      [userId, hash],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  async countRecoveryCodesLeft(userId: number): Promise<number> {
    const [{ count }] = await this.db.query(
      'SELECT count(*)::int AS count FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    );
    return count;
  }

  // ---- passkeys

  passkeysOf(userId: number): Promise<PasskeyRow[]> {
    return this.db.query(
      `SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
  }

  async passkeyByCredential(credentialId: string): Promise<PasskeyRow | null> {
    const [row] = await this.db.query(
      `SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE credential_id = $1`,
      [credentialId],
    );
    return row ?? null;
  }

  async insertPasskey(
    m: EntityManager,
    row: Omit<PasskeyRow, 'id' | 'createdAt' | 'lastUsedAt'>,
  ): Promise<PasskeyRow> {
    const [stored] = await m.query(
      `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, name)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${PASSKEY_COLUMNS}`,
      [row.userId, row.credentialId, row.publicKey, row.counter, row.transports, row.name],
    );
    return stored;
  }

  async passkeyUsed(m: EntityManager, id: number, counter: number): Promise<void> {
    await m.query('UPDATE passkeys SET counter = $2, last_used_at = now() WHERE id = $1', [
      id,
      counter,
    ]);
  }

  async deletePasskey(m: EntityManager, userId: number, id: number): Promise<boolean> {
    const [rows] = (await m.query(
      'DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING id',
      [id, userId],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  // ---- WebAuthn challenges

  async saveChallenge(
    id: string,
    challenge: string,
    userId: number | null,
    expiresAt: Date,
  ): Promise<void> {
    // Expired ones go as new ones come: the table holds only live ceremonies.
    await this.db.query('DELETE FROM webauthn_challenges WHERE expires_at < now()');
    await this.db.query(
      'INSERT INTO webauthn_challenges (id, challenge, user_id, expires_at) VALUES ($1, $2, $3, $4)',
      [id, challenge, userId, expiresAt],
    );
  }

  /** The challenge, taken (once): null when unknown or expired. */
  async takeChallenge(id: string): Promise<{ challenge: string; userId: number | null } | null> {
    const [rows] = (await this.db.query(
      `DELETE FROM webauthn_challenges WHERE id = $1 AND expires_at > now()
       RETURNING challenge, user_id AS "userId"`,
      [id],
    )) as [{ challenge: string; userId: number | null }[], number];
    return rows[0] ?? null;
  }

  // ---- devices

  /** Records the device; true when the account had never signed in from it. */
  async seeDevice(m: EntityManager, userId: number, deviceHash: string): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `INSERT INTO user_devices (user_id, device_hash) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [userId, deviceHash],
    );
    return rows.length > 0;
  }

  async countDevices(m: EntityManager, userId: number): Promise<number> {
    const [{ count }] = await m.query(
      'SELECT count(*)::int AS count FROM user_devices WHERE user_id = $1',
      [userId],
    );
    return count;
  }

  async trustDevice(m: EntityManager, userId: number, deviceHash: string, until: Date) {
    await m.query(
      `INSERT INTO user_devices (user_id, device_hash, trusted_until) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, device_hash) DO UPDATE SET trusted_until = $3`,
      [userId, deviceHash, until],
    );
  }

  async isTrusted(userId: number, deviceHash: string, now: Date): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM user_devices WHERE user_id = $1 AND device_hash = $2 AND trusted_until > $3`,
      [userId, deviceHash, now],
    );
    return rows.length > 0;
  }

  /** A new password forgets every trusted device: the next sign-in asks the second step again. */
  async untrustDevices(m: EntityManager, userId: number): Promise<void> {
    await m.query('UPDATE user_devices SET trusted_until = NULL WHERE user_id = $1', [userId]);
  }

  // ---- invitation and reset links

  async insertLink(m: EntityManager, link: Omit<AccountLinkRow, 'usedAt'>): Promise<void> {
    await m.query(
      `INSERT INTO account_links (token_hash, kind, user_id, email, name, role, invited_by, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        link.tokenHash,
        link.kind,
        link.userId,
        link.email,
        link.name,
        link.role,
        link.invitedBy,
        link.expiresAt,
      ],
    );
  }

  /** A link not used and not expired; locked when read in a transaction (`tx`). */
  async liveLink(
    tokenHash: string,
    kind: AccountLinkRow['kind'],
    now: Date,
    tx?: EntityManager,
  ): Promise<AccountLinkRow | null> {
    const [row] = await (tx ?? this.db).query(
      `SELECT ${LINK_COLUMNS} FROM account_links
       WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3
       ${tx ? 'FOR UPDATE' : ''}`,
      [tokenHash, kind, now],
    );
    return row ?? null;
  }

  async useLink(m: EntityManager, tokenHash: string): Promise<void> {
    await m.query('UPDATE account_links SET used_at = now() WHERE token_hash = $1', [tokenHash]);
  }

  /** A newer link of the kind replaces the older ones of the same address. */
  async retireLinks(m: EntityManager, kind: AccountLinkRow['kind'], email: string): Promise<void> {
    await m.query(
      `UPDATE account_links SET used_at = now()
       WHERE kind = $1 AND lower(email) = lower($2) AND used_at IS NULL`,
      [kind, email],
    );
  }

  // ---- account emails

  async queueEmail(m: EntityManager, to: string, subject: string, body: string): Promise<void> {
    await m.query('INSERT INTO account_emails (to_address, subject, body) VALUES ($1, $2, $3)', [
      to,
      subject,
      body,
    ]);
  }

  /** The due emails, claimed for a while so another replica's sender passes them by. */
  async claimDueEmails(claimMs: number, limit: number): Promise<AccountEmailRow[]> {
    const [rows] = (await this.db.query(
      `UPDATE account_emails SET next_attempt_at = now() + $1 * interval '1 millisecond',
         attempts = attempts + 1
       WHERE id IN (SELECT id FROM account_emails
                    WHERE sent_at IS NULL AND next_attempt_at <= now() AND attempts < 8
                    ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING id, to_address AS "toAddress", subject, body, attempts`,
      [claimMs, limit],
    )) as [AccountEmailRow[], number];
    return rows;
  }

  /** Sent: the body (its link) is not kept. */
  async emailSent(id: number): Promise<void> {
    await this.db.query('UPDATE account_emails SET sent_at = now(), body = NULL WHERE id = $1', [
      id,
    ]);
  }

  async emailFailed(id: number, error: string, retryInMs: number): Promise<void> {
    await this.db.query(
      `UPDATE account_emails SET last_error = $2,
         next_attempt_at = now() + $3 * interval '1 millisecond' WHERE id = $1`,
      [id, error.slice(0, 500), retryInMs],
    );
  }
}
