// Billing bills a completed job once (issue 36, ADR 0113): from the booking (where), the service
// record (what) and the items (the battery's name), which arrive by separate consumers in any
// order, on a database and NATS prefix of this file's own.
import {
  Actor,
  ERROR_CODES,
  EventEnvelope,
  Invoice,
  PAYMENT_MESSAGES,
  PaymentInput,
  REFUND_MESSAGES,
  ServiceCode,
  ServiceRecord,
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
  connectTestRpc,
  consumerDrained,
  dropIsolatedStack,
  eventually,
  openTestNats,
  refusal,
  requestedPayload,
  useIsolatedStack,
} from '@cincy/platform/testing';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutCompletedEvent, stripeSignature } from '@cincy/platform';
import { startPaymentProvider } from '@cincy/stack';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { billingService } from '../src/app.module';
import { INVOICE_MESSAGES } from '../src/invoices';

const testStack = useIsolatedStack();
const { admin, tech, otherTech } = TEST_ACTORS;
// Every job of the file was completed nine days ago at 16:30 UTC (inside the money report's
// longest range, whatever the day the tests run).
const COMPLETED_AT = new Date(`${addDays(businessDate(), -9)}T16:30:00Z`);
const COMPLETED_ON = businessDate(COMPLETED_AT);
const YEAR = businessParts(COMPLETED_AT).year;
const STANDARD = { id: 41, name: 'Group 65 Standard' };
const AGM = { id: 42, name: 'Group H6 AGM' };

let billing: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
let db: DataSource;
let nextId = 500;
let provider: Awaited<ReturnType<typeof startPaymentProvider>>;
/** Stands in for the gateway's webhook route: the body as it came, and its signature. */
let webhookRoute: Server;
const webhook = (payload: string, signature: string) =>
  rpc.call('billing.webhooks.receive', { payload, signature });

beforeAll(async () => {
  provider = await startPaymentProvider();
  Object.assign(process.env, provider.env);
  webhookRoute = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      webhook(body, String(req.headers['stripe-signature'])).then(
        () => res.writeHead(200).end(),
        () => res.writeHead(400).end(),
      );
    });
  });
  await new Promise<void>((resolve) => webhookRoute.listen(0, '127.0.0.1', resolve));
  provider.webhookTo(`http://127.0.0.1:${(webhookRoute.address() as AddressInfo).port}/api`);
  billing = await createServiceApp(billingService);
  db = billing.get(DataSource);
  rpc = await connectTestRpc(testStack.prefix);
  nats = await openTestNats(testStack.prefix);
  await item(STANDARD);
  await item(AGM);
});

afterAll(async () => {
  await new Promise((resolve) => webhookRoute.close(resolve));
  await provider.stop();
  await nats.close();
  await rpc.close();
  await billing.close();
  await dropIsolatedStack(testStack);
});

/** Where a customer's /pay/<code> link goes now (the gateway redirects there). */
const checkoutOf = async (payLink: string) =>
  (await rpc.call('billing.payment-links.open', { code: payLink.split('/').pop()! })).url;

const publish = (event: EventEnvelope) => new JetStreamPublisher(nats).publish(event);

/** A battery as inventory announces it; without a price, as before items had one. */
function item({ id, name, price = null }: { id: number; name: string; price?: number | null }) {
  return publish(
    buildEvent('inventory.item.changed', {
      item: {
        id,
        name,
        description: null,
        sku: null,
        category: 'battery',
        quantity: 5,
        minQuantity: 2,
        unitCost: 90,
        warrantyMonths: 12,
        vanMinQuantity: 0,
        byLocation: [],
        price,
        notes: null,
      },
      movement: null,
    }),
  );
}

const booked = (id: number, location = '1 Main St, Cincinnati, OH 45202') =>
  publish(
    buildEvent('booking.appointment.requested', requestedPayload(id, 'Robin Banks', { location })),
  );

