import { BUSINESS, MESSAGE_KINDS, TEXT_OPT_OUT_LINE, type MessageKind } from '@cincy/contracts';
import { messageFixture, receiptFixture } from './fixtures';
import { ReactEmailTemplates } from '.';

const templates = new ReactEmailTemplates();
const XSS = '<script>alert(1)</script>';

/** Each step's key line: the email's heading, and the same words in the text message. */
const KEY_LINES: Record<MessageKind, { email: string; sms: string }> = {
  received: { email: 'We have your request', sms: 'we have your request' },
  moved: {
    email: 'Your visit is now Sat, Jun 15 at 2 PM',
    sms: 'your visit CB-7K3Q9 is now Sat, Jun 15 at 2 PM',
  },
  assigned: { email: 'Dana will be your technician', sms: 'Dana will be your technician' },
  on_the_way: { email: 'Dana is on the way', sms: 'Dana is on the way' },
  arrived: { email: 'Dana has arrived', sms: 'Dana has arrived' },
  completed: {
    email: 'Your battery service is complete',
    sms: 'your battery service is complete',
  },
  declined: { email: 'We could not take this visit', sms: 'we could not take this visit' },
  cancelled: { email: 'Your visit is cancelled', sms: 'your visit CB-7K3Q9 is cancelled' },
  payment_link: {
    email: 'Pay $170.00 by card',
    sms: 'pay $170.00 for invoice INV-2026-000123 by card',
  },
  // 2030-06-15 18:05 UTC is 2:05 PM in Cincinnati.
  payment_received: {
    email: 'We received $170.00 by card',
    sms: 'we received $170.00 by card on Sat, Jun 15 at 2:05 PM for invoice INV-2026-000123. Paid in full, thank you',
  },
  payment_reminder: {
    email: 'Invoice INV-2026-000123 is still open',
    sms: 'invoice INV-2026-000123 is still open',
  },
  test_offer: {
    email: 'Time for a free battery test',
    sms: 'time for a free test of the battery we installed, at your door',
  },
};

const PAY_URL = 'https://checkout.example/c/pay/cs_test_1';

const dataFor = (kind: MessageKind) =>
  messageFixture({
    kind,
    receipt: kind === 'completed' ? receiptFixture() : null,
    // A move always names the new hour.
    scheduledLabel: kind === 'moved' ? 'Sat, Jun 15 at 2 PM' : null,
    payment: kind.startsWith('payment_')
      ? {
          url: kind === 'payment_link' ? PAY_URL : null,
          amountCents: 17_000,
          invoiceNumber: 'INV-2026-000123',
          ...(kind === 'payment_received'
            ? { received: { method: 'card' as const, at: '2030-06-15T18:05:00Z', owedCents: 0 } }
            : {}),
        }
      : null,
  });

