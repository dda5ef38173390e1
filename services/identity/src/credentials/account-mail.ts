import { AppLogger, InjectEnv } from '@cincy/platform';
import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { EntityManager } from 'typeorm';
import { IDENTITY_ENV, IdentityEnv, publicUrlOf } from '../config';
import { AccountsRepository } from './accounts.repository';

const POLL_MS = 2_000;
/** A send times out long before its claim ends, so no two replicas send one email. */
const CLAIM_MS = 60_000;
const SEND_TIMEOUT_MS = 10_000;
const retryDelayMs = (attempts: number) => Math.min(15 * 60_000, 5_000 * 2 ** attempts);

/** The account emails' words, one place (docs/adr/0120). Links carry a single-use token. */
export const ACCOUNT_EMAILS = {
  invitation: (site: string, token: string, name: string, role: string) => ({
    subject: 'You are invited to Cincy Battery',
    body:
      `Hello ${name},\n\nYou are invited to Cincy Battery's back office as ${role}. ` +
      `Choose your username and password here (the link works once, for 72 hours):\n\n` +
      `${site}/invite/${token}\n\nIf you did not expect this, ignore this email.`,
  }),
  reset: (site: string, token: string) => ({
    subject: 'Choose a new password',
    body:
      `Someone asked to reset the password of your Cincy Battery account. Choose a new one ` +
      `here (the link works once, for an hour):\n\n${site}/reset-password/${token}\n\n` +
      `Your other sessions end when you do. If it was not you, ignore this email: your password ` +
      `stays as it is.`,
  }),
  newDevice: (device: string, place: string, at: string) => ({
    subject: 'New sign-in to your Cincy Battery account',
    body:
      `Your account was just signed in from ${device} (${place}) at ${at}.\n\n` +
      `If this was you, nothing to do. If not, change your password now and sign out the ` +
      `sessions you don't know under Account > Security.`,
  }),
};

/**
 * Emails to staff, sent by identity itself from its `account_emails` table (they hold sign-in
 * links, which never enter an event or notify's customer messages). Queued in the transaction
 * that wants them; sent within seconds, retried with a growing pause; the body is dropped once
 * sent. With no SMTP_URL they are logged by id only (the development sink).
 */
@Injectable()
export class AccountMail implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly transport: Transporter | null;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly logger: AppLogger,
    @InjectEnv(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {
    this.transport = env.SMTP_URL
      ? createTransport({
          url: env.SMTP_URL,
          connectionTimeout: SEND_TIMEOUT_MS,
          greetingTimeout: SEND_TIMEOUT_MS,
          socketTimeout: SEND_TIMEOUT_MS,
        } as Parameters<typeof createTransport>[0])
      : null;
  }

  get site(): string {
    return publicUrlOf(this.env);
  }

  queue(m: EntityManager, to: string, email: { subject: string; body: string }): Promise<void> {
    return this.accounts.queueEmail(m, to, email.subject, email.body);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sendDue(), POLL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Sends what is due; one round at a time per process. */
  sendDue(): Promise<void> {
    this.running ??= this.round().finally(() => (this.running = undefined));
    return this.running;
  }

  private async round(): Promise<void> {
    try {
      for (const email of await this.accounts.claimDueEmails(CLAIM_MS, 20)) {
        try {
          if (this.transport) {
            await this.transport.sendMail({
              from: this.env.MAIL_FROM,
              to: email.toAddress,
              subject: email.subject,
              text: email.body,
            });
          } else {
            this.logger.log({ msg: 'account email kept in the sink', emailId: email.id });
          }
          await this.accounts.emailSent(email.id);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          this.logger.warn({ msg: 'account email not sent', emailId: email.id, reason });
          await this.accounts.emailFailed(email.id, reason, retryDelayMs(email.attempts));
        }
      }
    } catch (error) {
      this.logger.warn({ msg: 'account emails not read', reason: String(error) });
    }
  }
}
