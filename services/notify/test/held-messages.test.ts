// Messages checked again when they go (ADR 0097): a text held for the quiet hours is dropped
// when a later step, a move or a cancellation overtook it, and a visit's messages never arrive
// out of order. The night is a quiet window around the test's own hour; the morning is notify
// started again with the quiet hours over and what they held due.
import {
  AppointmentStatus,
  EventEnvelope,
  EventType,
  Message,
  addDays,
  businessDate,
  businessParts,
} from '@cincy/contracts';
import {
  JetStreamPublisher,
  NatsConnectionHolder,
  RpcClient,
  buildEvent,
  createServiceApp,
} from '@cincy/platform';
import {
  TEST_ACTORS,
  assignedView,
  boardView,
  connectTestRpc,
  consumerDrained,
  dropIsolatedStack,
  eventually,
  openTestNats,
  requestedPayload,
  useIsolatedStack,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { notifyService } from '../src/app.module';
import { Sender } from '../src/outbound';
import {
  TestSmsProvider,
  TestSmtpServer,
  rescheduled,
  serveLinks,
  serveTrackingView,
  serviceRecordFor,
  slotFields,
} from './stubs';

const stack = useIsolatedStack();
const smtp = new TestSmtpServer();
const sms = new TestSmsProvider();
/** The gateway's port; PUBLIC_URL is not set, so messages link to this address. */
const PORT = '4390';

let notify: INestMicroservice | undefined;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
const references = new Map<number, string>();
let nextId = 500;

beforeAll(async () => {
  process.env.SMTP_URL = await smtp.start();
  process.env.SMS_URL = await sms.start();
  process.env.PORT = PORT;
  delete process.env.PUBLIC_URL;
  nats = await openTestNats(stack.prefix);
  serveLinks(nats.connection, stack.prefix, references);
  serveTrackingView(nats.connection, stack.prefix);
  rpc = await connectTestRpc(stack.prefix);
});

afterAll(async () => {
  await rpc.close();
  await notify?.close();
  await nats.close();
  await smtp.stop();
  sms.stop();
  await dropIsolatedStack(stack);
});

async function startNotify(quietHours: string): Promise<INestMicroservice> {
  await notify?.close();
  process.env.SMS_QUIET_HOURS = quietHours;
  notify = await createServiceApp(notifyService);
  return notify;
}

/** Quiet hours now: two hours from the current one (Cincinnati), so the test never sees 8 AM. */
function night() {
  const { hour } = businessParts(new Date());
  return startNotify(`${hour}-${(hour + 2) % 24}`);
}

/** 8 AM: the quiet hours are over, and what they held is due. */
async function morning() {
  const app = await startNotify('off');
  await app
    .get(DataSource)
    // What the night held (due within a day), not what is due in years (the offer of a test).
    .query(
      `UPDATE messages SET next_attempt_at = now()
        WHERE state = 'queued' AND next_attempt_at < now() + interval '1 day'`,
    );
}

const publish = (event: EventEnvelope) => new JetStreamPublisher(nats).publish(event);
const messagesOf = (id: number) => rpc.call('notify.messages.of-appointment', { id });
const textsOf = (messages: Message[]) => messages.filter((m) => m.channel === 'sms');
const bodies = (e164: string) => sms.to(e164).map((t) => t.body);

/** A booking made at night (ASAP, or for `slot`), its texts answered by the provider at once. */
async function book(slot?: { date: string; hour: number }) {
  const id = (nextId += 1);
  const reference = `CB-${id}QT`;
  references.set(id, reference);
  const number = String(id).padStart(4, '0');
  const email = `held${id}@example.com`;
  const e164 = `+1513555${number}`;
  sms.answers.set(e164, { status: 201, body: { sid: `SM${id}` } });
  await publish(
    buildEvent('booking.appointment.requested', {
      ...requestedPayload(id, 'Robin Banks', { reference }),
      customer: { name: 'Robin Banks', phone: `(513) 555-${number}`, email },
      ...(slot && slotFields(slot.date, slot.hour)),
    }),
  );
  // Dispatch's steps come later: notify has the booking first.
  await consumerDrained(nats, 'notify-bookings');
  return { id, reference, email, e164 };
}

type VisitStep = Extract<
  EventType,
  | 'dispatch.appointment.accepted'
  | 'dispatch.appointment.departed'
  | 'dispatch.appointment.arrived'
  | 'dispatch.appointment.unassigned'
  | 'dispatch.appointment.cancelled'
>;

/** Dispatch's step of the visit: Tess's, or nobody's once back in the pool or cancelled. */
function step(type: VisitStep, id: number, status: AppointmentStatus, version: number) {
  const fields = { id, customerId: id, status, version };
  const appointment =
    status === 'pending' || status === 'cancelled'
      ? boardView(fields)
      : assignedView(TEST_ACTORS.tech, fields);
  return publish(buildEvent(type, { appointment }));
}

/** Every message of the visit is out of the queue: sent, failed or dropped. */
const settled = (id: number) =>
  eventually(async () => {
    // The offer of a free test (after an install) is years ahead: not part of the visit's run.
    const all = (await messagesOf(id)).filter((m) => m.kind !== 'test_offer');
    return all.length > 0 && all.every((m) => m.state !== 'queued' && m.state !== 'sending') && all;
  });

/** `count` texts of the visit sent (and recorded so: the provider has them once). */
const textsSent = (id: number, count: number) =>
  eventually(
    async () => textsOf(await messagesOf(id)).filter((m) => m.state === 'sent').length === count,
  );
// Each step's email goes at once (a step overtaken before its email went would drop it).
const mailsArrived = (email: string, count: number) =>
  eventually(async () => {
    const mails = smtp.to(email);
    return mails.length === count && mails;
  });

describe('notify: held messages checked again when they go', () => {
  it('drops the held "received" and "assigned" texts of a visit worked before 8 AM', async () => {
    await night();
    const visit = await book();
    await mailsArrived(visit.email, 1);
    await step('dispatch.appointment.accepted', visit.id, 'accepted', 2);
    await mailsArrived(visit.email, 2);
    await step('dispatch.appointment.departed', visit.id, 'en_route', 3);
    await textsSent(visit.id, 1);
    await step('dispatch.appointment.arrived', visit.id, 'on_location', 4);
    await textsSent(visit.id, 2);
    await publish(
      buildEvent('inventory.service-record.created', { serviceRecord: serviceRecordFor(visit.id) }),
    );
    await textsSent(visit.id, 3);

    await morning();
    const messages = await settled(visit.id);
    expect(bodies(visit.e164)).toEqual([
      expect.stringContaining('Tess is on the way'),
      expect.stringContaining('Tess has arrived'),
      expect.stringContaining('your battery service is complete'),
    ]);
    // Each dropped as the next step's email went (the texts were held).
    expect(textsOf(messages).map((m) => [m.kind, m.state, m.lastError])).toEqual([
      ['received', 'dropped', 'overtaken by a later step: Technician assigned'],
      ['assigned', 'dropped', 'overtaken by a later step: On the way'],
      ['on_the_way', 'sent', null],
      ['arrived', 'sent', null],
      ['completed', 'sent', null],
    ]);
    // The emails were not held: each went when its step happened.
    expect(messages.filter((m) => m.channel === 'email').every((m) => m.state === 'sent')).toBe(
      true,
    );
    // The Messages view lists them as dropped, with the reason.
    const today = await rpc.call('notify.messages.list', { state: 'dropped' });
    expect(today.filter((m) => m.appointmentId === visit.id)).toHaveLength(2);
  });

  it('drops the texts of a visit moved and then cancelled overnight, and sends the cancellation', async () => {
    await night();
    const day = addDays(businessDate(new Date()), 3);
    const visit = await book({ date: day, hour: 10 });
    await mailsArrived(visit.email, 1);
    await publish(buildEvent('booking.appointment.rescheduled', rescheduled(visit.id, day, 14)));
    await mailsArrived(visit.email, 2);
    await step('dispatch.appointment.cancelled', visit.id, 'cancelled', 2);

    // Emails are never held: the booking for 10 AM, the move to 2 PM, the cancellation.
    const mails = await mailsArrived(visit.email, 3);
    expect(mails.map((m) => m.subject)).toEqual([
      `Cincy Battery: request received (${visit.reference})`,
      `Cincy Battery: visit moved (${visit.reference})`,
      `Cincy Battery: visit cancelled (${visit.reference})`,
    ]);
    expect(mails[0].text).toMatch(/booked for \w{3}, \w{3} \d{1,2} at 10 AM/);
    expect(mails[1].text).toMatch(/Your visit is now \w{3}, \w{3} \d{1,2} at 2 PM/);

    await morning();
    const messages = await settled(visit.id);
    expect(bodies(visit.e164)).toEqual([
      expect.stringContaining(`your visit ${visit.reference} is cancelled`),
    ]);
    expect(textsOf(messages).map((m) => [m.kind, m.state, m.lastError])).toEqual([
      // Dropped as the move's email went (the text was held), then the cancellation's.
      ['received', 'dropped', 'overtaken by a later step: Visit moved'],
      ['moved', 'dropped', 'visit cancelled'],
      ['cancelled', 'sent', null],
    ]);
  });

  it('drops a held "assigned" text once the technician gave the visit back, and keeps the rest', async () => {
    await night();
    const visit = await book();
    await step('dispatch.appointment.accepted', visit.id, 'accepted', 2);
    await step('dispatch.appointment.unassigned', visit.id, 'pending', 3);
    await consumerDrained(nats, 'notify-visits');

    await morning();
    const messages = await settled(visit.id);
    expect(textsOf(messages).map((m) => [m.kind, m.state, m.lastError])).toEqual([
      ['received', 'sent', null],
      ['assigned', 'dropped', 'the technician gave the visit back'],
    ]);
    expect(bodies(visit.e164)).toEqual([expect.stringContaining('we have your request')]);
  });

  it('leaves the estimate out of a text held for the morning, and keeps it in the email sent at once', async () => {
    await night();
    const visit = await book();
    await step('dispatch.appointment.accepted', visit.id, 'accepted', 2);
    await mailsArrived(visit.email, 2);

    await morning();
    await settled(visit.id);
    // "17 min away" was the estimate at night; hours later it would be wrong. The link has it live.
    // ("received" was overtaken by it overnight.)
    expect(bodies(visit.e164)).toEqual([
      expect.stringMatching(/Tess will be your technician\. Follow: /),
    ]);
    expect(smtp.to(visit.email)[1].text).toContain('17 min');
  });

  it('sends nothing of a visit while an older message of its channel is still being sent', async () => {
    const app = await night();
    smtp.hold = true;
    const visit = await book();
    await eventually(async () => smtp.held !== null);
    await step('dispatch.appointment.accepted', visit.id, 'accepted', 2);
    await consumerDrained(nats, 'notify-visits');
    await eventually(async () => (await messagesOf(visit.id)).length === 4);

    // The "assigned" email waits for the "received" one, whichever sender looks.
    const claimed = await app.get(Sender).claimBatch();
    expect(claimed.filter((m) => m.appointment_id === visit.id).map((m) => m.kind)).toEqual([]);

    await smtp.release();
    await eventually(async () => smtp.to(visit.email).length === 2);
    expect(smtp.to(visit.email).map((m) => m.subject)).toEqual([
      `Cincy Battery: request received (${visit.reference})`,
      `Cincy Battery: technician assigned (${visit.reference})`,
    ]);
  });

  it("links to the app's own address (PORT) when PUBLIC_URL is not set", async () => {
    await night();
    const visit = await book();
    const [mail] = await mailsArrived(visit.email, 1);
    expect(mail.text).toMatch(new RegExp(`http://localhost:${PORT}/track/[A-Za-z0-9_-]{34}`));
    expect(mail.text).not.toContain('localhost:3000');
  });
});

describe('notify: the payment reminder', () => {
  const DAY_MS = 86_400_000;
  /** The visit's invoice as billing's events carry it, issued `ago` ms ago. */
  const invoiceOf = (id: number, ago: number, status: 'open' | 'paid' = 'open') => ({
    id,
    number: `INV-2026-${String(id).padStart(6, '0')}`,
    appointmentId: id,
    customerId: id,
    status,
    subtotalCents: 15_307,
    taxCents: 1_193,
    totalCents: 16_500,
    paidCents: status === 'paid' ? 16_500 : 0,
    refundedCents: 0,
    tax: { state: 'OH' as const, county: 'Hamilton', rateBps: 780, known: true },
    lines: [],
    payments: [],
    flags: [],
    issuedAt: new Date(Date.now() - ago).toISOString(),
  });
  const reminders = async (id: number) =>
    (await messagesOf(id)).filter((m) => m.kind === 'payment_reminder');

  it('reminds the customer of an invoice still open three days after it was issued', async () => {
    await startNotify('off');
    const visit = await book();
    await mailsArrived(visit.email, 1);
    const invoice = invoiceOf(visit.id, 3 * DAY_MS + 60_000);
    await publish(buildEvent('billing.invoice.issued', { invoice }));
    const [mail] = (await mailsArrived(visit.email, 2)).slice(1);
    expect(mail.subject).toBe(`Cincy Battery: invoice still open (${visit.reference})`);
    await textsSent(visit.id, 2);
    expect(bodies(visit.e164).at(-1)).toContain(`invoice ${invoice.number} is still open`);
    expect((await reminders(visit.id)).map((m) => m.state)).toEqual(['sent', 'sent']);
  });

  it('drops the reminder of an invoice paid before it was due, and sends none for one paid at once', async () => {
    await startNotify('off');
    const visit = await book();
    await mailsArrived(visit.email, 1);
    // Issued owing an hour short of three days ago: the reminder waits an hour.
    const invoice = invoiceOf(visit.id, 3 * DAY_MS - 3_600_000);
    await publish(buildEvent('billing.invoice.issued', { invoice }));
    await eventually(async () => (await reminders(visit.id)).length === 2);
    await publish(
      buildEvent('billing.payment.recorded', {
        invoice: { ...invoice, status: 'paid', paidCents: 16_500 },
        payment: {
          id: 1,
          method: 'cash',
          amountCents: 16_500,
          checkNumber: null,
          receivedAt: new Date().toISOString(),
          refundOf: null,
          reason: null,
        },
      }),
    );
    await consumerDrained(nats, 'notify-payments');
    // The hour passes.
    await notify!
      .get(DataSource)
      .query(
        `UPDATE messages SET next_attempt_at = now() WHERE kind = 'payment_reminder' AND appointment_id = $1`,
        [visit.id],
      );
    await eventually(async () =>
      (await reminders(visit.id)).every(
        (m) => m.state === 'dropped' && m.lastError === 'invoice paid',
      ),
    );
    // The payment's own receipt went at once (what, how, when); the reminder never did.
    const mails = await mailsArrived(visit.email, 2);
    expect(mails.map((m) => m.subject)).toEqual([
      `Cincy Battery: request received (${visit.reference})`,
      `Cincy Battery: payment received, thank you (${visit.reference})`,
    ]);
    expect(mails[1].text).toContain(`Invoice ${invoice.number}: $165.00 in cash on`);
    await textsSent(visit.id, 2);
    expect(bodies(visit.e164).at(-1)).toMatch(
      new RegExp(
        `we received \\$165\\.00 in cash on .+ for invoice ${invoice.number}\\. Paid in full`,
      ),
    );

    const paidAtOnce = await book();
    await publish(
      buildEvent('billing.invoice.issued', { invoice: invoiceOf(paidAtOnce.id, 0, 'paid') }),
    );
    await consumerDrained(nats, 'notify-payments');
    expect(await reminders(paidAtOnce.id)).toEqual([]);
  });
});