function recordOf(id: number, serviceCode: ServiceCode, itemId: number | null): ServiceRecord {
  const battery = itemId !== null;
  return {
    id,
    appointmentId: id,
    customerId: id,
    serviceCode,
    completionNotes: null,
    technicianId: tech.id,
    technicianName: tech.name,
    batterySerialNumber: battery ? `INV-TEST-${id}` : null,
    previousBatterySerialNumber: serviceCode === 'warranty_replacement' ? `OLD-${id}` : null,
    vehicleYear: null,
    vehicleMake: null,
    vehicleModel: null,
    vehicleColor: null,
    vehicleMileage: battery ? '1000' : null,
    inventoryItemId: itemId,
    completedAt: COMPLETED_AT.toISOString(),
    price: 0,
    batteryTests: [],
    oldBatteryKept: false,
    warrantyEndsOn: null,
  };
}

const completed = (record: ServiceRecord) =>
  publish(buildEvent('inventory.service-record.created', { serviceRecord: record }));

const invoiceOf = (appointmentId: number, actor: Actor = admin) =>
  rpc.call('billing.invoices.of-appointment', { appointmentId, actor }) as Promise<Invoice>;
const issued = (appointmentId: number) =>
  eventually(() => invoiceOf(appointmentId).catch(() => undefined));

async function drained() {
  for (const consumer of ['billing-bookings', 'billing-records', 'billing-items'] as const)
    await consumerDrained(nats, consumer);
}

