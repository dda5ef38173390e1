import { MessageChannel, MessageKind, MessageRoute } from '@cincy/contracts';

/** A claimed message, ready for its provider. */
export interface OutgoingMessage {
  id: number;
  kind: MessageKind;
  channel: MessageChannel;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  attachments: { filename: string; content: Buffer }[];
}

/** How a provider answered one attempt. */
export type SendResult =
  | { result: 'sent'; route: MessageRoute; providerId: string | null }
  /** May pass (down, slow, 4xx of SMTP, 429/5xx of HTTP): tried again later. */
  | { result: 'transient'; error: string }
  /** Will not pass (a refused address or number): failed at once. */
  | { result: 'permanent'; error: string }
  /** Our own stop cut it short before the provider answered. */
  | { result: 'aborted' };

export interface Provider {
  send(message: OutgoingMessage, signal: AbortSignal): Promise<SendResult>;
  close(): Promise<void> | void;
}

/** How long a provider may take to connect or answer before the attempt counts as failed. */
export const PROVIDER_TIMEOUT_MS = 10_000;
