import { Message, NOTIFY_MESSAGES, SERVICES, TRACKING_MESSAGES } from '@cincy/contracts';
import { eventually } from '@cincy/platform/testing';
import { ApiClient } from '@cincy/stack';
import { WholeStack, startWholeStack, statusOf } from './whole-stack';

// Messages to customers over the whole stack: no SMTP_URL nor SMS_URL, so notify sends every
// one to the development sink; quiet hours off, so a text's state does not hang on the hour the
// test runs at.

let stack: WholeStack;
let admin: ApiClient;
let seq = 0;

beforeAll(async () => {
  stack = await startWholeStack({ SMS_QUIET_HOURS: 'off' });
  admin = stack.admin;
}, 90_000);

afterAll(() => stack?.stop(), 60_000);

/** A visitor's ASAP booking with an email and a phone of its own; its link's token too. */
async function bookWithEmail() {
  seq += 1;
  const phone = `5135552${String(seq).padStart(3, '0')}`;
  const email = `customer${seq}@example.com`;
  const { customer, appointment } = await new ApiClient(stack.base).bookAsap({
    name: `Message Customer ${seq}`,
    phone,
    email,
  });
  const booked = appointment as { id: number; token: string; reference: string };
  await eventually(async () => (await admin.appointments()).some((a) => a.id === booked.id));
  return { ...booked, customerId: customer.id, phone, email };
}

const messagesOf = (id: number, client = admin) =>
  client.request<Message[]>('GET', `/api/appointments/${id}/messages`);

/** The receipt route's answer, as a browser downloads it. */
async function downloadReceipt(token: string) {
  const res = await fetch(`${stack.base}/api/track/${token}/receipt`);
  return {
    status: res.status,
    headers: res.headers,
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

describe('messages to customers through the gateway', () => {
  it('counts notify among the services the health route checks', async () => {
    expect(SERVICES).toContain('notify');
    const health = await admin.request<{ services: Record<string, string> }>('GET', '/api/health');
    expect(health).toEqual({
      status: 'ok',
      services: Object.fromEntries(SERVICES.map((service) => [service, 'ok'])),
    });
  });

  it('shows an admin the booking’s messages, sent to the development sink', async () => {
    const booked = await bookWithEmail();
    const messages = await eventually(async () => {
      const found = await messagesOf(booked.id);
      return found.length >= 2 && found.every((m) => m.state === 'sent') && found;
    });
    const received = messages.filter((m) => m.kind === 'received');
    expect(received.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    for (const message of received)
      expect(message).toMatchObject({
        appointmentId: booked.id,
        reference: booked.reference,
        state: 'sent',
        route: 'sink',
        lastError: null,
        sentAt: expect.any(String),
      });
    const email = received.find((m) => m.channel === 'email')!;
    expect(email.to).toBe(booked.email);
    expect(email.preview).toContain(booked.reference);
    // Staff never see the customer's private link in what was sent.
    expect(email.preview).not.toContain(booked.token);
    const sms = received.find((m) => m.channel === 'sms')!;
    expect(sms.to.replace(/\D/g, '')).toContain(booked.phone);

    // The Messages view has them among today's, and filters by state.
    const sent = await admin.request<Message[]>('GET', '/api/messages?state=sent');
    expect(sent.map((m) => m.id)).toEqual(expect.arrayContaining(received.map((m) => m.id)));
    expect(sent.every((m) => m.state === 'sent')).toBe(true);
    const failed = await admin.request<Message[]>('GET', '/api/messages?state=failed');
    expect(failed.some((m) => m.appointmentId === booked.id)).toBe(false);
    expect(await statusOf(admin.request('GET', '/api/messages?state=lost'))).toBe(400);
    expect(await statusOf(admin.request('GET', '/api/messages?date=today'))).toBe(400);

    // Only a failed message is sent again; an unknown one is not found.
    expect(await statusOf(admin.request('POST', `/api/messages/${email.id}/resend`))).toBe(409);
    expect(await statusOf(admin.request('POST', '/api/messages/999999/resend'))).toBe(404);
  }, 30_000);

  it('refuses a technician (403) and a visitor (401) every message route', async () => {
    const booked = await bookWithEmail();
    const { client: tech } = await stack.newUser('message-tech');
    const visitor = new ApiClient(stack.base);
    for (const [method, url] of [
      ['GET', `/api/appointments/${booked.id}/messages`],
      ['GET', '/api/messages'],
      ['POST', '/api/messages/1/resend'],
    ]) {
      expect([url, await statusOf(tech.request(method, url))]).toEqual([url, 403]);
      expect([url, await statusOf(visitor.request(method, url))]).toEqual([url, 401]);
    }
  }, 30_000);

  it('answers the receipt 404 before the visit is complete, and its PDF after', async () => {
    const booked = await bookWithEmail();
    const before = await downloadReceipt(booked.token);
    expect(before.status).toBe(404);
    expect(JSON.parse(before.bytes.toString())).toMatchObject({
      message: NOTIFY_MESSAGES.noReceipt,
    });
    // Not a link at all, and nobody's link: the tracking routes' 404.
    for (const token of ['not-a-link', 'A'.repeat(34)]) {
      const res = await downloadReceipt(token);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.bytes.toString())).toMatchObject({
        message: TRACKING_MESSAGES.notFound,
      });
    }

    const battery = await admin.request<{ id: number }>('POST', '/api/inventory', {
      name: 'H6 AGM Receipt',
      sku: 'AGM-H6-R',
      category: 'battery',
      quantity: 3,
      minQuantity: 1,
      unitCost: 150,
    });
    const { user, client: tech } = await stack.newUser('receipt-tech');
    for (const status of ['accepted', 'en_route', 'on_location'])
      await tech.request('PATCH', `/api/appointments/${booked.id}/status`, { status });
    await tech.request('POST', '/api/service-records', {
      appointmentId: booked.id,
      customerId: booked.customerId,
      serviceCode: 'battery installed',
      batterySerialNumber: 'SN-RECEIPT-1',
      vehicleMileage: '61000',
      inventoryItemId: battery.id,
      technicianId: user.id,
      technicianName: user.name,
    });

    const after = await eventually(async () => {
      const res = await downloadReceipt(booked.token);
      return res.status === 200 && res;
    });
    expect(after.headers.get('content-type')).toBe('application/pdf');
    expect(after.headers.get('content-disposition')).toMatch(
      /^attachment; filename="[A-Za-z0-9._-]+\.pdf"$/,
    );
    expect(after.headers.get('cache-control')).toBe('no-store');
    expect(after.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The completion email (the receipt) is among the job's messages.
    await eventually(async () =>
      (await messagesOf(booked.id)).some(
        (m) => m.kind === 'completed' && m.channel === 'email' && m.state === 'sent',
      ),
    );
  }, 60_000);

  it('opts the customer out from their visit’s page, by its link alone', async () => {
    const booked = await bookWithEmail();
    // Once notify has heard of the booking (its first messages are there).
    await eventually(async () => (await messagesOf(booked.id)).length > 0);
    const visitor = new ApiClient(stack.base);
    expect(await visitor.request('POST', `/api/track/${booked.token}/opt-out`)).toEqual({
      message: NOTIFY_MESSAGES.optedOut,
    });
    expect(await statusOf(visitor.request('POST', '/api/track/not-a-link/opt-out'))).toBe(404);
    expect(await statusOf(visitor.request('POST', `/api/track/${'A'.repeat(34)}/opt-out`))).toBe(
      404,
    );
  }, 30_000);
});
