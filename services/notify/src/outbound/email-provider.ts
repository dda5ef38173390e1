import { createTransport } from 'nodemailer';
import type { NodemailerError, Transporter } from 'nodemailer';
import { OutgoingMessage, PROVIDER_TIMEOUT_MS, Provider, SendResult } from './provider';

/** The email's Message-ID: the same for every attempt of one message. */
export const messageIdOf = (id: number) => `<message-${id}@cincybattery.com>`;

/**
 * An SMTP refusal: a 5xx reply will be given again (permanent; 503 is a session mix-up and may
 * pass), a 4xx reply or no reply at all (refused connection, timeout, dropped socket) may pass.
 */
export function classifySmtpError(error: NodemailerError, aborted: boolean): SendResult {
  if (aborted || error.code === 'EABORT') return { result: 'aborted' };
  const reason = (error.response ?? error.message ?? String(error)).trim().slice(0, 500);
  const code = error.responseCode;
  if (code !== undefined && code >= 500 && code < 600 && code !== 503)
    return { result: 'permanent', error: reason };
  return { result: 'transient', error: reason };
}

/** Email over SMTP (nodemailer), one connection per message. */
export class EmailProvider implements Provider {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport({
      url: smtpUrl,
      connectionTimeout: PROVIDER_TIMEOUT_MS,
      greetingTimeout: PROVIDER_TIMEOUT_MS,
      socketTimeout: PROVIDER_TIMEOUT_MS,
    } as Parameters<typeof createTransport>[0]);
  }

  async send(message: OutgoingMessage, signal: AbortSignal): Promise<SendResult> {
    try {
      const info = await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.text,
        html: message.html ?? undefined,
        messageId: messageIdOf(message.id),
        attachments: message.attachments.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: 'application/pdf',
        })),
        signal,
      });
      return {
        result: 'sent',
        route: 'smtp',
        providerId: info.messageId ?? messageIdOf(message.id),
      };
    } catch (error) {
      return classifySmtpError(error as NodemailerError, signal.aborted);
    }
  }

  close(): void {
    this.transport.close();
  }
}
