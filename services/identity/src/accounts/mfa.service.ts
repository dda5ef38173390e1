import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  AccountSecurity,
  ERROR_CODES,
  MfaLogin,
  RecoveryCodes,
  Session,
  SignInClient,
  TotpSetup,
} from '@cincy/contracts';
import { DomainError, InjectEnv, Outbox } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { IDENTITY_ENV, IdentityEnv } from '../config';
import { SessionsService, hashToken, toSession, where } from '../sessions';
import { UsersRepository } from '../users';
import {
  AccountsRepository,
  checkTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
} from '../credentials';

/** The authenticator app and recovery codes: setup, and the second step of a sign-in. */
@Injectable()
export class MfaService {
  constructor(
    private readonly sessions: SessionsService,
    private readonly users: UsersRepository,
    private readonly accounts: AccountsRepository,
    private readonly outbox: Outbox,
    @InjectEnv(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {}

  async status(token: string): Promise<AccountSecurity> {
    const { user } = await this.sessions.live(token);
    const passkeys = await this.accounts.passkeysOf(user.id);
    return {
      totp: user.totpEnabledAt !== null,
      recoveryCodesLeft: user.totpEnabledAt
        ? await this.accounts.countRecoveryCodesLeft(user.id)
        : 0,
      passkeys: passkeys.map((p) => ({
        id: p.id,
        name: p.name,
        createdAt: p.createdAt.toISOString(),
        lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
      })),
      required: user.role === 'admin' && this.env.REQUIRE_ADMIN_MFA,
      email: user.email,
    };
  }

  /** A new secret for the app (replacing one set up but never confirmed). */
  async setup(token: string): Promise<TotpSetup> {
    const { user } = await this.sessions.live(token);
    if (user.totpEnabledAt)
      throw new DomainError(ERROR_CODES.conflict, ACCOUNT_MESSAGES.totpAlready);
    const secret = newTotpSecret();
    await this.users.setTotp(user.id, { secret, enabledAt: null, lastStep: null });
    return { secret, otpauthUrl: otpauthUrl(secret, user.email ?? user.username) };
  }

  /**
   * The app's first right code turns it on and gives ten recovery codes (shown once, kept
   * hashed). A session that had to set a second step up is then fully signed in.
   */
  async confirm(
    token: string,
    code: string,
    client?: SignInClient,
  ): Promise<RecoveryCodes & { token?: string }> {
    const live = await this.sessions.live(token);
    const { user, session } = live;
    if (user.totpEnabledAt)
      throw new DomainError(ERROR_CODES.conflict, ACCOUNT_MESSAGES.totpAlready);
    if (!user.totpSecret) throw new DomainError(ERROR_CODES.conflict, ACCOUNT_MESSAGES.setupFirst);
    const check = checkTotp(user.totpSecret, code, null, new Date());
    if (!check.ok) throw codeRefused(ACCOUNT_MESSAGES.codeWrong);
    const codes = newRecoveryCodes();
    const newToken = await this.outbox.transaction(async (tx) => {
      await this.users.setTotp(
        user.id,
        { secret: user.totpSecret!, enabledAt: new Date(), lastStep: check.step },
        tx.manager,
      );
      await this.accounts.replaceRecoveryCodes(
        tx.manager,
        user.id,
        codes.map((c) => recoveryCodeHash(user.id, c)),
      );
      await this.sessions.emitSecurity(tx, user.id, 'two-step enrolled', 'authenticator app');
      if (session.stage !== 'enroll') return undefined;
      const from = client ?? { userAgent: session.userAgent, ip: session.ip, deviceId: '' };
      return this.sessions.promote(tx, live, from, 'password and new authenticator app');
    });
    // A session that had to set it up is signed in now, under a new token (for the cookie).
    return { recoveryCodes: codes, ...(newToken ? { token: newToken } : {}) };
  }

  /**
   * The second step of a pending sign-in: the app's code (once per time step) or an unused
   * recovery code. A wrong one is recorded; the gateway's sign-in throttle counts it.
   */
  async verify(token: string, proof: MfaLogin, client: SignInClient): Promise<Session> {
    const live = await this.sessions.live(token);
    const { user, session } = live;
    if (session.stage !== 'mfa')
      throw new DomainError(ERROR_CODES.conflict, ACCOUNT_MESSAGES.noTotp);
    if (!user.totpEnabledAt || !user.totpSecret)
      throw new DomainError(ERROR_CODES.conflict, ACCOUNT_MESSAGES.noTotp);
    const now = new Date();
    const ok = await this.outbox.transaction(async (tx): Promise<string | { signedIn: string }> => {
      let method: string;
      if (proof.code === undefined && proof.recoveryCode !== undefined) {
        const used = await this.accounts.useRecoveryCode(
          tx.manager,
          user.id,
          recoveryCodeHash(user.id, proof.recoveryCode),
        );
        if (!used) return ACCOUNT_MESSAGES.recoveryWrong;
        await this.sessions.emitSecurity(tx, user.id, 'recovery code used', where(client));
        method = 'password and recovery code';
      } else {
        const locked = await this.users.lockById(tx.manager, user.id);
        const lastStep = locked?.totpLastStep ? Number(locked.totpLastStep) : null;
        const check = checkTotp(user.totpSecret!, proof.code ?? '', lastStep, now);
        if (!check.ok)
          return check.reason === 'reused'
            ? ACCOUNT_MESSAGES.codeReused
            : ACCOUNT_MESSAGES.codeWrong;
        await this.users.setTotp(
          user.id,
          { secret: user.totpSecret!, enabledAt: user.totpEnabledAt, lastStep: check.step },
          tx.manager,
        );
        method = 'password and authenticator app';
      }
      if (proof.trustDevice) {
        const until = new Date(now.getTime() + ACCOUNT_LIMITS.trustedDeviceDays * 86_400_000);
        await this.accounts.trustDevice(tx.manager, user.id, hashToken(client.deviceId), until);
      }
      return { signedIn: await this.sessions.promote(tx, live, client, method) };
    });
    if (typeof ok === 'string') {
      await this.sessions.record(user.id, 'sign-in failed', `${where(client)}: ${ok}`);
      throw codeRefused(ok);
    }
    return toSession(ok.signedIn, user, 'full');
  }
}

/** A wrong second step answers as a wrong password does (401), with what was wrong. */
const codeRefused = (message: string) =>
  new DomainError(ERROR_CODES.invalidCredentials, message, { code: message });