describe('an invoice', () => {
  it('is issued when a job is completed: lines, Hamilton County tax inside the price, a number', async () => {
    const id = (nextId += 1);
    await booked(id);
    await completed(recordOf(id, 'battery_installed', STANDARD.id));
    const invoice = await issued(id);
    expect(invoice).toMatchObject({
      number: expect.stringMatching(new RegExp(`^INV-${YEAR}-\\d{6}$`)),
      appointmentId: id,
      customerId: id,
      status: 'open',
      subtotalCents: 15_307,
      taxCents: 1_193,
      totalCents: 16_500,
      paidCents: 0,
      tax: { state: 'OH', county: 'Hamilton', rateBps: 780, known: true },
      lines: [
        { kind: 'battery', description: 'Group 65 Standard', amountCents: 12_500, taxCents: 904 },
        { kind: 'installation', description: 'Installation', amountCents: 4_000, taxCents: 289 },
      ],
      payments: [],
      issuedAt: COMPLETED_AT.toISOString(),
    });
    const [{ count }] = await db.query(
      `SELECT count(*)::int AS count FROM outbox
       WHERE type = 'billing.invoice.issued' AND (payload->'invoice'->>'appointmentId')::int = $1`,
      [id],
    );
    expect(count).toBe(1);
  });

  it('is issued once whatever order the facts come in, and a repeated record changes nothing', async () => {
    const id = (nextId += 1);
    const unknownItem = { id: 43, name: 'Group 48 AGM' };
    const record = recordOf(id, 'battery_installed', unknownItem.id);
    await completed(record);
    await booked(id, '9 Dixie Hwy, Florence, KY 41042');
    await drained();
    // Still waiting for the battery's name.
    expect((await refusal(invoiceOf(id))).body.code).toBe(ERROR_CODES.notFound);
    await item(unknownItem);
    const invoice = await issued(id);
    expect(invoice).toMatchObject({
      totalCents: 21_000,
      tax: { state: 'KY', county: null, rateBps: 600, known: true },
    });
    // A second record event of the same job (a replay under a new id), and the booking again.
    await completed(record);
    await booked(id, '9 Dixie Hwy, Florence, KY 41042');
    await drained();
    expect(await invoiceOf(id)).toEqual(invoice);
    const rows = await db.query('SELECT number FROM invoices WHERE appointment_id = $1', [id]);
    expect(rows).toHaveLength(1);
  });

  it("is issued when the battery's name comes at the same moment as the record (each of 20 jobs)", async () => {
    // Two consumers, two transactions: each must see the other's fact, whichever commits first.
    const jobs = Array.from({ length: 20 }, (_, k) => ({
      id: (nextId += 1),
      battery: { id: 300 + k, name: 'Group 35 AGM' },
    }));
    for (const { id } of jobs) await booked(id);
    await drained();
    await Promise.all(
      jobs.flatMap(({ id, battery }) => [
        item(battery),
        completed(recordOf(id, 'battery_installed', battery.id)),
      ]),
    );
    await drained();
    const waiting = await db.query<{ appointment_id: number }[]>(
      'SELECT appointment_id FROM billable_jobs WHERE appointment_id = ANY($1)',
      [jobs.map((j) => j.id)],
    );
    expect(waiting).toEqual([]);
  });

  it('numbers invoices one after the other in the year, with no gaps', async () => {
    const ids = [(nextId += 1), (nextId += 1), (nextId += 1)];
    for (const id of ids) {
      await booked(id);
      await completed(recordOf(id, 'battery_installed', AGM.id));
    }
    const numbers = [];
    for (const id of ids) numbers.push((await issued(id)).number);
    const all = await db.query<{ number: string }[]>(
      'SELECT number FROM invoices WHERE number LIKE $1 ORDER BY number',
      [`INV-${YEAR}-%`],
    );
    const sequence = all.map((r) => Number(r.number.slice(-6)));
    expect(sequence).toEqual(sequence.map((_, i) => i + 1));
    expect(numbers.every((n) => all.some((r) => r.number === n))).toBe(true);
  });

  it('bills a warranty replacement at no charge (nothing owed) and a visit that did nothing not at all', async () => {
    const warranty = (nextId += 1);
    await booked(warranty);
    await completed(recordOf(warranty, 'warranty_replacement', AGM.id));
    expect(await issued(warranty)).toMatchObject({ status: 'paid', totalCents: 0, taxCents: 0 });

    const nothing = (nextId += 1);
    await booked(nothing);
    await completed(recordOf(nothing, 'no_service', null));
    await drained();
    expect((await refusal(invoiceOf(nothing))).body.code).toBe(ERROR_CODES.notFound);
    const waiting = await db.query('SELECT 1 FROM billable_jobs WHERE appointment_id = $1', [
      nothing,
    ]);
    expect(waiting).toHaveLength(0);
  });

  it('bills the core charge when the customer keeps the old battery', async () => {
    const id = (nextId += 1);
    await booked(id);
    await completed({ ...recordOf(id, 'battery_installed', STANDARD.id), oldBatteryKept: true });
    const invoice = await issued(id);
    expect(invoice.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['battery', 12_500],
      ['installation', 4_000],
      ['core_charge', 2_000],
    ]);
    expect(invoice.totalCents).toBe(18_500);
  });

  it('taxes an address whose county is not known at the highest rate, marked unknown', async () => {
    const id = (nextId += 1);
    await booked(id, 'Somewhere without a ZIP');
    await completed(recordOf(id, 'battery_installed', STANDARD.id));
    expect(await issued(id)).toMatchObject({
      totalCents: 16_500,
      tax: { state: 'OH', county: null, rateBps: 780, known: false },
    });
  });

  it('is shown to the office and to the technician who did the job, and to no other', async () => {
    const id = (nextId += 1);
    await booked(id);
    await completed(recordOf(id, 'battery_installed', STANDARD.id));
    const invoice = await issued(id);
    expect(await invoiceOf(id, tech)).toEqual(invoice);
    const refused = await refusal(invoiceOf(id, otherTech));
    expect([refused.body.code, refused.body.message]).toEqual([
      ERROR_CODES.forbidden,
      INVOICE_MESSAGES.notYourJob,
    ]);
    expect((await refusal(invoiceOf(999_999))).body.code).toBe(ERROR_CODES.notFound);
  });
});

