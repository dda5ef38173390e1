import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  ERROR_CODES,
  Passkey,
  PasskeyOptions,
  RelyingParty,
  Session,
  SignInClient,
} from '@cincy/contracts';
import { DomainError, Outbox } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { SessionsService } from '../sessions';
import { UsersRepository } from '../users';
import { AccountsRepository, PasskeyRow, TOTP_ISSUER } from '../credentials';

const TIMEOUT_MS = ACCOUNT_LIMITS.passkeyChallengeMinutes * 60_000;

const toPasskey = (p: PasskeyRow): Passkey => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): registered by a signed-in person (or one who
 * must set up a second step), then a sign-in of their own: possession of the device and its
 * unlock (user verification) are two factors in one step (docs/adr/0120).
 */
@Injectable()
export class PasskeysService {
  constructor(
    private readonly sessions: SessionsService,
    private readonly users: UsersRepository,
    private readonly accounts: AccountsRepository,
    private readonly outbox: Outbox,
  ) {}

  async registrationOptions(token: string, rp: RelyingParty): Promise<PasskeyOptions> {
    const { user, session } = await this.sessions.live(token);
    // A second step is owed, not a new one.
    if (session.stage === 'mfa')
      throw new DomainError(ERROR_CODES.conflict, ACCOUNT_MESSAGES.mfaRequired);
    const existing = await this.accounts.passkeysOf(user.id);
    const options = await generateRegistrationOptions({
      rpName: TOTP_ISSUER,
      rpID: rp.rpId,
      userName: user.username,
      userDisplayName: user.name,
      userID: new TextEncoder().encode(`cincy-user-${user.id}`),
      timeout: TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    return this.challenge(options.challenge, user.id, options);
  }

  async register(
    token: string,
    rp: RelyingParty,
    { challengeId, response, name }: { challengeId: string; response: unknown; name?: string },
  ): Promise<Passkey & { token?: string }> {
    const live = await this.sessions.live(token);
    const { user, session } = live;
    const challenge = await this.accounts.takeChallenge(challengeId);
    if (!challenge || challenge.userId !== user.id) throw expiredChallenge();
    const verification = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) throw failed();
    const { credential } = verification.registrationInfo;
    return this.outbox.transaction(async (tx) => {
      const stored = await this.accounts.insertPasskey(tx.manager, {
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: name || `Passkey ${new Date().toISOString().slice(0, 10)}`,
      });
      await this.sessions.emitSecurity(tx, user.id, 'passkey added', stored.name);
      if (session.stage !== 'enroll') return toPasskey(stored);
      // A session that had to set a second step up is signed in now, under a new token.
      const client = { userAgent: session.userAgent, ip: session.ip, deviceId: '' };
      const newToken = await this.sessions.promote(tx, live, client, 'password and new passkey');
      return { ...toPasskey(stored), token: newToken };
    });
  }

  /** A passwordless sign-in's challenge: any passkey of this site may answer (discoverable). */
  async authenticationOptions(rp: RelyingParty): Promise<PasskeyOptions> {
    const options = await generateAuthenticationOptions({
      rpID: rp.rpId,
      timeout: TIMEOUT_MS,
      userVerification: 'required',
    });
    return this.challenge(options.challenge, null, options);
  }

  async authenticate(
    { challengeId, response }: { challengeId: string; response: unknown },
    rp: RelyingParty,
    client: SignInClient,
  ): Promise<Session> {
    const answer = response as AuthenticationResponseJSON;
    const challenge = await this.accounts.takeChallenge(challengeId);
    if (!challenge) throw failed(ACCOUNT_MESSAGES.passkeyExpired);
    const passkey =
      typeof answer.id === 'string' ? await this.accounts.passkeyByCredential(answer.id) : null;
    const user = passkey ? await this.users.findById(passkey.userId) : null;
    if (!passkey || !user) throw failed();
    const verification = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) {
      await this.sessions.record(user.id, 'sign-in failed', 'passkey not verified');
      throw failed();
    }
    await this.outbox.transaction((tx) =>
      this.accounts.passkeyUsed(tx.manager, passkey.id, verification.authenticationInfo.newCounter),
    );
    return this.sessions.open(user, client, 'full', `passkey "${passkey.name}"`);
  }

  /**
   * Removes one's own passkey. An admin who removes their last second step is sent to set one up
   * at their next sign-in (REQUIRE_ADMIN_MFA holds at sign-in, not here).
   */
  async remove(token: string, id: number): Promise<{ message: string }> {
    const { user } = await this.sessions.live(token);
    const target = (await this.accounts.passkeysOf(user.id)).find((k) => k.id === id);
    if (!target) throw new DomainError(ERROR_CODES.notFound, ACCOUNT_MESSAGES.passkeyNotFound);
    await this.outbox.transaction(async (tx) => {
      await this.accounts.deletePasskey(tx.manager, user.id, id);
      await this.sessions.emitSecurity(tx, user.id, 'passkey removed', target.name);
    });
    return { message: 'Passkey removed' };
  }

  private async challenge(
    challenge: string,
    userId: number | null,
    options: object,
  ): Promise<PasskeyOptions> {
    const id = randomBytes(16).toString('base64url');
    await this.accounts.saveChallenge(id, challenge, userId, new Date(Date.now() + TIMEOUT_MS));
    return { challengeId: id, options: options as Record<string, unknown> };
  }
}

const failed = (message: string = ACCOUNT_MESSAGES.passkeyFailed) =>
  new DomainError(ERROR_CODES.invalidCredentials, message);
const expiredChallenge = () =>
  new DomainError(ERROR_CODES.validation, ACCOUNT_MESSAGES.passkeyExpired);
