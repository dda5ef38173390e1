import { randomBytes } from 'node:crypto';
import { ApiClient, login, startStack, Stack } from '@cincy/stack';
import { eventually } from '../src/board';
import { addTechnician } from '../src/office';
import { TestSmsProvider, TestSmtpServer } from '../src/message-providers';
import { businessNoonToday, publicStackEnv } from '../src/public-site';

// The customer's messages (issue 22), against a real SMTP server and a text provider in Twilio's
// shape, both in this test: a visit's received, assigned, on-the-way, arrived and completed
// messages arrive once each by email (the last with the PDF receipt) and by text (the provider
// refused the first attempt: it was retried); and notify killed while an email is in flight
// still delivers it exactly once after its restart.
describe('messages to the customer (notify, SMTP, a Twilio-shaped text provider)', () => {
  const secret = () => randomBytes(9).toString('base64url');
  const admin = { username: 'e2e-notify-admin', password: `E2e-${secret()}` };
  const technician = {
    username: 'e2e-notify-dana',
    password: `Tech-${secret()}`,
    name: 'Dana Reed',
  };
  const suffix = randomBytes(2).toString('hex');
  const smtp = new TestSmtpServer();
  const sms = new TestSmsProvider(1);
  const authToken = secret();

  let stack: Stack | undefined;
  let staff: ApiClient;
  let tech: ApiClient;
  let techId = 0;
  let batteryId = 0;

  beforeAll(async () => {
    await smtp.start();
    await sms.start();
    stack = await startStack({
      throwaway: { label: 'e2enotify' },
      admin,
      // A killed service is started again, as `npm start` does.
      supervise: true,
      serviceEnv: publicStackEnv(businessNoonToday(), {
        SMTP_URL: smtp.url,
        SMS_URL: sms.url,
        SMS_ACCOUNT_SID: 'ACe2e',
        SMS_AUTH_TOKEN: authToken,
        NOTIFY_RETRY_FIRST_MS: '300',
        NOTIFY_LEASE_MS: '3000',
        SMS_QUIET_HOURS: 'off',
      }),
    });
    staff = await login(stack.baseUrl, admin.username, admin.password);
    techId = (await addTechnician(staff, technician)).id;
    tech = await login(stack.baseUrl, technician.username, technician.password);
    batteryId = (
      await staff.request<{ id: number }>('POST', '/api/inventory', {
        name: 'AGM Group 48 H6',
        description: 'AGM battery',
        sku: `AGM48-${suffix}`,
        category: 'battery',
        quantity: 5,
        minQuantity: 1,
        unitCost: 129.99,
        notes: null,
      })
    ).id;
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    await sms.stop();
    await smtp.stop();
  }, 60_000);

  const book = (name: string, email: string, phone: string) =>
    new ApiClient(stack!.baseUrl).bookAsap({ name, phone, email });

  test('a visit: each step once by email and by text, the receipt attached', async () => {
    const email = `robin.${suffix}@example.com`;
    const { appointment, customer } = await book(`Robin Reed${suffix}`, email, '(513) 555-0161');
    const id = appointment.id;
    const received = await eventually(
      'the received email',
      async () => smtp.to(email),
      (mails) => mails.length >= 1,
    );
    expect(received[0].subject).toContain(String(appointment.reference));
    expect(received[0].text).toMatch(/\/track\/[A-Za-z0-9_-]{34}/);
    expect(received[0].html).toContain('/track/');

    await eventually(
      'dispatch knows Dana',
      () => tech.request('PATCH', `/api/appointments/${id}/status`, { status: 'accepted' }),
      () => true,
    );
    await tech.request('PUT', `/api/users/${techId}/location`, {
      latitude: 39.14,
      longitude: -84.48,
      accuracy: 10,
    });
    await tech.request('PATCH', `/api/appointments/${id}/status`, { status: 'en_route' });
    await tech.request('PATCH', `/api/appointments/${id}/status`, { status: 'on_location' });
    await tech.request('POST', '/api/service-records', {
      appointmentId: id,
      customerId: customer.id,
      serviceCode: 'battery_installed',
      batterySerialNumber: `SN-E2E-${suffix}`,
      previousBatterySerialNumber: null,
      vehicleYear: '2019',
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      vehicleColor: 'Blue',
      vehicleMileage: '48210',
      inventoryItemId: batteryId,
    });

    const mails = await eventually(
      'five emails, the last with the receipt',
      async () => smtp.to(email),
      (m) => m.length >= 5,
    );
    const subjects = mails.map((m) => m.subject ?? '');
    for (const step of [/received/i, /assigned/i, /on the way/i, /arrived/i, /complete/i]) {
      expect(subjects.filter((s) => step.test(s))).toHaveLength(1);
    }
    const completed = mails.find((m) => /complete/i.test(m.subject ?? ''))!;
    const pdf = completed.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf).toBeDefined();
    expect(pdf!.content.subarray(0, 4).toString()).toBe('%PDF');
    expect(completed.text).toContain(`SN-E2E-${suffix}`);
    expect(completed.text).toContain('On your invoice');

    // Texts: the provider refused the first attempt, every step still arrived once.
    const texts = await eventually(
      'five texts',
      async () => sms.to('+15135550161'),
      (t) => t.length >= 5,
    );
    expect(sms.attempts).toBeGreaterThan(texts.length);
    expect(texts.every((t) => t.body.endsWith('Reply STOP to opt out.'))).toBe(true);
    expect(texts[0].authorization).toBe(
      `Basic ${Buffer.from(`ACe2e:${authToken}`).toString('base64')}`,
    );

    // Staff see the same: ten messages, all sent, one text after a retry; and the invoice's
    // reminder by each channel, waiting its three days (the visit is not paid).
    const all = await staff.request<
      { kind: string; state: string; attempts: number; channel: string; nextAttemptAt: string }[]
    >('GET', `/api/appointments/${id}/messages`);
    // And the offer of a free test of the battery put in, by each channel, years ahead.
    const ahead = (kind: string, days: number) => {
      const queued = all.filter((m) => m.kind === kind);
      expect(queued.map((m) => [m.channel, m.state]).sort()).toEqual([
        ['email', 'queued'],
        ['sms', 'queued'],
      ]);
      for (const m of queued)
        expect(Date.parse(m.nextAttemptAt)).toBeGreaterThan(Date.now() + days * 86_400_000);
    };
    ahead('payment_reminder', 2.9);
    ahead('test_offer', 3 * 365 - 1);
    const seen = all.filter((m) => m.kind !== 'payment_reminder' && m.kind !== 'test_offer');
    expect(seen).toHaveLength(10);
    expect(seen.every((m) => m.state === 'sent')).toBe(true);
    expect(seen.some((m) => m.channel === 'sms' && m.attempts === 2)).toBe(true);
    // Nothing more arrives later: once per step and channel.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(smtp.to(email)).toHaveLength(5);
    expect(sms.to('+15135550161')).toHaveLength(5);
  }, 120_000);

  test('notify killed while an email is in flight: it arrives once after the restart', async () => {
    const email = `casey.${suffix}@example.com`;
    const held = smtp.holdNextMessage();
    await book(`Casey Reed${suffix}`, email, '(513) 555-0162');
    const answer = await held;
    // The SMTP server holds the DATA reply; notify dies before it hears 250, and the message
    // is dropped: it was never delivered.
    process.kill(stack!.pids().notify, 'SIGKILL');
    answer(false);
    await eventually(
      'the received email, after notify came back and its lease ended',
      async () => smtp.to(email),
      (mails) => mails.length >= 1,
      30_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n--- recent service output ---\n${stack?.recentOutput()}`);
    });
    await eventually(
      'its text',
      async () => sms.to('+15135550162'),
      (t) => t.length >= 1,
      30_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(smtp.to(email)).toHaveLength(1);
    expect(sms.to('+15135550162')).toHaveLength(1);
  }, 90_000);
});