describe('a payment', () => {
  const pay = (invoiceId: number, payment: object, actor: Actor = tech, idempotencyKey?: string) =>
    rpc.call('billing.payments.record', {
      invoiceId,
      payment: payment as PaymentInput,
      actor,
      ...(idempotencyKey && { idempotencyKey }),
    }) as Promise<Invoice>;

  async function openInvoice() {
    const id = (nextId += 1);
    await booked(id);
    await completed(recordOf(id, 'battery_installed', STANDARD.id));
    return issued(id);
  }

  it('in part, then the rest: partly paid, then paid, each payment kept and announced', async () => {
    const invoice = await openInvoice();
    const part = await pay(invoice.id, { method: 'cash', amountCents: 10_000 });
    expect(part).toMatchObject({ status: 'partially_paid', paidCents: 10_000 });
    const rest = await pay(invoice.id, {
      method: 'check',
      amountCents: 6_500,
      checkNumber: '1042',
    });
    expect(rest).toMatchObject({ status: 'paid', paidCents: 16_500 });
    expect(rest.payments.map((p) => [p.method, p.amountCents, p.checkNumber])).toEqual([
      ['cash', 10_000, null],
      ['check', 6_500, '1042'],
    ]);
    expect(await invoiceOf(invoice.appointmentId)).toEqual(rest);
    const events = await db.query<{ status: string }[]>(
      `SELECT payload->'invoice'->>'status' AS status FROM outbox
       WHERE type = 'billing.payment.recorded' AND (payload->'invoice'->>'id')::int = $1
       ORDER BY (payload->'invoice'->>'paidCents')::int`,
      [invoice.id],
    );
    expect(events.map((e) => e.status)).toEqual(['partially_paid', 'paid']);
  });

  it('is taken once per Idempotency-Key, and a key reused for another payment is refused', async () => {
    const invoice = await openInvoice();
    const key = `cash-${invoice.id}`;
    const first = await pay(invoice.id, { method: 'cash', amountCents: 5_000 }, tech, key);
    expect(await pay(invoice.id, { method: 'cash', amountCents: 5_000 }, tech, key)).toEqual(first);
    const reused = await refusal(pay(invoice.id, { method: 'cash', amountCents: 100 }, tech, key));
    expect(reused.body.code).toBe(ERROR_CODES.idempotencyKeyReused);
    expect((await invoiceOf(invoice.appointmentId)).paidCents).toBe(5_000);
  });

  it('is never more than is owed, nor taken for a paid invoice', async () => {
    const invoice = await openInvoice();
    const over = await refusal(pay(invoice.id, { method: 'cash', amountCents: 16_501 }));
    expect([over.body.code, over.body.message]).toEqual([
      ERROR_CODES.validation,
      'That is more than what is owed: $165.00.',
    ]);
    await pay(invoice.id, { method: 'cash', amountCents: 16_500 });
    const again = await refusal(pay(invoice.id, { method: 'cash', amountCents: 1 }));
    expect([again.body.code, again.body.message]).toEqual([
      ERROR_CODES.conflict,
      PAYMENT_MESSAGES.alreadyPaid,
    ]);
    expect((await invoiceOf(invoice.appointmentId)).payments).toHaveLength(1);
  });

  it('is taken by the office or the technician who did the job, not another', async () => {
    const invoice = await openInvoice();
    const refused = await refusal(pay(invoice.id, { method: 'cash', amountCents: 100 }, otherTech));
    expect([refused.body.code, refused.body.message]).toEqual([
      ERROR_CODES.forbidden,
      PAYMENT_MESSAGES.notYourJob,
    ]);
    expect(await pay(invoice.id, { method: 'cash', amountCents: 100 }, admin)).toMatchObject({
      paidCents: 100,
    });
    expect((await refusal(pay(999_999, { method: 'cash', amountCents: 100 }))).body.code).toBe(
      ERROR_CODES.notFound,
    );
  });

  it("for a job (the phone's outbox): waits for its invoice, 503 while it is not issued, 404 for no job", async () => {
    const forJob = (appointmentId: number) =>
      rpc.call('billing.payments.record-for-job', {
        appointmentId,
        payment: { method: 'cash', amountCents: 2_000, checkNumber: null },
        actor: tech,
      });
    const id = (nextId += 1);
    await booked(id);
    await eventually(
      async () =>
        (await db.query('SELECT 1 FROM billable_jobs WHERE appointment_id = $1', [id])).length > 0,
    );
    const early = await refusal(forJob(id));
    expect([early.status, early.body.message]).toEqual([503, PAYMENT_MESSAGES.notIssuedYet]);
    expect((await refusal(forJob(999_998))).status).toBe(404);
    // The completion lands while the payment waits for its invoice.
    const paying = forJob(id);
    await completed(recordOf(id, 'battery_installed', STANDARD.id));
    expect(await paying).toMatchObject({ appointmentId: id, paidCents: 2_000 });
  });

  it('reads a check without its number, cash with one, or no amount, as a technician is told', async () => {
    const invoice = await openInvoice();
    const fieldErrorsOf = async (payment: object) =>
      (await refusal(pay(invoice.id, payment))).body.fieldErrors;
    expect(await fieldErrorsOf({ method: 'check', amountCents: 100 })).toEqual({
      'payment.checkNumber': PAYMENT_MESSAGES.checkNumber,
    });
    expect(await fieldErrorsOf({ method: 'cash', amountCents: 100, checkNumber: '7' })).toEqual({
      'payment.checkNumber': PAYMENT_MESSAGES.notCheck,
    });
    expect(await fieldErrorsOf({ method: 'cash', amountCents: 0 })).toEqual({
      'payment.amountCents': PAYMENT_MESSAGES.amount,
    });
    expect((await invoiceOf(invoice.appointmentId)).paidCents).toBe(0);
  });
});

