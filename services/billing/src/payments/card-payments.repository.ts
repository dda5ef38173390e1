import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

export interface PaymentLinkRow {
  sessionId: string;
  invoiceId: number;
  /** Ours: the customer's link is /pay/<code>. */
  code: string;
  /** The provider's checkout page. */
  url: string;
  /** Where the customer lands after paying (their visit's page). */
  returnUrl: string;
  amountCents: number;
  expiresAt: Date;
  /** When the provider reported it paid; null while it may still be paid. */
  completedAt?: Date | null;
}

/** Every statement on the payment links made and the provider events taken. */
@Injectable()
export class CardPaymentsRepository {
  async insertLink(manager: EntityManager, link: PaymentLinkRow): Promise<void> {
    await manager.query(
      `INSERT INTO payment_links
         (session_id, invoice_id, code, url, return_url, amount_cents, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (session_id) DO NOTHING`,
      [
        link.sessionId,
        link.invoiceId,
        link.code,
        link.url,
        link.returnUrl,
        link.amountCents,
        link.expiresAt,
      ],
    );
  }

  /** The newest link of the invoice for `amountCents` that still works at `until`. */
  async liveLink(
    manager: EntityManager,
    invoiceId: number,
    amountCents: number,
    until: Date,
  ): Promise<PaymentLinkRow | null> {
    const [row] = await manager.query<LinkRow[]>(
      `SELECT * FROM payment_links
       WHERE invoice_id = $1 AND amount_cents = $2 AND expires_at > $3 AND completed_at IS NULL
       ORDER BY created_at DESC LIMIT 1`,
      [invoiceId, amountCents, until],
    );
    return row ? toLink(row) : null;
  }

  async linkOf(manager: EntityManager, sessionId: string): Promise<PaymentLinkRow | null> {
    const [row] = await manager.query<LinkRow[]>(
      'SELECT * FROM payment_links WHERE session_id = $1',
      [sessionId],
    );
    return row ? toLink(row) : null;
  }

  async linkByCode(manager: EntityManager, code: string): Promise<PaymentLinkRow | null> {
    const [row] = await manager.query<LinkRow[]>('SELECT * FROM payment_links WHERE code = $1', [
      code,
    ]);
    return row ? toLink(row) : null;
  }

  /** The provider reported the checkout paid: it is spent, whatever came of it. */
  async complete(manager: EntityManager, sessionId: string): Promise<void> {
    await manager.query('UPDATE payment_links SET completed_at = now() WHERE session_id = $1', [
      sessionId,
    ]);
  }

  /** True the first time the provider's event is seen (a webhook is delivered at least once). */
  async takeEvent(manager: EntityManager, eventId: string, type: string): Promise<boolean> {
    const taken = await manager.query<unknown[]>(
      `INSERT INTO provider_events (event_id, type) VALUES ($1, $2)
       ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      [eventId, type],
    );
    return taken.length > 0;
  }
}

interface LinkRow {
  session_id: string;
  invoice_id: number;
  code: string;
  url: string;
  return_url: string;
  amount_cents: number;
  expires_at: Date;
  completed_at: Date | null;
}

const toLink = (row: LinkRow): PaymentLinkRow => ({
  sessionId: row.session_id,
  invoiceId: row.invoice_id,
  code: row.code,
  url: row.url,
  returnUrl: row.return_url,
  amountCents: row.amount_cents,
  expiresAt: row.expires_at,
  completedAt: row.completed_at,
});
