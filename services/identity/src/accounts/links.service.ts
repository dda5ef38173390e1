import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  Actor,
  ERROR_CODES,
  Invitation,
  InvitationAccept,
  InvitationInput,
  PasswordChange,
  User,
} from '@cincy/contracts';
import { DomainError, Outbox, Transaction } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { SessionsService, hashToken } from '../sessions';
import {
  UsersRepository,
  UsersService,
  checkStrength,
  hashPassword,
  toNewUserEntity,
  toUser,
  toUserFacts,
  verifyPassword,
} from '../users';
import { ACCOUNT_EMAILS, AccountLinkRow, AccountMail, AccountsRepository } from '../credentials';

const newLinkToken = () => randomBytes(32).toString('base64url');

const toInvitation = (link: Pick<AccountLinkRow, 'email' | 'name' | 'role' | 'expiresAt'>) => ({
  email: link.email,
  name: link.name,
  role: link.role,
  expiresAt: link.expiresAt.toISOString(),
});

/**
 * New passwords (issue 38): by single-use links by email (an invitation lets a person choose
 * their own password; a reset link sets a new one and ends every session of the account), or
 * changed by the signed-in person with their current one. Only the token's SHA-256
 * is kept; a newer link of the same kind and address retires the older ones.
 */
@Injectable()
export class LinksService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly users: UsersRepository,
    private readonly usersService: UsersService,
    private readonly sessions: SessionsService,
    private readonly mail: AccountMail,
    private readonly outbox: Outbox,
  ) {}

  async invite(input: InvitationInput, actor: Actor): Promise<Invitation> {
    if (await this.users.findByEmail(input.email))
      throw new DomainError(ERROR_CODES.conflict, ACCOUNT_MESSAGES.emailTaken, {
        email: ACCOUNT_MESSAGES.emailTaken,
      });
    const token = newLinkToken();
    const expiresAt = new Date(Date.now() + ACCOUNT_LIMITS.invitationHours * 3_600_000);
    await this.outbox.transaction(async (tx) => {
      await this.accounts.retireLinks(tx.manager, 'invitation', input.email);
      await this.accounts.insertLink(tx.manager, {
        tokenHash: hashToken(token),
        kind: 'invitation',
        userId: null,
        email: input.email,
        name: input.name,
        role: input.role,
        invitedBy: actor.id,
        expiresAt,
      });
      const role = input.role === 'admin' ? 'an admin' : 'a technician';
      await this.mail.queue(
        tx.manager,
        input.email,
        ACCOUNT_EMAILS.invitation(this.mail.site, token, input.name, role),
      );
      // Recorded on the inviting admin's account: the invited one does not exist yet.
      await this.sessions.emitSecurity(tx, actor.id, 'invited', `${input.email} as ${role}`);
    });
    return toInvitation({ ...input, expiresAt });
  }

  async readInvitation(token: string): Promise<Invitation> {
    const link = await this.accounts.liveLink(hashToken(token), 'invitation', new Date());
    if (!link) throw invalid(ACCOUNT_MESSAGES.invitationInvalid);
    return toInvitation(link);
  }

  /** The invited person's account, with the username and password they chose. */
  async accept(token: string, { username, password }: InvitationAccept): Promise<User> {
    const link = await this.accounts.liveLink(hashToken(token), 'invitation', new Date());
    if (!link) throw invalid(ACCOUNT_MESSAGES.invitationInvalid);
    checkStrength(password, [username, link.name, link.email]);
    const passwordHash = await hashPassword(password);
    return this.outbox.transaction(async (tx) => {
      const locked = await this.accounts.liveLink(
        link.tokenHash,
        'invitation',
        new Date(),
        tx.manager,
      );
      if (!locked) throw invalid(ACCOUNT_MESSAGES.invitationInvalid);
      const user = toNewUserEntity(
        { username, name: link.name, role: link.role, email: link.email },
        passwordHash,
      );
      await this.usersService.saveUnique(tx.manager, user);
      await this.accounts.useLink(tx.manager, link.tokenHash);
      await tx.emit('identity.user.created', { user: toUserFacts(user) });
      await this.sessions.emitSecurity(tx, user.id, 'invitation accepted', link.email);
      return toUser(user);
    });
  }

  /**
   * Forgot password: a link to the account's email when the email or username names one with an
   * email. The answer is the same either way, so it tells nobody which accounts exist.
   */
  async requestReset(login: string): Promise<{ message: string }> {
    const user = login.includes('@')
      ? ((await this.users.findByEmail(login)) ?? (await this.users.findByUsername(login)))
      : await this.users.findByUsername(login);
    if (user?.email) {
      const email = user.email;
      const token = newLinkToken();
      await this.outbox.transaction(async (tx) => {
        await this.accounts.retireLinks(tx.manager, 'reset', email);
        await this.accounts.insertLink(tx.manager, {
          tokenHash: hashToken(token),
          kind: 'reset',
          userId: user.id,
          email,
          name: user.name,
          role: user.role,
          invitedBy: null,
          expiresAt: new Date(Date.now() + ACCOUNT_LIMITS.passwordResetMinutes * 60_000),
        });
        await this.mail.queue(tx.manager, email, ACCOUNT_EMAILS.reset(this.mail.site, token));
        await this.sessions.emitSecurity(tx, user.id, 'password reset requested', email);
      });
    }
    return { message: ACCOUNT_MESSAGES.resetSent };
  }

  /** The new password; every session of the account ends and trusted devices are forgotten. */
  async reset(token: string, password: string): Promise<{ message: string }> {
    const link = await this.accounts.liveLink(hashToken(token), 'reset', new Date());
    const user = link?.userId ? await this.users.findById(link.userId) : null;
    if (!link || !user) throw invalid(ACCOUNT_MESSAGES.resetInvalid);
    checkStrength(password, [user.username, user.name, user.email ?? '']);
    const passwordHash = await hashPassword(password);
    await this.outbox.transaction(async (tx) => {
      const locked = await this.accounts.liveLink(link.tokenHash, 'reset', new Date(), tx.manager);
      if (!locked) throw invalid(ACCOUNT_MESSAGES.resetInvalid);
      await this.accounts.useLink(tx.manager, link.tokenHash);
      await this.setPassword(tx, user.id, passwordHash);
      await this.sessions.signOutEverywhere(tx, user.id);
      await this.sessions.emitSecurity(tx, user.id, 'password reset', 'by email link');
    });
    return { message: 'Your password is changed. Sign in with it now.' };
  }

  /**
   * One's own new password, given the current one (ASVS 6.2.3): every other session of the
   * account ends (this one stays), and trusted devices are forgotten.
   */
  async change(token: string, { currentPassword, password }: PasswordChange) {
    const { user, session } = await this.sessions.live(token);
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      await this.sessions.record(user.id, 'sign-in failed', 'wrong current password');
      throw new DomainError(ERROR_CODES.invalidCredentials, ACCOUNT_MESSAGES.currentPasswordWrong, {
        currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong,
      });
    }
    checkStrength(password, [user.username, user.name, user.email ?? '']);
    const passwordHash = await hashPassword(password);
    await this.outbox.transaction(async (tx) => {
      await this.setPassword(tx, user.id, passwordHash);
      await this.sessions.endAllBut(tx, user.id, session.id);
      await this.sessions.emitSecurity(tx, user.id, 'password changed', 'by the user');
    });
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  }

  /** A new password forgets the trusted devices: their next sign-in asks the second step. */
  private async setPassword(tx: Transaction, userId: number, passwordHash: string) {
    await this.users.setPassword(tx.manager, userId, passwordHash);
    await this.accounts.untrustDevices(tx.manager, userId);
  }
}

const invalid = (message: string) => new DomainError(ERROR_CODES.notFound, message);