describe("the office's list", () => {
  const list = (query: object = {}) =>
    rpc.call('billing.invoices.list', query) as Promise<Invoice[]>;

  it('lists newest first, by state and by the days they were issued on, with their payments', async () => {
    const all = await list();
    expect(all.length).toBeGreaterThan(3);
    const issuedAt = all.map((i) => i.issuedAt);
    expect(issuedAt).toEqual([...issuedAt].sort().reverse());
    const partly = await list({ status: 'partially_paid' });
    expect(partly.length).toBeGreaterThan(0);
    expect(partly.every((i) => i.status === 'partially_paid' && i.payments.length > 0)).toBe(true);
    expect(
      partly.every((i) => i.paidCents === i.payments.reduce((s, p) => s + p.amountCents, 0)),
    ).toBe(true);
    // Every invoice here was issued on one day (Cincinnati): a range is counted in its days.
    expect(await list({ from: COMPLETED_ON, to: COMPLETED_ON })).toHaveLength(all.length);
    expect(await list({ from: addDays(COMPLETED_ON, 1) })).toEqual([]);
    expect(await list({ to: addDays(COMPLETED_ON, -1) })).toEqual([]);
  });
});

describe('a card payment', () => {
  const linkFor = (invoiceId: number, actor: Actor = tech) =>
    rpc.call('billing.payment-links.create', { invoiceId, actor });
  /** The customer presses Pay on the provider's page: it posts its signed webhook to billing. */
  const payOnPage = async (checkout: string) =>
    (await fetch(`${checkout}/pay`, { method: 'POST', redirect: 'manual' })).status;

  async function openInvoice() {
    const id = (nextId += 1);
    await booked(id);
    await completed(recordOf(id, 'battery_installed', STANDARD.id));
    return issued(id);
  }

  const outboxTypes = async (invoiceId: number) =>
    (
      await db.query<{ type: string }[]>(
        `SELECT type FROM outbox WHERE type LIKE 'billing.%'
           AND coalesce(payload->'invoice'->>'id', payload->>'invoiceId')::int = $1 ORDER BY seq`,
        [invoiceId],
      )
    ).map((row) => row.type);

  it('is asked for by a link for what is owed, paid on the provider page, and counted once', async () => {
    const invoice = await openInvoice();
    await rpc.call('billing.payments.record', {
      invoiceId: invoice.id,
      payment: { method: 'cash', amountCents: 6_500, checkNumber: null },
      actor: tech,
    });
    const link = await linkFor(invoice.id);
    expect(link.amountCents).toBe(10_000);
    expect(link.url).toMatch(/^http:\/\/localhost:\d+\/pay\/[\w-]{16}$/);
    const checkout = await checkoutOf(link.url);
    expect(checkout.startsWith(`${provider.url}/dev/checkout/cs_`)).toBe(true);
    // Asked again while it works: the same link, sent again.
    expect((await linkFor(invoice.id, admin)).url).toBe(link.url);

    expect(await payOnPage(checkout)).toBe(303);
    const paid = await invoiceOf(invoice.appointmentId);
    expect(paid).toMatchObject({ status: 'paid', paidCents: 16_500, flags: [] });
    expect(paid.payments.map((p) => [p.method, p.amountCents])).toEqual([
      ['cash', 6_500],
      ['card', 10_000],
    ]);
    // Stripe delivers at least once: the same event again changes nothing.
    expect(await payOnPage(checkout)).toBe(303);
    expect(await invoiceOf(invoice.appointmentId)).toEqual(paid);
    expect(await outboxTypes(invoice.id)).toEqual([
      'billing.invoice.issued',
      'billing.payment.recorded',
      'billing.payment-link.created',
      'billing.payment-link.created',
      'billing.payment.recorded',
    ]);
    // Nothing left to ask for; the link now leads to the customer's visit.
    expect((await refusal(linkFor(invoice.id))).body.code).toBe(ERROR_CODES.conflict);
    expect(await checkoutOf(link.url)).toBe('http://localhost:3000');
  });

  it('is refused without our signature, and nothing changes', async () => {
    const invoice = await openInvoice();
    const link = await linkFor(invoice.id);
    const sessionId = (await checkoutOf(link.url)).split('/').pop()!;
    const event = JSON.stringify(
      checkoutCompletedEvent(
        sessionId,
        {
          amount: link.amountCents,
          currency: 'usd',
          clientReferenceId: String(invoice.id),
          metadata: { invoiceId: String(invoice.id) },
          successUrl: provider.url,
          name: invoice.number,
          created: 0,
        },
        provider.url,
      ),
    );
    for (const signature of ['', 't=1,v1=00', stripeSignature(event, 'whsec_someone_else')]) {
      const refused = await refusal(webhook(event, signature));
      expect([refused.status, refused.body.code]).toEqual([400, ERROR_CODES.validation]);
    }
    // Signed over other bytes than those sent.
    const tampered = await refusal(
      webhook(
        event.replace('"usd"', '"eur"'),
        stripeSignature(event, provider.env.STRIPE_WEBHOOK_SECRET),
      ),
    );
    expect(tampered.status).toBe(400);
    expect(await invoiceOf(invoice.appointmentId)).toMatchObject({ status: 'open', paidCents: 0 });
  });

  it('of another amount or currency than the link asked is flagged for an admin, not counted', async () => {
    const invoice = await openInvoice();
    const link = await linkFor(invoice.id);
    const sessionId = (await checkoutOf(link.url)).split('/').pop()!;
    const paidAs = (amount: number, currency: string, id: string) => {
      const event = {
        ...checkoutCompletedEvent(
          sessionId,
          {
            amount,
            currency,
            clientReferenceId: String(invoice.id),
            metadata: { invoiceId: String(invoice.id) },
            successUrl: provider.url,
            name: invoice.number,
            created: 0,
          },
          provider.url,
        ),
        id,
      };
      const payload = JSON.stringify(event);
      return webhook(payload, stripeSignature(payload, provider.env.STRIPE_WEBHOOK_SECRET));
    };
    await paidAs(100, 'usd', `evt_less_${invoice.id}`);
    await paidAs(link.amountCents, 'eur', `evt_eur_${invoice.id}`);
    const flagged = await invoiceOf(invoice.appointmentId);
    expect(flagged).toMatchObject({ status: 'open', paidCents: 0, payments: [] });
    expect(flagged.flags.map((f) => f.reason)).toEqual([
      'A card payment of $1.00 does not match the $165.00 its link asked: not counted.',
      'A card payment of $165.00 came in EUR, not US dollars: not counted.',
    ]);
    expect(
      (await outboxTypes(invoice.id)).filter((t) => t === 'billing.payment.flagged'),
    ).toHaveLength(2);
  });
});

