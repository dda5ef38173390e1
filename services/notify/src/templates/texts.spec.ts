import { MESSAGE_KINDS, TEXT_OPT_OUT_LINE } from '@cincy/contracts';
import { messageFixture, receiptFixture } from './fixtures';
import { SMS_MAX_LENGTH, renderText } from './texts';

const longUrl = (length: number) => {
  const base = 'https://cincybattery.test/track/';
  return base + 'x'.repeat(length - base.length);
};

describe('renderText', () => {
  it('is the short form from the brief', () => {
    expect(renderText(messageFixture({ kind: 'on_the_way' }))).toBe(
      'Cincy Battery: Dana is on the way, about 12 min. Follow: https://cincybattery.test/track/tok_abc123 Reply STOP to opt out.',
    );
  });

  it.each(MESSAGE_KINDS)(
    '%s: stays within 320 characters with a long reference and URL, link intact',
    (kind) => {
      const url = longUrl(200);
      const text = renderText(
        messageFixture({
          kind,
          reference: `CB-${'R'.repeat(150)}`,
          technicianFirstName: 'T'.repeat(60),
          scheduledLabel: 'Saturday, June 15, 2030 at 2 PM '.repeat(4),
          trackingUrl: url,
          rebookUrl: url,
          receipt: kind === 'completed' ? receiptFixture() : null,
        }),
      );
      expect(SMS_MAX_LENGTH).toBe(320);
      expect([...text].length).toBeLessThanOrEqual(320);
      expect(text.endsWith(TEXT_OPT_OUT_LINE)).toBe(true);
      expect(text).toContain(` ${url} `);
      expect(text.startsWith('Cincy Battery: ')).toBe(true);
    },
  );

  it('says what a payment left owing, or that it paid in full, and how and when it was paid', () => {
    const received = (owedCents: number) =>
      renderText(
        messageFixture({
          kind: 'payment_received',
          payment: {
            url: null,
            amountCents: 5_000,
            invoiceNumber: 'INV-2026-000042',
            received: { method: 'cash', at: '2030-06-15T14:00:00Z', owedCents },
          },
        }),
      );
    expect(received(12_000)).toContain(
      'we received $50.00 in cash on Sat, Jun 15 at 10 AM for invoice INV-2026-000042. $120.00 is still owed.',
    );
    expect(received(0)).toContain('. Paid in full, thank you.');
  });

  it('drops details before cutting the key sentence', () => {
    const text = renderText(
      messageFixture({ reference: `CB-${'R'.repeat(150)}`, trackingUrl: longUrl(200) }),
    );
    expect(text).toContain('Cincy Battery: we have your request. Follow your visit: ');
    expect(text).not.toContain('CB-R');
  });

  it('leaves out a link too long to fit rather than cut it', () => {
    const url = longUrl(400);
    const text = renderText(messageFixture({ kind: 'arrived', trackingUrl: url }));
    expect(text).toBe('Cincy Battery: Dana has arrived. Reply STOP to opt out.');
  });

  it('counts characters as a phone does (an emoji is one)', () => {
    const text = renderText(
      messageFixture({ kind: 'arrived', technicianFirstName: '🔋'.repeat(400) }),
    );
    expect([...text].length).toBeLessThanOrEqual(320);
    expect(text.endsWith(TEXT_OPT_OUT_LINE)).toBe(true);
    expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/); // no half emoji
  });
});
