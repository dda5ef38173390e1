import { randomUUID } from 'node:crypto';
import { EventEnvelope, Message, TEXT_OPT_OUT_LINE, addDays, businessDate } from '@cincy/contracts';
import {
  JetStreamPublisher,
  NatsConnectionHolder,
  Outbox,
  RpcCallError,
  RpcClient,
  buildEvent,
  createServiceApp,
  eventCodec,
} from '@cincy/platform';
import {
  TEST_ACTORS,
  assignedView,
  connectTestRpc,
  consumerDrained,
  dropIsolatedStack,
  eventually,
  requestedPayload,
  useIsolatedStack,
  openTestNats,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { notifyService } from '../src/app.module';
import { CopiesRepository } from '../src/copies';
import { messagesFailed } from '../src/messages';
import { StepsService } from '../src/steps';
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
const PUBLIC_URL = 'https://cincybattery.test';

let notify: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
const references = new Map<number, string>();
let issuedTokens: string[] = [];
let nextId = 100;

beforeAll(async () => {
  process.env.SMTP_URL = await smtp.start();
  process.env.SMS_URL = await sms.start();
  process.env.SMS_ACCOUNT_SID = 'AC-test';
  process.env.SMS_AUTH_TOKEN = 'token-test';
  process.env.PUBLIC_URL = PUBLIC_URL;
  process.env.NOTIFY_RETRY_FIRST_MS = '200';
  process.env.SMS_QUIET_HOURS = 'off';
  nats = await openTestNats(stack.prefix);
  issuedTokens = serveLinks(nats.connection, stack.prefix, references);
  serveTrackingView(nats.connection, stack.prefix);
  notify = await createServiceApp(notifyService);
  rpc = await connectTestRpc(stack.prefix);
});

afterAll(async () => {
  await rpc.close();
  await notify.close();
  await nats.close();
  await smtp.stop();
  sms.stop();
  await dropIsolatedStack(stack);
});

const publish = (event: EventEnvelope) => new JetStreamPublisher(nats).publish(event);
const messagesOf = (id: number) => rpc.call('notify.messages.of-appointment', { id });
const byChannel = (messages: Message[], channel: Message['channel']) =>
  messages.filter((m) => m.channel === channel);

/** A new booking: its customer (with an email unless told) and reference; ASAP unless `slot`. */
async function book(
  overrides: { email?: string | null; phone?: string; slot?: { date: string; hour: number } } = {},
) {
  const id = (nextId += 1);
  const reference = `CB-${String(id).padStart(5, '7')}`;
  references.set(id, reference);
  const email = overrides.email === undefined ? `customer${id}@example.com` : overrides.email;
  const phone = overrides.phone ?? `(513) 555-${String(id).padStart(4, '0')}`;
  const { slot } = overrides;
  const event = buildEvent('booking.appointment.requested', {
    ...requestedPayload(id, `Robin <b>${id}</b> Banks`, { reference }),
    customer: { name: `Robin <b>${id}</b> Banks`, phone, email },
    ...(slot && slotFields(slot.date, slot.hour)),
  });
  await publish(event);
  return { id, reference, email, phone, e164: `+1${phone.replace(/\D/g, '')}`, event };
}

/** notify's `cincy_messages_failed_total` for a channel (notify runs in this process). */
const failedCount = async (channel: Message['channel']) =>
  (await messagesFailed.get()).values.find((v) => v.labels.channel === channel)?.value ?? 0;

const sentBoth = (id: number) =>
  eventually(async () => {
    const messages = await messagesOf(id);
    return messages.length === 2 && messages.every((m) => m.state === 'sent') && messages;
  });

describe('notify: a message at each step', () => {
  it("sends a booking's received email and text once each, the text after one retry", async () => {
    const booking = await book();
    const messages = await sentBoth(booking.id);

    const [email] = byChannel(messages, 'email');
    expect(email).toMatchObject({
      kind: 'received',
      to: booking.email,
      route: 'smtp',
      attempts: 1,
    });
    const [text] = byChannel(messages, 'sms');
    expect(text).toMatchObject({ to: booking.e164, route: 'sms', attempts: 2, lastError: null });

    const mails = smtp.to(booking.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0].messageId).toBe(`<message-${email.id}@cincybattery.com>`);
    expect(mails[0].text).toContain(booking.reference);
    expect(mails[0].text).toMatch(new RegExp(`${PUBLIC_URL}/track/[A-Za-z0-9_-]{34}`));
    // What the customer typed is escaped in the HTML.
    expect(mails[0].html).not.toContain(`<b>${booking.id}</b>`);

    const texts = sms.to(booking.e164);
    expect(texts).toHaveLength(1);
    expect(sms.attempts.get(booking.e164)).toBe(2);
    expect(texts[0].body).toContain(TEXT_OPT_OUT_LINE);
    expect(texts[0].auth).toBe(`Basic ${Buffer.from('AC-test:token-test').toString('base64')}`);

    // Staff see the text with the private link masked.
    expect(text.preview).toContain('/track/…');
    for (const token of issuedTokens) expect(JSON.stringify(messages)).not.toContain(token);

    const today = await rpc.call('notify.messages.list', { state: 'sent' });
    expect(today.map((m) => m.id)).toEqual(expect.arrayContaining([email.id, text.id]));
    expect(await rpc.call('notify.messages.list', { state: 'failed' })).not.toContainEqual(
      expect.objectContaining({ id: email.id }),
    );
  });

  it('says who is on the way and when, and arrives with the receipt PDF when complete', async () => {
    const booking = await book();
    await sentBoth(booking.id);
    const view = assignedView(TEST_ACTORS.tech, { id: booking.id, customerId: booking.id });
    await publish(buildEvent('dispatch.appointment.departed', { appointment: view }));
    await eventually(async () => {
      const texts = sms.to(booking.e164);
      return texts.length === 2 && texts;
    });
    expect(sms.to(booking.e164)[1].body).toMatch(/Tess is on the way.*17 min/);

    await publish(
      buildEvent('inventory.item.changed', {
        item: {
          id: 3,
          name: 'H6 AGM',
          description: null,
          sku: null,
          category: 'battery',
          quantity: 4,
          minQuantity: 1,
          unitCost: 120,
          warrantyMonths: 12,
          vanMinQuantity: 0,
          byLocation: [],
          price: null,
          notes: null,
        },
        movement: null,
      }),
    );
    await consumerDrained(nats, 'notify-items');
    // The technician arrives, then completes: the receipt follows the arrival's text.
    await publish(
      buildEvent('dispatch.appointment.arrived', {
        appointment: { ...view, status: 'on_location', version: view.version + 1 },
      }),
    );
    const record = serviceRecordFor(booking.id);
    await publish(buildEvent('inventory.service-record.created', { serviceRecord: record }));
    const receiptMail = await eventually(async () =>
      smtp.to(booking.email!).find((m) => m.attachments.length > 0),
    );
    const [pdf] = receiptMail.attachments;
    expect(pdf.filename).toBe(`receipt-${booking.reference}.pdf`);
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');

    const file = await rpc.call('notify.receipts.get', { appointmentId: booking.id });
    expect(file.filename).toBe(`receipt-${booking.reference}.pdf`);
    expect(Buffer.from(file.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    await expect(rpc.call('notify.receipts.get', { appointmentId: 99_999 })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('sends a step that came before its booking once the booking is known, after the booking text', async () => {
    // A notify that was down catches up on its consumers in no fixed order: the visit's step can
    // be read before the booking that makes its copy.
    const id = nextId + 1;
    const view = assignedView(TEST_ACTORS.tech, { id, customerId: id });
    await publish(buildEvent('dispatch.appointment.departed', { appointment: view }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const booking = await book();
    expect(booking.id).toBe(id);
    const texts = await eventually(async () => {
      const sent = sms.to(booking.e164);
      return sent.length === 2 && sent;
    }, 20_000);
    expect(texts.map((t) => t.body)).toEqual([
      expect.stringMatching(/we have your request/),
      expect.stringMatching(/Tess is on the way/),
    ]);
  });

  it('sends a quick run of steps each once and in order, the first text after its retry', async () => {
    const booking = await book();
    await consumerDrained(nats, 'notify-bookings');
    const at = (status: 'accepted' | 'en_route' | 'on_location', version: number) => ({
      appointment: assignedView(TEST_ACTORS.tech, {
        id: booking.id,
        customerId: booking.id,
        status,
        version,
      }),
    });
    await publish(buildEvent('dispatch.appointment.accepted', at('accepted', 2)));
    await publish(buildEvent('dispatch.appointment.departed', at('en_route', 3)));
    await publish(buildEvent('dispatch.appointment.arrived', at('on_location', 4)));
    await publish(
      buildEvent('inventory.service-record.created', {
        serviceRecord: serviceRecordFor(booking.id),
      }),
    );
    const messages = await eventually(async () => {
      // The offer of a free test is years ahead (below).
      const all = (await messagesOf(booking.id)).filter((m) => m.kind !== 'test_offer');
      return all.length === 10 && all.every((m) => m.state === 'sent') && all;
    });
    // The battery put in: one offer of a free test by each channel, queued for its third year.
    const offers = (await messagesOf(booking.id)).filter((m) => m.kind === 'test_offer');
    expect(offers.map((m) => [m.channel, m.state]).sort()).toEqual([
      ['email', 'queued'],
      ['sms', 'queued'],
    ]);
    const installed = new Date(serviceRecordFor(booking.id).completedAt);
    for (const offer of offers)
      expect(new Date(offer.nextAttemptAt!).getUTCFullYear()).toBe(installed.getUTCFullYear() + 3);
    expect(byChannel(messages, 'sms')[0].attempts).toBe(2);
    const steps = [
      /we have your request/,
      /Tess will be your technician/,
      /Tess is on the way/,
      /Tess has arrived/,
      /your battery service is complete/,
    ];
    expect(sms.to(booking.e164).map((t) => t.body)).toEqual(
      steps.map((step) => expect.stringMatching(step)),
    );
    expect(smtp.to(booking.email!).map((m) => m.subject)).toEqual([
      expect.stringContaining('request received'),
      expect.stringContaining('technician assigned'),
      expect.stringContaining('technician on the way'),
      expect.stringContaining('technician arrived'),
      expect.stringContaining('service complete'),
    ]);
  });

  it('tells the customer of a moved visit its new hour, by email and text', async () => {
    const day = addDays(businessDate(new Date()), 2);
    const booking = await book({ slot: { date: day, hour: 10 } });
    await sentBoth(booking.id);
    await publish(buildEvent('booking.appointment.rescheduled', rescheduled(booking.id, day, 14)));
    const moved = await eventually(async () => {
      const all = (await messagesOf(booking.id)).filter((m) => m.kind === 'moved');
      return all.length === 2 && all.every((m) => m.state === 'sent') && all;
    });
    expect(moved.map((m) => m.channel).sort()).toEqual(['email', 'sms']);

    const label = /\w{3}, \w{3} \d{1,2} at 2 PM/;
    const [, mail] = smtp.to(booking.email!);
    expect(mail.subject).toBe(`Cincy Battery: visit moved (${booking.reference})`);
    expect(mail.text).toMatch(new RegExp(`Your visit is now ${label.source}`));
    const [, text] = sms.to(booking.e164);
    expect(text.body).toMatch(
      new RegExp(`^Cincy Battery: your visit ${booking.reference} is now ${label.source}\\. `),
    );
    expect(text.body).toContain(`${PUBLIC_URL}/track/`);
  });

  it('records an invalid email as failed with the reason, and the text still goes', async () => {
    const failedBefore = await failedCount('email');
    const booking = await book({ email: 'robin@@example' });
    const messages = await eventually(async () => {
      const all = await messagesOf(booking.id);
      return byChannel(all, 'sms')[0]?.state === 'sent' && all;
    });
    expect(byChannel(messages, 'email')[0]).toMatchObject({
      state: 'failed',
      lastError: 'invalid email address',
      attempts: 0,
      route: null,
    });
    expect(smtp.to('robin@@example')).toHaveLength(0);
    expect(sms.to(booking.e164)).toHaveLength(1);
    // What the "messages failing" alert watches.
    expect((await failedCount('email')) - failedBefore).toBe(1);
  });

  it("fails a text the provider refuses with its reason, and an admin's resend sends it", async () => {
    const phone = '(513) 555-0999';
    sms.answers.set('+15135550999', {
      status: 400,
      body: { code: 21211, message: "The 'To' number +15135550999 is not a valid phone number." },
    });
    const booking = await book({ email: null, phone });
    const [failed] = await eventually(async () => {
      const all = await messagesOf(booking.id);
      return all[0]?.state === 'failed' && all;
    });
    expect(failed).toMatchObject({
      channel: 'sms',
      attempts: 1,
      lastError: "The 'To' number +15135550999 is not a valid phone number.",
    });

    sms.answers.set('+15135550999', { status: 201, body: { sid: 'SMok' } });
    const resent = await rpc.call('notify.messages.resend', {
      id: failed.id,
      actor: TEST_ACTORS.admin,
    });
    expect(resent).toMatchObject({ state: 'queued', attempts: 0 });
    await eventually(async () => (await messagesOf(booking.id))[0].state === 'sent');
    expect(sms.to('+15135550999')).toHaveLength(1);

    const again = rpc.call('notify.messages.resend', { id: failed.id, actor: TEST_ACTORS.admin });
    await expect(again).rejects.toBeInstanceOf(RpcCallError);
    await expect(again).rejects.toMatchObject({ status: 409 });
  });

  it('makes the messages of an event delivered twice once', async () => {
    const booking = await book();
    await sentBoth(booking.id);
    // Past JetStream's duplicate window (another Nats-Msg-Id): the inbox drops it.
    await nats.jetstream.publish(
      nats.names.event(booking.event.type),
      eventCodec.encode(booking.event),
      { msgID: randomUUID() },
    );
    await consumerDrained(nats, 'notify-bookings');
    // Past the inbox too (a handler run twice): the (event, channel) key drops it.
    const steps = notify.get(StepsService);
    await notify.get(Outbox).transaction((tx) => steps.onBooking(booking.event as never, tx));
    await new Promise((r) => setTimeout(r, 700));
    expect(await messagesOf(booking.id)).toHaveLength(2);
    expect(smtp.to(booking.email!)).toHaveLength(1);
    expect(sms.to(booking.e164)).toHaveLength(1);
  });

  it('sends each message exactly once with two notify instances on one database', async () => {
    const second = await createServiceApp(notifyService);
    try {
      const bookings = [];
      for (let i = 0; i < 8; i++) bookings.push(await book());
      for (const booking of bookings) await sentBoth(booking.id);
      for (const booking of bookings) {
        expect(smtp.to(booking.email!)).toHaveLength(1);
        expect(sms.to(booking.e164)).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });

  it('delivers once a message whose send a closing instance cut short', async () => {
    smtp.hold = true;
    const booking = await book({ phone: '(513) 555-0888' });
    await eventually(async () => smtp.held !== null);
    await notify.close();
    await eventually(async () => smtp.held === null);
    expect(smtp.to(booking.email!)).toHaveLength(0);

    notify = await createServiceApp(notifyService);
    const messages = await sentBoth(booking.id);
    expect(smtp.to(booking.email!)).toHaveLength(1);
    expect(byChannel(messages, 'email')[0].attempts).toBe(1);
  });
});

/**
 * Runs `act` while the booking's "on the way" step is being made: its consumer has read the
 * customer, or is about to, and waits on dispatch's estimate until `act` had 300 ms (time to
 * commit, or to wait on the step if the two take turns). Answers the step's messages.
 */
async function whileStepIsMade(booking: { id: number }, act: () => Promise<unknown>) {
  const client = notify.get(RpcClient);
  const call = client.call.bind(client);
  let asked!: () => void;
  const estimateAsked = new Promise<void>((resolve) => (asked = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const spy = jest.spyOn(client, 'call').mockImplementation((async (
    subject: string,
    request: unknown,
  ) => {
    if (subject === 'dispatch.tracking.view') {
      asked();
      await gate;
    }
    return call(subject as never, request as never);
  }) as never);
  try {
    const view = assignedView(TEST_ACTORS.tech, { id: booking.id, customerId: booking.id });
    await publish(buildEvent('dispatch.appointment.departed', { appointment: view }));
    await estimateAsked;
    const acted = act();
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await acted;
    await consumerDrained(nats, 'notify-visits');
  } finally {
    release();
    spy.mockRestore();
  }
  return (await messagesOf(booking.id)).filter((m) => m.kind === 'on_the_way');
}

describe('notify: an opt-out or a deletion while a step is being made', () => {
  // The step's consumer reads the customer, then asks dispatch for the estimate; the opt-out (or
  // the deletion) comes meanwhile. Whichever commits first, the step's messages must not go out.
  it('leaves unsent a step whose messages were being made as the customer opted out', async () => {
    const booking = await book();
    await sentBoth(booking.id);
    const onTheWay = await whileStepIsMade(booking, () =>
      rpc.call('notify.opt-out', { appointmentId: booking.id }),
    );
    for (const message of onTheWay)
      expect(message).toMatchObject({ state: 'failed', lastError: 'opted out' });
    expect(sms.to(booking.e164)).toHaveLength(1);
    expect(smtp.to(booking.email!)).toHaveLength(1);
  });

  it('leaves unsent a step whose messages were being made as the customer was deleted', async () => {
    const booking = await book();
    await sentBoth(booking.id);
    const onTheWay = await whileStepIsMade(booking, async () => {
      await publish(buildEvent('booking.customer.deleted', { customerId: booking.id }));
      await consumerDrained(nats, 'notify-bookings');
    });
    for (const message of onTheWay)
      expect(message).toMatchObject({ state: 'failed', lastError: 'customer deleted', to: '' });
    expect(sms.to(booking.e164)).toHaveLength(1);
    expect(smtp.to(booking.email!)).toHaveLength(1);
  });
});

/** notify's copy of a customer (null when none is kept). */
const copyOf = (customerId: number) =>
  notify.get(CopiesRepository).customer(notify.get(DataSource).manager, customerId);

describe("notify: a deletion applied before the customer's booking events", () => {
  // Replicas share the consumer and a failed batch is retried event by event, so a customer's
  // deletion can be applied before their last booking event; nothing of theirs may come back.
  it('keeps no copy of a customer deleted before their booking, and tells them nothing', async () => {
    const id = nextId + 1;
    await publish(buildEvent('booking.customer.deleted', { customerId: id }));
    await consumerDrained(nats, 'notify-bookings');
    const booking = await book();
    expect(booking.id).toBe(id);
    await publish(
      buildEvent('booking.customer.updated', {
        customer: { id, name: 'Robin Banks', phone: booking.phone, email: booking.email },
      }),
    );
    const view = assignedView(TEST_ACTORS.tech, { id, customerId: id });
    await publish(buildEvent('dispatch.appointment.departed', { appointment: view }));
    await consumerDrained(nats, 'notify-bookings');
    await consumerDrained(nats, 'notify-visits');

    expect(await messagesOf(id)).toEqual([]);
    expect(await copyOf(id)).toBeNull();
    expect(smtp.to(booking.email!)).toHaveLength(0);
    expect(sms.to(booking.e164)).toHaveLength(0);
  });

  it('tells none of ten customers deleted as their bookings come, with two instances', async () => {
    const second = await createServiceApp(notifyService);
    try {
      const ids = Array.from({ length: 10 }, () => (nextId += 1));
      const phoneOf = (id: number) => `(513) 556-${String(id).padStart(4, '0')}`;
      // Texts only, each refused for now: a booking applied first has its message still queued
      // when the deletion comes, which must leave it unsent (the order is not the test's to set).
      for (const id of ids)
        sms.answers.set(`+1${phoneOf(id).replace(/\D/g, '')}`, {
          status: 500,
          body: { message: 'Internal error' },
        });
      await Promise.all(
        ids.flatMap((id) => [
          publish(buildEvent('booking.customer.deleted', { customerId: id })),
          publish(
            buildEvent('booking.appointment.requested', {
              ...requestedPayload(id, `Robin ${id} Banks`),
              customer: { name: `Robin ${id} Banks`, phone: phoneOf(id), email: null },
            }),
          ),
        ]),
      );
      await consumerDrained(nats, 'notify-bookings', 20_000);

      for (const id of ids) {
        for (const message of await messagesOf(id))
          expect(message).toMatchObject({ state: 'failed', lastError: 'customer deleted', to: '' });
        expect(await copyOf(id)).toBeNull();
      }
    } finally {
      await second.close();
    }
  });
});