describe('a refund', () => {
  const refund = (invoiceId: number, body: object, idempotencyKey?: string) =>
    rpc.call('billing.refunds.record', {
      invoiceId,
      refund: body as never,
      actor: admin,
      ...(idempotencyKey && { idempotencyKey }),
    }) as Promise<Invoice>;

  async function paidByCard() {
    const id = (nextId += 1);
    await booked(id);
    await completed(recordOf(id, 'battery_installed', STANDARD.id));
    const invoice = await issued(id);
    const link = await rpc.call('billing.payment-links.create', {
      invoiceId: invoice.id,
      actor: tech,
    });
    await fetch(`${await checkoutOf(link.url)}/pay`, { method: 'POST', redirect: 'manual' });
    return invoiceOf(id);
  }

  it('gives back part of a card payment through the provider, then the rest: refunded', async () => {
    const invoice = await paidByCard();
    const card = invoice.payments[0];
    const part = await refund(invoice.id, {
      paymentId: card.id,
      amountCents: 2_000,
      reason: 'Late',
    });
    // A goodwill credit: nothing is owed again.
    expect(part).toMatchObject({ status: 'paid', paidCents: 14_500, refundedCents: 2_000 });
    expect(part.payments[1]).toMatchObject({
      method: 'card',
      amountCents: -2_000,
      refundOf: card.id,
      reason: 'Late',
    });
    const over = await refusal(
      refund(invoice.id, { paymentId: card.id, amountCents: 14_501, reason: 'x' }),
    );
    expect([over.body.code, over.body.message]).toEqual([
      ERROR_CODES.validation,
      REFUND_MESSAGES.moreThanPaid(14_500),
    ]);
    const rest = await refund(invoice.id, {
      paymentId: card.id,
      amountCents: 14_500,
      reason: 'Wrong battery',
    });
    expect(rest).toMatchObject({ status: 'refunded', paidCents: 0, refundedCents: 16_500 });
    const refunds = await db.query<{ provider_ref: string }[]>(
      'SELECT provider_ref FROM payments WHERE refund_of = $1',
      [card.id],
    );
    expect(refunds.map((r) => r.provider_ref.startsWith('re_'))).toEqual([true, true]);
    // A refunded invoice takes no more money.
    const again = await refusal(
      rpc.call('billing.payments.record', {
        invoiceId: invoice.id,
        payment: { method: 'cash', amountCents: 100, checkNumber: null },
        actor: admin,
      }),
    );
    expect(again.body.message).toBe(PAYMENT_MESSAGES.notOpen);
  });

  it('is taken once per key, and only of a payment of the invoice', async () => {
    const invoice = await paidByCard();
    const card = invoice.payments[0];
    const key = `refund-${invoice.id}`;
    const first = await refund(
      invoice.id,
      { paymentId: card.id, amountCents: 500, reason: 'Goodwill' },
      key,
    );
    expect(
      await refund(invoice.id, { paymentId: card.id, amountCents: 500, reason: 'Goodwill' }, key),
    ).toEqual(first);
    expect(first.payments).toHaveLength(2);
    const stranger = await refusal(
      refund(invoice.id, { paymentId: 999_999, amountCents: 1, reason: 'x' }),
    );
    expect(stranger.body.fieldErrors).toEqual({ paymentId: REFUND_MESSAGES.paymentNotFound });
  });
});