describe('ReactEmailTemplates.render', () => {
  describe.each(MESSAGE_KINDS)('%s', (kind) => {
    it('renders an email in the shared layout with its key line', async () => {
      const data = dataFor(kind);
      const email = await templates.render('email', data);

      expect(email.subject).toMatch(new RegExp(`^${BUSINESS.name}: .+ \\(CB-7K3Q9\\)$`));
      expect(email.html).toContain(`<h1`);
      expect(email.html).toContain(`>${KEY_LINES[kind].email}</h1>`);
      expect(email.html).toContain(`href="${data.trackingUrl}"`);
      for (const part of [email.html!, email.text]) {
        expect(part).toContain(BUSINESS.name);
        expect(part).toContain(BUSINESS.phone);
        expect(part).toContain(BUSINESS.email);
        expect(part).toContain('Reference: CB-7K3Q9');
      }
      expect(email.text).toContain(KEY_LINES[kind].email);
      expect(email.text).toContain('Hi Robin,');
      expect(email.text).toContain(`Stop these messages: ${data.trackingUrl}`);
      expect(email.text).not.toMatch(/<[a-z]/i);
    });

    it('renders a plain text message with its key line and the opt-out line', async () => {
      const sms = await templates.render('sms', dataFor(kind));

      expect(sms.subject).toBeNull();
      expect(sms.html).toBeNull();
      expect(sms.text.startsWith(`${BUSINESS.name}: ${KEY_LINES[kind].sms}`)).toBe(true);
      expect(sms.text.endsWith(TEXT_OPT_OUT_LINE)).toBe(true);
      expect(sms.text.length).toBeLessThanOrEqual(320);
    });
  });

  it('payment_link: the email and the text carry the card payment link and its amount', async () => {
    const data = dataFor('payment_link');
    const email = await templates.render('email', data);
    expect(email.html).toContain(`href="${PAY_URL}"`);
    expect(email.text).toContain('Invoice INV-2026-000123: $170.00 to pay.');
    const sms = await templates.render('sms', data);
    expect(sms.text).toContain(`Pay: ${PAY_URL}`);
  });

  it('writes the subject with the reference, and without it when there is none', async () => {
    expect((await templates.render('email', messageFixture())).subject).toBe(
      'Cincy Battery: request received (CB-7K3Q9)',
    );
    expect((await templates.render('email', messageFixture({ reference: null }))).subject).toBe(
      'Cincy Battery: request received',
    );
  });

  it("gives a scheduled visit's hour, and says ASAP visits are being matched", async () => {
    const scheduled = messageFixture({ scheduledLabel: 'Sat, Jun 15 at 2 PM' });
    expect((await templates.render('email', scheduled)).text).toContain(
      'Your visit is booked for Sat, Jun 15 at 2 PM.',
    );
    expect((await templates.render('sms', scheduled)).text).toContain(
      'we have your request CB-7K3Q9 for Sat, Jun 15 at 2 PM.',
    );
    const asap = (await templates.render('email', messageFixture())).text;
    expect(asap).toContain('We are finding a technician for you now');
    expect(asap).toContain('Follow your visit');
  });

  it('moved: says the new hour by email and text, and what the customer can do about it', async () => {
    const data = dataFor('moved');
    const email = await templates.render('email', data);
    expect(email.subject).toBe('Cincy Battery: visit moved (CB-7K3Q9)');
    expect(email.text).toContain('Your visit is now Sat, Jun 15 at 2 PM');
    expect(email.text).toContain('move or cancel your visit on its page');
    expect((await templates.render('sms', data)).text).toBe(
      'Cincy Battery: your visit CB-7K3Q9 is now Sat, Jun 15 at 2 PM. Follow: https://cincybattery.test/track/tok_abc123 Reply STOP to opt out.',
    );
    const unknown = messageFixture({ kind: 'moved', scheduledLabel: null });
    expect((await templates.render('email', unknown)).text).toContain('Your visit has a new time');
    expect((await templates.render('sms', unknown)).text).toContain('is now at a new time.');
  });

  it.each(['assigned', 'on_the_way'] as const)(
    "%s: gives the technician's first name and the ETA",
    async (kind) => {
      const data = messageFixture({ kind, technicianFirstName: 'Dana', etaMinutes: 65 });
      const email = await templates.render('email', data);
      const sms = await templates.render('sms', data);
      expect(email.text).toContain('Dana');
      expect(email.text).toContain('about 1 h 5 min');
      expect(sms.text).toContain('Dana');
      expect(sms.text).toContain('about 1 h 5 min');
    },
  );

  it.each([
    ['assigned', 'Expected around 8:30 AM tomorrow.', ', expected around 8:30 AM tomorrow'],
    ['on_the_way', 'Arriving around 8:30 AM tomorrow.', ', arriving around 8:30 AM tomorrow'],
  ] as const)(
    '%s: gives the time, not the hours, when the wait ends on another day',
    async (kind, emailLine, smsPart) => {
      const data = messageFixture({
        kind,
        etaMinutes: 572,
        laterArrival: 'around 8:30 AM tomorrow',
      });
      const email = await templates.render('email', data);
      const sms = await templates.render('sms', data);
      expect(email.text).toContain(emailLine);
      expect(sms.text).toContain(smsPart);
      for (const text of [email.text, sms.text]) expect(text).not.toContain('9 h 32 min');
    },
  );

  it.each([
    ['assigned', 'A technician has taken your visit', 'a technician has taken your visit'],
    ['on_the_way', 'Your technician is on the way', 'your technician is on the way'],
    ['arrived', 'Your technician has arrived', 'your technician has arrived'],
  ] as const)(
    '%s: reads well without a technician name or an ETA',
    async (kind, emailLine, smsLine) => {
      const data = messageFixture({ kind, technicianFirstName: null, etaMinutes: null });
      const email = await templates.render('email', data);
      const sms = await templates.render('sms', data);
      expect(email.text).toContain(emailLine);
      expect(sms.text).toContain(smsLine);
      for (const text of [email.text, email.html!, sms.text]) {
        expect(text).not.toMatch(/about \d|null|undefined|NaN/);
      }
    },
  );

  it("completed: shows the receipt's figures and says the receipt is attached", async () => {
    const email = await templates.render('email', dataFor('completed'));
    for (const part of [email.html!, email.text]) {
      expect(part).toContain('EverStart H6 AGM');
      expect(part).toContain('SN-4471-XZ');
      expect(part).toContain('52,310 miles');
      expect(part).toContain('On your invoice');
      expect(part).toContain('June 15, 2031');
    }
    expect(email.text).toMatch(/Warranty until\s+June 15, 2031/);
    expect(email.text).toContain('Your receipt is attached');
    expect(email.subject).toBe('Cincy Battery: service complete, your receipt (CB-7K3Q9)');
  });

  it('completed without a new battery: the invoice says what it costs, and no warranty', async () => {
    const data = messageFixture({
      kind: 'completed',
      receipt: receiptFixture({
        serviceCode: 'test_only',
        batteryModel: null,
        batterySerial: null,
        warrantyEndsOn: null,
      }),
    });
    const email = await templates.render('email', data);
    expect(email.text).toContain('On your invoice');
    expect(email.text).not.toMatch(/warranty/i);
    expect((await templates.render('sms', data)).text).not.toMatch(/warranty/i);
  });

  it.each(['declined', 'cancelled'] as const)(
    '%s: links to the booking form and gives the phone',
    async (kind) => {
      const data = messageFixture({ kind });
      const email = await templates.render('email', data);
      const sms = await templates.render('sms', data);
      expect(email.html).toContain(`href="${data.rebookUrl}"`);
      expect(email.text).toContain(`Book another time ${data.rebookUrl}`);
      expect(email.text).toContain(`or call us at ${BUSINESS.phone}`);
      expect(sms.text).toContain(`Book again: ${data.rebookUrl}`);
    },
  );

  it('escapes what a customer typed in the HTML and keeps it as typed in the texts', async () => {
    const data = messageFixture({
      kind: 'on_the_way',
      firstName: XSS,
      technicianFirstName: XSS,
      reference: '"><img src=x onerror=alert(1)>',
    });
    const email = await templates.render('email', data);
    const sms = await templates.render('sms', data);

    expect(email.html).not.toMatch(/<script/i);
    expect(email.html).not.toMatch(/<img/i);
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(email.text).toContain(`Hi ${XSS},`);
    expect(email.text).toContain(`${XSS} is on the way`);
    expect(email.subject).toContain('"><img src=x onerror=alert(1)>');
    expect(sms.text).toContain(`${XSS} is on the way`);
  });

  it('keeps a typed line break out of the subject and the text message', async () => {
    const data = messageFixture({
      kind: 'arrived',
      reference: 'CB-1\r\nBcc: x@example.com',
      technicianFirstName: 'Da\nna',
    });
    expect((await templates.render('email', data)).subject).not.toMatch(/[\r\n]/);
    expect((await templates.render('sms', data)).text).toContain('Da na has arrived');
  });
});
