import { MessageChannel } from '@cincy/contracts';
import { AppLogger, InjectEnv } from '@cincy/platform';
import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SendWake } from '../common/send-wake';
import { NOTIFY_ENV, NotifyEnv } from '../config';
import {
  ClaimedMessage,
  MessagesRepository,
  decideClaims,
  messagesFailed,
  recipientProblem,
} from '../messages';
import { ReceiptsService } from '../receipts';
import { outcomeOf } from './outcome';
import { OutgoingMessage, Provider, SendResult } from './provider';
import { providersFor } from './providers';

/** How often the sender looks for due messages when nothing woke it. */
const POLL_MS = 500;
/** Messages claimed (and sent side by side) at a time. */
const BATCH = 10;

/**
 * Sends what is due, apart from the consumers: a slow or failing provider delays messages,
 * never a booking or a job step. Replicas share the work through the claim (see
 * MessagesRepository.claimDue), which checks each message again as it goes (claim-rules.ts);
 * each attempt's outcome is recorded against its claim.
 */
@Injectable()
export class Sender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly providers: Record<MessageChannel, Provider>;
  private readonly stopping = new AbortController();
  private loop?: Promise<void>;
  private woken = false;
  private wakeUp?: () => void;

  constructor(
    private readonly messages: MessagesRepository,
    private readonly receipts: ReceiptsService,
    private readonly logger: AppLogger,
    @InjectEnv(NOTIFY_ENV) private readonly env: NotifyEnv,
    wake: SendWake,
  ) {
    this.providers = providersFor(env, logger);
    wake.onWake(() => this.poke());
  }

  onApplicationBootstrap() {
    this.loop = this.run();
  }

  /**
   * Stops claiming, and cuts short the sends under way: they go back to queued unsent (an SMTP
   * server that had not answered 250 did not take the message), for the next sender at once.
   */
  async onModuleDestroy() {
    this.stopping.abort();
    this.poke();
    await this.loop;
    await Promise.all(Object.values(this.providers).map((p) => p.close()));
  }

  private poke() {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Claims the due messages of up to BATCH visits: what may go now, the rest decided. */
  claimBatch(): Promise<ClaimedMessage[]> {
    const quietHours = this.env.SMS_QUIET_HOURS;
    return this.messages.claimDue(BATCH, this.env.NOTIFY_LEASE_MS, (visit, messages, now) =>
      decideClaims(visit, messages, { now, quietHours }),
    );
  }

  private async run(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      let claimed: ClaimedMessage[] = [];
      try {
        claimed = await this.claimBatch();
      } catch (error) {
        this.logger.error({ msg: 'could not claim messages', error: String(error) });
      }
      if (claimed.length) await Promise.all(claimed.map((row) => this.attempt(row)));
      else await this.idle();
    }
  }

  private idle(): Promise<void> {
    if (this.woken || this.stopping.signal.aborted) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        this.woken = false;
        resolve();
      };
      const timer = setTimeout(done, POLL_MS);
      this.wakeUp = done;
    });
  }

  private async attempt(row: ClaimedMessage): Promise<void> {
    const sent = await this.send(row);
    const outcome = outcomeOf(sent, {
      kind: row.kind,
      channel: row.channel,
      visitDate: row.visit_date,
      attempt: row.attempts,
      now: new Date(),
      firstDelayMs: this.env.NOTIFY_RETRY_FIRST_MS,
      quietHours: this.env.SMS_QUIET_HOURS,
    });
    try {
      await this.messages.recordOutcome(row.id, row.attempts, outcome);
    } catch (error) {
      // The claim's lease ends and the message is tried again.
      this.logger.error({
        msg: 'could not record a send',
        messageId: row.id,
        error: String(error),
      });
    }
    if (outcome.state === 'failed') messagesFailed.inc({ channel: row.channel });
    if (outcome.state === 'queued' || outcome.state === 'failed')
      this.logger.warn({
        msg: outcome.state === 'failed' ? 'message failed' : 'message send failed; will retry',
        messageId: row.id,
        channel: row.channel,
        attempt: row.attempts,
        error: outcome.lastError,
      });
  }

  private async send(row: ClaimedMessage): Promise<SendResult> {
    // Checked again at send time: a resent message may carry the address that failed it.
    const problem = recipientProblem(row.channel, row.to_address);
    if (problem) return { result: 'permanent', error: problem };
    try {
      return await this.providers[row.channel].send(await this.outgoing(row), this.stopping.signal);
    } catch (error) {
      return { result: 'transient', error: String(error) };
    }
  }

  private async outgoing(row: ClaimedMessage): Promise<OutgoingMessage> {
    // The receipt travels with the completion email, made from the stored figures.
    const receipt =
      row.channel === 'email' && row.kind === 'completed'
        ? await this.receipts.pdf(row.appointment_id)
        : null;
    return {
      id: row.id,
      kind: row.kind,
      channel: row.channel,
      to: row.to_address,
      subject: row.subject,
      text: row.body_text,
      html: row.body_html,
      attachments: receipt ? [receipt] : [],
    };
  }
}