describe('the money report', () => {
  it('adds up: by day, by technician and by method as in all; what is owed as the invoices say', async () => {
    // Something of every kind in the range: an invoice part paid in cash, one paid by card and
    // part refunded (the tests above made more).
    const id = (nextId += 1);
    await booked(id);
    await completed(recordOf(id, 'battery_installed', AGM.id));
    const invoice = await issued(id);
    await rpc.call('billing.payments.record', {
      invoiceId: invoice.id,
      payment: { method: 'cash', amountCents: 1_000, checkNumber: null },
      actor: tech,
    });
    const today = businessDate();
    const from = COMPLETED_ON;
    const report = await rpc.call('billing.reports.money', { from, to: today });

    const sum = <T>(rows: T[], pick: (row: T) => number) =>
      rows.reduce((total, row) => total + pick(row), 0);
    const [{ invoiced, count }] = await db.query<{ invoiced: string; count: string }[]>(
      'SELECT sum(total_cents) AS invoiced, count(*) AS count FROM invoices',
    );
    const [{ collected }] = await db.query<{ collected: string }[]>(
      'SELECT sum(amount_cents) AS collected FROM payments',
    );
    expect(report.totals).toEqual({
      invoicedCents: Number(invoiced),
      collectedCents: Number(collected),
      invoices: Number(count),
    });
    expect(report.days.map((d) => d.date)[0]).toBe(from);
    expect(report.days.at(-1)!.date).toBe(today);
    expect(sum(report.days, (d) => d.invoicedCents)).toBe(Number(invoiced));
    expect(sum(report.technicians, (t) => t.invoicedCents)).toBe(Number(invoiced));
    expect(sum(report.technicians, (t) => t.collectedCents)).toBe(Number(collected));
    expect(sum(report.methods, (m) => m.receivedCents - m.refundedCents)).toBe(Number(collected));
    expect(report.methods.map((m) => m.method)).toEqual(['card', 'cash', 'check']);

    const owing = [
      ...(await rpc.call('billing.invoices.list', { status: 'open' })),
      ...(await rpc.call('billing.invoices.list', { status: 'partially_paid' })),
    ];
    expect(report.outstanding.count).toBe(owing.length);
    expect(report.outstanding.owedCents).toBe(
      sum(owing, (i) => i.totalCents - i.paidCents - i.refundedCents),
    );
    const listed = report.outstanding.invoices.find((i) => i.invoiceId === invoice.id)!;
    expect(listed).toMatchObject({ owedCents: invoice.totalCents - 1_000, totalCents: 21_000 });
    expect(listed.ageDays).toBe(Math.floor((Date.now() - COMPLETED_AT.getTime()) / 86_400_000));
    // Oldest first.
    const issuedAts = report.outstanding.invoices.map((i) => i.issuedAt);
    expect([...issuedAts].sort()).toEqual(issuedAts);
  });
});

