import { z } from 'zod';
import { DATE_PATTERN } from '../booking/api';
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_ROUTES, MESSAGE_STATES } from './messages';

/** A message to a customer as staff see it (GET /api/appointments/{id}/messages, /api/messages). */
export const messageSchema = z.object({
  id: z.number().int(),
  appointmentId: z.number().int(),
  reference: z.string().nullable(),
  kind: z.enum(MESSAGE_KINDS),
  channel: z.enum(MESSAGE_CHANNELS),
  /** The address or number it goes to. */
  to: z.string(),
  /** Email only. */
  subject: z.string().nullable(),
  state: z.enum(MESSAGE_STATES),
  /** Where it went (null until it did). */
  route: z.enum(MESSAGE_ROUTES).nullable(),
  attempts: z.number().int(),
  /**
   * Why the last attempt failed, in the provider's words; for one that never went, why (opted out,
   * dropped: what overtook it).
   */
  lastError: z.string().nullable(),
  /** The text part as sent, with the customer's private link masked. */
  preview: z.string(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;
export const messagesSchema = z.array(messageSchema);

/** The Messages view shows at most this many (newest first). */
export const MESSAGES_SHOWN = 200;

/** GET /api/messages?date=&state=: one business day (today by default), one state or all. */
export const messagesQuerySchema = z.object({
  date: z
    .string({ error: 'Date must be in format YYYY-MM-DD' })
    .regex(DATE_PATTERN, 'Date must be in format YYYY-MM-DD')
    .optional(),
  state: z.enum(MESSAGE_STATES, 'Unknown message state').optional(),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

/** `notify.receipts.get`: the PDF, base64 over NATS; the gateway answers it as application/pdf. */
export const receiptFileSchema = z.object({ filename: z.string(), contentBase64: z.string() });

export const NOTIFY_MESSAGES = {
  messageNotFound: 'Message not found',
  notFailed: 'Only a failed message can be sent again.',
  noReceipt: 'The receipt is ready once the visit is complete.',
  optedOut: 'We will not send you any more texts or emails about your visits.',
} as const;
