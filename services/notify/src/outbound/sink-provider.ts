import { MessageChannel } from '@cincy/contracts';
import { AppLogger } from '@cincy/platform';
import { OutgoingMessage, Provider, SendResult } from './provider';

/**
 * The development sink, for a channel with no provider configured: the message counts as sent
 * by 'sink' (stored and shown to staff); nothing leaves the machine.
 */
export class SinkProvider implements Provider {
  constructor(
    private readonly channel: MessageChannel,
    private readonly logger: Pick<AppLogger, 'log'>,
  ) {}

  async send(message: OutgoingMessage): Promise<SendResult> {
    // The id only: the body holds the customer's private link.
    this.logger.log({
      msg: 'message kept in the sink',
      channel: this.channel,
      messageId: message.id,
    });
    return { result: 'sent', route: 'sink', providerId: null };
  }

  close(): void {}
}