describe('the price list', () => {
  const HOUSE = { installationCents: 4_000, coreChargeCents: 2_000, testOnlyCents: 0 };
  const changes = () =>
    db.query<{ payload: { previous: object; priceList: object } }[]>(
      "SELECT payload FROM outbox WHERE type = 'billing.price-list.changed' ORDER BY occurred_at",
    );
  afterAll(() => rpc.call('billing.price-list.update', { priceList: HOUSE, actor: admin }));

  it("prices new invoices, with each battery at its item's price; an issued invoice keeps its own", async () => {
    expect(await rpc.call('billing.price-list.get', {})).toMatchObject({
      ...HOUSE,
      updatedAt: null,
    });
    const before = (nextId += 1);
    await booked(before);
    await completed({
      ...recordOf(before, 'battery_installed', STANDARD.id),
      oldBatteryKept: true,
    });
    const issuedBefore = await issued(before);

    const repriced = { installationCents: 4_500, coreChargeCents: 2_500, testOnlyCents: 1_900 };
    const saved = await rpc.call('billing.price-list.update', {
      priceList: repriced,
      actor: admin,
    });
    expect(saved).toMatchObject(repriced);
    expect(Date.now() - Date.parse(saved.updatedAt!)).toBeLessThan(60_000);
    expect(await rpc.call('billing.price-list.get', {})).toEqual(saved);
    const priced = { id: 44, name: 'Group 24F Standard', price: 131.5 };
    await item(priced);
    await drained();

    const after = (nextId += 1);
    await booked(after);
    await completed({ ...recordOf(after, 'battery_installed', priced.id), oldBatteryKept: true });
    expect((await issued(after)).lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['battery', 13_150],
      ['installation', 4_500],
      ['core_charge', 2_500],
    ]);
    const test = (nextId += 1);
    await booked(test);
    await completed(recordOf(test, 'test_only', null));
    expect((await issued(test)).totalCents).toBe(1_900);
    // A price changed after a job was billed changes nothing of its invoice.
    await item({ ...priced, price: 150 });
    await drained();
    expect(await invoiceOf(before)).toEqual(issuedBefore);
    expect((await invoiceOf(after)).lines[0].amountCents).toBe(13_150);
  });

  it('announces each change with the list before it, and nothing for a save that changes nothing', async () => {
    const seen = (await changes()).length;
    const now = await rpc.call('billing.price-list.get', {});
    const { updatedAt: _, ...list } = now;
    expect(await rpc.call('billing.price-list.update', { priceList: list, actor: admin })).toEqual(
      now,
    );
    expect(await changes()).toHaveLength(seen);
    const next = { ...list, coreChargeCents: list.coreChargeCents + 100 };
    await rpc.call('billing.price-list.update', { priceList: next, actor: admin });
    const all = await changes();
    expect(all).toHaveLength(seen + 1);
    expect(all.at(-1)!.payload).toMatchObject({ previous: list, priceList: next });
  });
});
